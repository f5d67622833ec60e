// The access token is a JWT the gateway verifies; the app reads one claim of it only to notice
// that another tab switched account, never to decide what the user may do.

/** The account an access token is for (its `acc` claim), undefined when it cannot be read. */
export function tokenAccount(token: string): number | undefined {
  try {
    const part = token.split('.')[1] ?? '';
    const claims = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as { acc?: unknown };
    return typeof claims.acc === 'number' ? claims.acc : undefined;
  } catch {
    return undefined;
  }
}
