import type { CurrentUser, HttpErrorBody, LoginResponse } from '@wrenchlog/contracts';
import { isPublicPath } from '../../lib/public-paths';
import { tokenAccount } from './token-claims';
import { forgetOfflineAnswers } from '../../core/offline/api-cache-rules';
import { withRefreshLock } from './refresh-lock';
import { clearStored, DEFAULT_TOKEN_TYPE, readStored, STORAGE_KEYS, writeStored, type StoredSession } from './stored-session';
import type { SessionDeps, SessionSnapshot } from './session-types';

export { DEFAULT_TOKEN_TYPE, STORAGE_KEYS, type StoredSession } from './stored-session';
export type { SessionDeps, SessionMessage, SessionSnapshot, SessionStatus } from './session-types';

const MIN_REFRESH_DELAY_MS = 1000;
const MAX_TIMER_MS = 2_147_483_647;
/** Offline: how often an expired session is tried again (the app works from the device meanwhile). */
const OFFLINE_RETRY_MS = 30_000;

/** How long a tab that waited for the refresh lock waits for the other tab's token to reach it. */
const ADOPT_WAIT_MS = 400;

/** When to refresh: at 75 % of the time left before expiry, never sooner than 1 s. */
export function refreshDelay(expiresAt: number, now: number): number {
  return Math.min(MAX_TIMER_MS, Math.max(MIN_REFRESH_DELAY_MS, Math.floor((expiresAt - now) * 0.75)));
}

export class LoginError extends Error {
  constructor(
    readonly status: number,
    readonly body: Partial<HttpErrorBody> | null,
  ) {
    super(body?.message ?? `Login failed with status ${status}`);
  }
}

/**
 * The session of the spec (doc 1 section 4): tokens in local storage, a refresh timer at 75 % of
 * the lifetime, one shared refresh for every request that met a 401, and logout. Refreshes are
 * serialised across tabs (the server revokes the whole session when a rotated refresh token is
 * used twice), and a tab adopts the token another tab obtained instead of refreshing again.
 */
export class SessionManager {
  private snapshot: SessionSnapshot = { status: 'unknown', user: null };
  private readonly listeners = new Set<() => void>();
  private timer: unknown = null;
  private inflight: Promise<string | null> | null = null;
  private userLoader: (() => Promise<CurrentUser>) | null = null;
  private unsubscribeStorage: (() => void) | null = null;
  private unsubscribeChannel: (() => void) | null = null;
  /** The newest session another tab announced. */
  private announced: StoredSession | null = null;
  /** The last refresh never reached the server (offline, issue 34): the session is kept, not ended. */
  private unreachable = false;

  constructor(private readonly deps: SessionDeps) {}

