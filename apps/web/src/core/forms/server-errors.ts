/**
 * The server's field messages of a refused request (a 4xx body's `errors: [{field, message}]`),
 * the first per field, so a form shows each under its input.
 */
export function serverFieldErrors(err: unknown): Record<string, string> {
  const e = err as { status?: number; body?: { errors?: unknown } | null } | null;
  if (!e || typeof e.status !== 'number' || e.status < 400 || e.status >= 500 || !Array.isArray(e.body?.errors)) {
    return {};
  }
  const out: Record<string, string> = {};
  for (const item of e.body.errors as { field?: unknown; message?: unknown }[]) {
    if (typeof item?.field === 'string' && typeof item.message === 'string' && !(item.field in out)) {
      out[item.field] = item.message;
    }
  }
  return out;
}

/** The messages of `fields` that no input of the form shows (for the banner above it). */
export function unplacedMessages(fields: Record<string, string>, placed: readonly string[]): string[] {
  return Object.entries(fields)
    .filter(([field]) => !placed.includes(field))
    .map(([, message]) => message);
}
