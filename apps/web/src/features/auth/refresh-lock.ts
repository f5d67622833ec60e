// Refreshes are serialised across tabs: the server revokes the whole session when a rotated
// refresh token is used twice.

const LOCK_NAME = 'wrenchlog.refresh';
const FALLBACK_LOCK_KEY = 'wrenchlog.refresh-lock';

export interface LockDeps {
  locks?: LockManager;
  storage: Storage;
  now: () => number;
}

/**
 * Runs `fn` while holding the cross-tab refresh lock (Web Locks, else a local-storage lease);
 * `fn` learns whether another tab held the lock first.
 */
export async function withRefreshLock<T>(deps: LockDeps, fn: (waited: boolean) => Promise<T>): Promise<T> {
  const { locks } = deps;
  if (locks) {
    const first = (await locks.request(LOCK_NAME, { mode: 'exclusive', ifAvailable: true }, async (lock) => (lock ? { value: await fn(false) } : null))) as {
      value: T;
    } | null;
    if (first) {
      return first.value;
    }
    return locks.request(LOCK_NAME, { mode: 'exclusive' }, () => fn(true)) as Promise<T>;
  }
  const { storage, now } = deps;
  const me = `${now()}-${Math.random().toString(36).slice(2)}`;
  const deadline = now() + 10_000;
  let waited = false;
  for (;;) {
    const held = storage.getItem(FALLBACK_LOCK_KEY);
    const until = held ? Number(held.split('|')[1]) : 0;
    if (!held || until < now() || now() > deadline) {
      storage.setItem(FALLBACK_LOCK_KEY, `${me}|${now() + 10_000}`);
      if (storage.getItem(FALLBACK_LOCK_KEY)?.startsWith(`${me}|`)) {
        break;
      }
    }
    waited = true;
    await new Promise((r) => setTimeout(r, 50));
  }
  try {
    return await fn(waited);
  } finally {
    if (storage.getItem(FALLBACK_LOCK_KEY)?.startsWith(`${me}|`)) {
      storage.removeItem(FALLBACK_LOCK_KEY);
    }
  }
}
