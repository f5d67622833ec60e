import type { CurrentUser } from '@wrenchlog/contracts';
import { ApiClient } from '../api/client';
import { SessionManager, type SessionDeps, type SessionMessage } from '../features/auth/session';

export interface AppServices {
  session: SessionManager;
  api: ApiClient;
  /** Where non-React code sends the user (set to the router's navigate once it exists). */
  setNavigate(fn: (to: string) => void): void;
}

function broadcastChannel(name: string): SessionDeps['channel'] {
  const channel = new BroadcastChannel(name);
  return {
    post: (m) => channel.postMessage(m),
    subscribe: (listener) => {
      const handler = (e: MessageEvent) => listener(e.data as SessionMessage);
      channel.addEventListener('message', handler);
      return () => channel.removeEventListener('message', handler);
    },
  };
}

export function createAppServices(overrides: Partial<SessionDeps> = {}): AppServices {
  let navigateImpl: (to: string) => void = (to) => window.location.assign(to);
  const session = new SessionManager({
    fetch: (...args) => globalThis.fetch(...args),
    storage: window.localStorage,
    now: () => Date.now(),
    setTimer: (fn, ms) => window.setTimeout(fn, ms),
    clearTimer: (handle) => window.clearTimeout(handle as number),
    currentUrl: () => `${window.location.pathname}${window.location.search}${window.location.hash}`,
    navigate: (to) => navigateImpl(to),
    locks: typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : undefined,
    log: console,
    onStorage: (listener) => {
      window.addEventListener('storage', listener);
      return () => window.removeEventListener('storage', listener);
    },
    channel: typeof BroadcastChannel === 'undefined' ? undefined : broadcastChannel('wrenchlog.session'),
    ...overrides,
  });
  const api = new ApiClient(session);
  session.setUserLoader(() => api.get<CurrentUser>('/api/user/me', { silent: true }));
  return {
    session,
    api,
    setNavigate(fn) {
      navigateImpl = fn;
    },
  };
}
