/** Retry delays of the mail queue: 2 s doubling per attempt, capped at one hour. A message is never dropped. */
export const MAIL_MAX_BACKOFF_MS = 60 * 60 * 1000;

export function mailBackoffMs(attempts: number): number {
  return Math.min(MAIL_MAX_BACKOFF_MS, 2000 * 2 ** Math.min(Math.max(attempts - 1, 0), 20));
}

/** How long a claimed message is reserved for the sender that claimed it (another replica skips it). */
export const MAIL_CLAIM_MS = 2 * 60 * 1000;
