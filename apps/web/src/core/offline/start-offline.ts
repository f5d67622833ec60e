import type { SessionManager } from '../../features/auth/session';
import type { ApiClient } from '../../api/client';
import { Outbox, type Owner } from './outbox';
import { idbQueueStore } from './queue-store';

// Loaded after the first render (main.tsx). It imports nothing the first page loads (the owner of
// the session comes as a function), so the bundler leaves the first page's chunks as they were.

/** How often waiting writes are tried again while the browser says it is online. */
const RETRY_MS = 30_000;

/** The outbox of this device, or null where IndexedDB is missing (jsdom, very old browsers). */
function createOutbox(api: ApiClient, owner: () => Owner | null): Outbox | null {
  if (typeof indexedDB === 'undefined') {
    return null;
  }
  const locks = typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : undefined;
  const outbox = new Outbox({
    store: idbQueueStore(),
    send: (write) =>
      api.raw(write.path, {
        method: write.method,
        body: JSON.stringify(write.body),
        headers: { 'content-type': 'application/json', 'idempotency-key': write.key },
      }),
    owner,
    exclusive: locks ? (fn) => locks.request('wrenchlog.outbox', fn) : undefined,
  });
  api.useOutbox(outbox);
  return outbox;
}

/**
 * Sends what waits when it can: at start, when the connection returns, when a member signs in (only
 * their own writes: Outbox checks), every 30 s while some wait, and when another tab changed the queue.
 */
function startOutbox(outbox: Outbox, session: SessionManager, owner: () => Owner | null): void {
  const flush = () => {
    if (navigator.onLine && session.isAuthenticated) {
      void outbox.flush();
    }
  };
  void outbox.load().then(flush);
  window.addEventListener('online', flush);
  let who: string | null = null;
  session.subscribe(() => {
    const signedIn = owner();
    const now = signedIn ? `${signedIn.accountId}.${signedIn.userId}` : null;
    if (now !== who) {
      who = now;
      flush();
    }
  });
  window.setInterval(() => {
    if (outbox.getSnapshot().writes.some((w) => w.state === 'waiting')) {
      flush();
    }
  }, RETRY_MS);
  if (typeof BroadcastChannel !== 'undefined') {
    // Another tab's queue changes reach this tab's view.
    const channel = new BroadcastChannel('wrenchlog.outbox');
    let echo = false;
    channel.addEventListener('message', () => {
      echo = true;
      void outbox.load().finally(() => (echo = false));
    });
    outbox.subscribe(() => {
      if (!echo) {
        channel.postMessage('changed');
      }
    });
  }
}

/** The outbox, handed to the API client, and its triggers; null without IndexedDB. */
export function startOffline(api: ApiClient, session: SessionManager, owner: () => Owner | null): Outbox | null {
  const outbox = createOutbox(api, owner);
  if (outbox) {
    startOutbox(outbox, session, owner);
  }
  return outbox;
}
