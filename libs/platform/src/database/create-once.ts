/**
 * A create that a retried call (same idempotency key) must not repeat. Runs `create` straight
 * away: every create carries a key (the web's, or the gateway's for a request without one), and
 * looking it up first cost every create one more round trip for the rare retry
 * (docs/performance.md, fix 18). When `create` fails
 * (the unique (user, idempotency key) index refuses the retry's row, or it lost the race to the
 * same create at the same moment, or the retry is no longer valid), answers what `earlier` finds
 * (null when there is no key or nothing yet); any failure with nothing earlier is thrown as it is.
 * `create` must make its rows in one transaction, so a refused retry leaves nothing behind.
 */
export async function createOnce<T>(earlier: () => Promise<T | null>, create: () => Promise<T>): Promise<T> {
  try {
    return await create();
  } catch (err) {
    const found = await earlier();
    if (found) {
      return found;
    }
    throw err;
  }
}
