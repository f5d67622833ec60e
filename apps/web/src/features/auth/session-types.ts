import type { CurrentUser } from '@wrenchlog/contracts';
import type { StoredSession } from './stored-session';

// What the session is made of and what it needs from the browser (injected, so tests give their own).

export type SessionStatus = 'unknown' | 'authenticated' | 'anonymous';

export interface SessionSnapshot {
  status: SessionStatus;
  user: CurrentUser | null;
  /** Set by a deliberate logout: the route guard then sends to plain /login, with no return address. */
  loggedOut?: boolean;
}

/** What a tab tells the others right after it refreshed (before it lets go of the refresh lock). */
export interface SessionMessage {
  kind: 'refreshed';
  session: StoredSession;
}

export interface SessionDeps {
  fetch: typeof fetch;
  storage: Storage;
  now: () => number;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
  /** Path, query and hash of the page the user is on. */
  currentUrl: () => string;
  navigate: (to: string) => void;
  locks?: LockManager;
  log: Pick<Console, 'error' | 'warn'>;
  /** Subscribes to other tabs' storage writes; answers an unsubscribe. */
  onStorage?: (listener: (e: StorageEvent) => void) => () => void;
  /**
   * A message channel between the tabs (BroadcastChannel). Local storage reaches other tabs
   * asynchronously, key by key, so a tab that waited for the refresh lock may still read the old
   * token; the message carries the new one whole.
   */
  channel?: { post: (m: SessionMessage) => void; subscribe: (listener: (m: SessionMessage) => void) => () => void };
}