  // --- state for React (useSyncExternalStore) ---

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): SessionSnapshot => this.snapshot;

  private set(next: Partial<SessionSnapshot>): void {
    const { loggedOut: _, ...kept } = this.snapshot;
    // A sign-in ends what a deliberate logout marked.
    this.snapshot = { ...(next.status === 'authenticated' ? kept : this.snapshot), ...next };
    this.listeners.forEach((l) => l());
  }

  /** Whether the last refresh failed for want of a connection (the session stays, to be refreshed once online). */
  get refreshUnreachable(): boolean {
    return this.unreachable;
  }

  get isAuthenticated(): boolean {
    return this.snapshot.status === 'authenticated';
  }

  /** How the current user is loaded (GET /api/user/me through the API client). */
  setUserLoader(loader: () => Promise<CurrentUser>): void {
    this.userLoader = loader;
  }

  // --- storage ---

  read(): StoredSession | null {
    return readStored(this.deps.storage);
  }

  /** The Authorization header value, or null when signed out. */
  authorization(): { token: string; header: string } | null {
    const stored = this.read();
    return stored ? { token: stored.token, header: `${stored.type} ${stored.token}` } : null;
  }

  private store(reply: LoginResponse): StoredSession {
    return this.write({
      token: reply.accessToken,
      expiresAt: this.deps.now() + Number(reply.expiresIn),
      type: reply.type || DEFAULT_TOKEN_TYPE,
    });
  }

  private write(stored: StoredSession): StoredSession {
    return writeStored(this.deps.storage, stored);
  }

  private clearStorage(): void {
    clearStored(this.deps.storage);
  }

  // --- timer ---

  private schedule(stored: StoredSession): void {
    this.stopTimer();
    const delay = refreshDelay(stored.expiresAt, this.deps.now());
    this.timer = this.deps.setTimer(() => {
      this.timer = null;
      void this.refresh(stored.token).then((token) => {
        if (!token && this.unreachable) {
          // Offline: the stored session is kept and the refresh tried again later.
          this.retryRefresh();
        } else if (!token) {
          this.forceLogout();
        }
      });
    }, delay);
  }

  private retryRefresh(): void {
    const stored = this.read();
    if (stored) {
      this.stopTimer();
      this.timer = this.deps.setTimer(() => {
        this.timer = null;
        void this.refresh(stored.token).then((token) => {
          if (!token && this.unreachable) {
            this.retryRefresh();
          } else if (!token) {
            this.forceLogout();
          }
        });
      }, OFFLINE_RETRY_MS);
    }
  }

  private stopTimer(): void {
    if (this.timer !== null) {
      this.deps.clearTimer(this.timer);
      this.timer = null;
    }
  }

  // --- start-up ---

  /**
   * Restores the session from storage and runs the start-up check (doc 2 section 6): on a public
   * path the app starts at once; otherwise GET /api/user/me must succeed first, and when it fails
   * the error is logged and the app starts signed out.
   */
  async start(url: string): Promise<void> {
    if (!this.unsubscribeStorage && this.deps.onStorage) {
      this.unsubscribeStorage = this.deps.onStorage(this.handleStorage);
    }
    if (!this.unsubscribeChannel && this.deps.channel) {
      this.unsubscribeChannel = this.deps.channel.subscribe((m) => {
        if (m?.kind === 'refreshed' && (!this.announced || m.session.expiresAt > this.announced.expiresAt)) {
          this.announced = m.session;
        }
      });
    }
    const stored = this.read();
    if (!stored) {
      this.set({ status: 'anonymous', user: null });
      return;
    }
    if (stored.expiresAt <= this.deps.now()) {
      const token = await this.refresh(stored.token);
      if (!token && this.unreachable) {
        // Offline (issue 34): start with the stored session; the screens read from the device.
        this.retryRefresh();
      } else if (!token) {
        this.clearLocal();
        return;
      }
    } else {
      this.schedule(stored);
    }
    this.set({ status: 'authenticated' });
    if (isPublicPath(url)) {
      void this.loadUser();
      return;
    }
    try {
      await this.loadUser(true);
    } catch (err) {
      if (err instanceof TypeError) {
        // No connection and no stored answer: stay signed in (what waits on the device stays theirs).
        this.deps.log.warn('Start-up authentication check could not reach the server; starting offline.');
        return;
      }
      this.deps.log.error('Start-up authentication check failed; starting signed out.', err);
      this.clearLocal();
    }
  }

  /** Loads the current user; errors are logged only unless `rethrow`. */
  async loadUser(rethrow = false): Promise<CurrentUser | null> {
    if (!this.userLoader) {
      return null;
    }
    try {
      const user = await this.userLoader();
      if (this.isAuthenticated) {
        this.set({ user });
      }
      return user;
    } catch (err) {
      if (rethrow) {
        throw err;
      }
      this.deps.log.error('Failed to load the current user', err);
      return null;
    }
  }

  // --- login, refresh, logout ---

  async login(username: string, password: string): Promise<void> {
    const res = await this.deps.fetch('/api/auth/login', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as Partial<HttpErrorBody> | null;
      throw new LoginError(res.status, body);
    }
    await this.signedIn((await res.json()) as LoginResponse, true);
  }

  /**
   * Starts the session a sign-in body grants (login, switching account, an accepted invitation):
   * stores the token, schedules its refresh, reads the user (and their role) again. `fresh` forgets
   * the previous user at once (another person may be signing in).
   */
  async signedIn(reply: LoginResponse, fresh = false): Promise<void> {
    this.schedule(this.store(reply));
    this.set(fresh ? { status: 'authenticated', user: null } : { status: 'authenticated' });
    await this.loadUser();
  }

  /**
   * Gets a fresh access token. Every caller during one refresh shares it (the queue of requests
   * that met a 401). `staleToken` is the token the caller found wanting: when storage already holds
   * another valid token (another tab refreshed), that one is adopted without a call.
   */
  refresh(staleToken: string | null): Promise<string | null> {
    if (!this.inflight) {
      this.inflight = withRefreshLock(this.deps, (waited) => this.refreshNow(staleToken, waited)).finally(() => {
        this.inflight = null;
      });
    }
    return this.inflight;
  }

  /** A valid session other than the one holding `staleToken`, from another tab's message or from storage. */
  private newerThan(staleToken: string | null): StoredSession | null {
    const minimum = this.deps.now() + MIN_REFRESH_DELAY_MS;
    const candidates = [this.announced, this.read()].filter((c): c is StoredSession => !!c && c.token !== staleToken && c.expiresAt > minimum);
    return candidates.sort((a, b) => b.expiresAt - a.expiresAt)[0] ?? null;
  }

  private adopt(session: StoredSession): string {
    if (this.read()?.token !== session.token) {
      this.write(session);
    }
    this.schedule(session);
    if (this.snapshot.status !== 'authenticated') {
      this.set({ status: 'authenticated' });
    }
    return session.token;
  }

  private async refreshNow(staleToken: string | null, waited: boolean): Promise<string | null> {
    let newer = this.newerThan(staleToken);
    if (!newer && waited) {
      // Another tab held the lock, most likely refreshing: give its token a moment to arrive.
      for (let waitedMs = 0; !newer && waitedMs < ADOPT_WAIT_MS; waitedMs += 25) {
        await new Promise((r) => setTimeout(r, 25));
        newer = this.newerThan(staleToken);
      }
    }
    if (newer) {
      return this.adopt(newer);
    }
    try {
      let res: Response;
      try {
        res = await this.deps.fetch('/api/auth/refresh', { method: 'POST', credentials: 'include', headers: { accept: 'application/json' } });
      } catch (err) {
        this.unreachable = true;
        this.deps.log.warn('Session refresh could not reach the server', err);
        return null;
      }
      this.unreachable = false;
      if (!res.ok) {
        this.deps.log.warn(`Session refresh failed with status ${res.status}`);
        return null;
      }
      const stored = this.store((await res.json()) as LoginResponse);
      this.deps.channel?.post({ kind: 'refreshed', session: stored });
      this.schedule(stored);
      if (this.snapshot.status !== 'authenticated') {
        this.set({ status: 'authenticated' });
      }
      return stored.token;
    } catch (err) {
      this.deps.log.error('Session refresh failed', err);
      return null;
    }
  }

  /** Signs out here without a server call or navigation (start-up failure, other tab signed out). */
  clearLocal(): void {
    this.stopTimer();
    this.clearStorage();
    this.set({ status: 'anonymous', user: null });
  }

  /** The user's logout: clears storage, stops the timer, clears the user, goes to /login, tells the server. */
  async logout(redirect?: string): Promise<void> {
    this.clearLocal();
    if (!redirect) {
      this.set({ loggedOut: true });
      forgetOfflineAnswers();
    }
    this.deps.navigate(redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login');
    try {
      await this.deps.fetch('/api/auth/logout', { method: 'POST', credentials: 'include' });
    } catch (err) {
      this.deps.log.error('Logout call failed', err);
    }
  }

  /** The session ended under the user (refresh failed, 401 on an auth call): log out, come back here after sign-in. */
  forceLogout(): void {
    if (this.snapshot.status === 'anonymous' && !this.read()) {
      return;
    }
    const here = this.deps.currentUrl();
    if (isPublicPath(here)) {
      this.clearLocal();
      return;
    }
    void this.logout(here);
  }

  private handleStorage = (e: StorageEvent): void => {
    if (e.key !== STORAGE_KEYS.token && e.key !== null) {
      return;
    }
    const stored = this.read();
    if (!stored) {
      if (this.snapshot.status === 'authenticated') {
        // Signed out in another tab.
        this.clearLocal();
        if (!isPublicPath(this.deps.currentUrl())) {
          this.deps.navigate('/login');
        }
      }
      return;
    }
    this.schedule(stored);
    if (this.snapshot.status !== 'authenticated') {
      this.set({ status: 'authenticated' });
      void this.loadUser();
    } else if (this.snapshot.user && (tokenAccount(stored.token) ?? this.snapshot.user.accountId) !== this.snapshot.user.accountId) {
      // Another tab switched account (issue 32): this one follows with the new account's user and role.
      void this.loadUser();
    }
  };

  dispose(): void {
    this.stopTimer();
    this.unsubscribeStorage?.();
    this.unsubscribeStorage = null;
    this.unsubscribeChannel?.();
    this.unsubscribeChannel = null;
  }
}
