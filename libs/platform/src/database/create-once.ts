/**
 * A create that a retried call (same idempotency key) must not repeat: answers what `earlier` finds
 * (null when there is no key or nothing yet), else runs `create`. When `create` fails because the
 * same create won the (user, idempotency key) unique index at the same moment, answers that one;
 * any other failure is thrown as it is.
 */
export async function createOnce<T>(earlier: () => Promise<T | null>, create: () => Promise<T>): Promise<T> {
  const found = await earlier();
  if (found) {
    return found;
  }
  try {
    return await create();
  } catch (err) {
    const raced = await earlier();
    if (raced) {
      return raced;
    }
    throw err;
  }
}
