// The routes anyone may open (spec doc 2 section 2); everything else needs a signed-in user.
export const PUBLIC_PATHS = [
  '/landing',
  '/login',
  // Issue 18: the set-password links of the approval and reset emails, and asking for one.
  '/forgot-password',
  '/set-password',
  '/signup',
  '/signup-success',
  '/roadmap',
  '/replacespreadsheets',
  '/about',
  '/pricing',
  '/contact-sales',
  '/platinumAccountRequest',
  // Issue 32: an invitation's link opens signed in or not.
  '/invitations',
] as const;

/**
 * The start-up rule: a listed path exactly, or followed by '/' or '?'. The empty route ('' or
 * '/') is public only by itself (or with a query), otherwise every path would match it.
 */
export function isPublicPath(url: string): boolean {
  const path = url.split('#')[0];
  if (path === '' || path === '/' || path.startsWith('/?')) {
    return true;
  }
  return PUBLIC_PATHS.some((p) => path === p || path.startsWith(`${p}/`) || path.startsWith(`${p}?`));
}

/** A post-login target from returnUrl/redirect: same-origin paths only, never back to /login. */
export function safeReturnTarget(raw: string | null | undefined): string | null {
  if (!raw) {
    return null;
  }
  const target = raw.trim();
  // '//host' and '/\host' are protocol-relative: another origin.
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return null;
  }
  if (target === '/login' || target.startsWith('/login?') || target.startsWith('/login/')) {
    return null;
  }
  return target;
}
