import type { SessionManager } from '../../features/auth/session';
import type { ApiClient } from '../../api/client';
import { tokenOwner } from './api-cache-rules';
import { Outbox } from './outbox';
import { idbQueueStore } from './queue-store';

/** How often waiting writes are tried again while the browser says it is online. */
const RETRY_MS = 30_000;

/** The outbox of this device, or null where IndexedDB is missing (jsdom, very old browsers). */
export function createOutbox(api: ApiClient, session: SessionManager): Outbox | null {
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
    owner: () => tokenOwner(session.authorization()?.token),
    exclusive: locks ? (fn) => locks.request('wrenchlog.outbox', fn) : undefined,
  });
  api.useOutbox(outbox);
  return outbox;
}

/**
 * Sends what waits when it can: at start, when the connection returns, when a member signs in (only
 * their own writes: Outbox checks), every 30 s while some wait, and when another tab changed the queue.
 */
export function startOutbox(outbox: Outbox, session: SessionManager): void {
  const flush = () => {
    if (navigator.onLine && session.isAuthenticated) {
      void outbox.flush();
    }
  };
  void outbox.load().then(flush);
  window.addEventListener('online', flush);
  let who: string | null = null;
  session.subscribe(() => {
    const owner = tokenOwner(session.authorization()?.token);
    const now = owner ? `${owner.accountId}.${owner.userId}` : null;
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
