import { jest } from '@jest/globals';
import { ApiClient } from '../../api/client';
import { refreshDelay, SessionManager, STORAGE_KEYS, type SessionDeps, type SessionMessage } from './session';

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A session on a fake clock with manual timers; `fetch` is the only thing that talks outward. */
function setup(url = '/dashboard') {
  let now = 1_000_000;
  const timers: { fn: () => void; at: number; id: number }[] = [];
  let nextId = 1;
  const navigations: string[] = [];
  const fetch = jest.fn<typeof globalThis.fetch>();
  const storage = window.localStorage;
  const log = { error: jest.fn(), warn: jest.fn() };
  const deps: SessionDeps = {
    fetch,
    storage,
    now: () => now,
    setTimer: (fn, ms) => {
      const id = nextId++;
      timers.push({ fn, at: now + ms, id });
      return id;
    },
    clearTimer: (id) => {
      const i = timers.findIndex((t) => t.id === id);
      if (i >= 0) {
        timers.splice(i, 1);
      }
    },
    currentUrl: () => url,
    navigate: (to) => navigations.push(to),
    log,
  };
  const session = new SessionManager(deps);
  const api = new ApiClient(session, fetch);
  session.setUserLoader(() => api.get('/api/user/me', { silent: true }));
  return {
    session,
    api,
    fetch,
    log,
    navigations,
    timers,
    advance: async (ms: number) => {
      now += ms;
      for (const t of [...timers].sort((a, b) => a.at - b.at)) {
        if (t.at <= now) {
          timers.splice(timers.indexOf(t), 1);
          t.fn();
        }
      }
      await new Promise((r) => setTimeout(r, 0));
    },
    now: () => now,
  };
}

/** A session at /machines on the real clock, with timers that never fire; `deps` adds to or replaces what it is given. */
function sessionAtMachines(fetch: typeof globalThis.fetch, deps: Partial<SessionDeps> = {}) {
  return new SessionManager({
    fetch,
    storage: localStorage,
    now: () => Date.now(),
    setTimer: () => 1,
    clearTimer: () => undefined,
    currentUrl: () => '/machines',
    navigate: () => undefined,
    log: { error: jest.fn(), warn: jest.fn() },
    ...deps,
  });
}

beforeEach(() => localStorage.clear());

describe('refreshDelay', () => {
  it('is 75 % of the time left before expiry', () => {
    expect(refreshDelay(1_000 + 60_000, 1_000)).toBe(45_000);
    expect(refreshDelay(900_000, 0)).toBe(675_000);
  });

  it('is never less than one second', () => {
    expect(refreshDelay(1_500, 1_000)).toBe(1_000);
    expect(refreshDelay(0, 5_000)).toBe(1_000);
  });
});

describe('SessionManager', () => {
  it('stores token, expiry and type on login and schedules the refresh at 75 % of the lifetime', async () => {
    const t = setup();
    t.fetch.mockImplementation(async (input) => {
      if (input === '/api/auth/login') {
        return jsonResponse({ accessToken: 'A1', expiresIn: 60_000, type: 'Bearer' });
      }
      return jsonResponse({ id: 1, name: 'Pat', username: 'pat@example.com', adminLevel: 0 });
    });
    await t.session.login('pat@example.com', 'secret');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('A1');
    expect(localStorage.getItem(STORAGE_KEYS.expiry)).toBe(String(t.now() + 60_000));
    expect(localStorage.getItem(STORAGE_KEYS.type)).toBe('Bearer');
    expect(t.timers).toHaveLength(1);
    expect(t.timers[0].at - t.now()).toBe(45_000);
    expect(t.session.getSnapshot()).toMatchObject({ status: 'authenticated', user: { name: 'Pat' } });
    const [, init] = t.fetch.mock.calls[0];
    expect(JSON.parse(String(init?.body))).toEqual({ username: 'pat@example.com', password: 'secret' });
  });

  it('refreshes when the timer fires and reschedules from the new lifetime', async () => {
    const t = setup();
    t.fetch
      .mockResolvedValueOnce(jsonResponse({ accessToken: 'A1', expiresIn: 60_000, type: 'Bearer' }))
      .mockResolvedValueOnce(jsonResponse({ id: 1, name: 'P', username: 'p', adminLevel: 0 }));
    await t.session.login('p', 'x');
    t.fetch.mockResolvedValueOnce(jsonResponse({ accessToken: 'A2', expiresIn: 10_000, type: 'Bearer' }));
    await t.advance(44_999);
    expect(t.fetch).toHaveBeenCalledTimes(2);
    await t.advance(1);
    expect(t.fetch.mock.calls[2][0]).toBe('/api/auth/refresh');
    expect(t.fetch.mock.calls[2][1]).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('A2');
    expect(t.timers[0].at - t.now()).toBe(7_500);
  });

  it('schedules a nearly expired token one second out, not sooner', async () => {
    const t = setup('/pricing');
    localStorage.setItem(STORAGE_KEYS.token, 'A1');
    localStorage.setItem(STORAGE_KEYS.expiry, String(t.now() + 400));
    t.fetch.mockResolvedValue(jsonResponse({ id: 1, name: 'P', username: 'p', adminLevel: 0 }));
    await t.session.start('/pricing');
    expect(t.timers[0].at - t.now()).toBe(1_000);
  });

  it('logs out to /login?redirect=<here> when the timed refresh fails', async () => {
    const t = setup('/machines/4?tab=parts');
    localStorage.setItem(STORAGE_KEYS.token, 'A1');
    localStorage.setItem(STORAGE_KEYS.expiry, String(t.now() + 60_000));
    t.fetch.mockImplementation(async (input) => {
      if (input === '/api/user/me') {
        return jsonResponse({ id: 1, name: 'P', username: 'p', adminLevel: 0 });
      }
      if (input === '/api/auth/refresh') {
        return jsonResponse({ statusCode: 401, code: 'UNAUTHORIZED', message: 'no' }, 401);
      }
      return new Response('Logged out', { status: 200 });
    });
    await t.session.start('/machines/4?tab=parts');
    await t.advance(45_000);
    expect(t.navigations).toEqual(['/login?redirect=%2Fmachines%2F4%3Ftab%3Dparts']);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(t.session.getSnapshot()).toEqual({ status: 'anonymous', user: null });
    expect(t.timers).toHaveLength(0);
    expect(t.fetch.mock.calls.map((c) => c[0])).toContain('/api/auth/logout');
  });

  it('on a 401 refreshes once and retries every queued request with the new token', async () => {
    const t = setup();
    localStorage.setItem(STORAGE_KEYS.token, 'OLD');
    localStorage.setItem(STORAGE_KEYS.expiry, String(t.now() + 60_000));
    localStorage.setItem(STORAGE_KEYS.type, 'Bearer');
    let releaseRefresh: () => void = () => undefined;
    t.fetch.mockImplementation(async (input, init) => {
      const auth = new Headers(init?.headers).get('authorization');
      if (input === '/api/auth/refresh') {
        await new Promise<void>((r) => (releaseRefresh = r));
        return jsonResponse({ accessToken: 'NEW', expiresIn: 60_000, type: 'Bearer' });
      }
      if (auth === 'Bearer OLD') {
        return jsonResponse({ statusCode: 401, code: 'UNAUTHORIZED', message: 'expired' }, 401);
      }
      return jsonResponse({ path: input, auth });
    });
    const calls = Promise.all([t.api.get('/api/machines/all'), t.api.get('/api/machines/recentlyserviced'), t.api.get('/api/machines/?machineId=3')]);
    await new Promise((r) => setTimeout(r, 10));
    releaseRefresh();
    const results = await calls;
    expect(results).toEqual([
      { path: '/api/machines/all', auth: 'Bearer NEW' },
      { path: '/api/machines/recentlyserviced', auth: 'Bearer NEW' },
      { path: '/api/machines/?machineId=3', auth: 'Bearer NEW' },
    ]);
    expect(t.fetch.mock.calls.filter((c) => c[0] === '/api/auth/refresh')).toHaveLength(1);
    expect(t.navigations).toEqual([]);
  });

  it('logs out with the earlier URL when the refresh after a 401 fails', async () => {
    const t = setup('/machines');
    localStorage.setItem(STORAGE_KEYS.token, 'OLD');
    localStorage.setItem(STORAGE_KEYS.expiry, String(t.now() + 60_000));
    t.fetch.mockImplementation(async (input) => {
      if (input === '/api/auth/logout') {
        return new Response('Logged out');
      }
      return jsonResponse({ statusCode: 401, code: 'UNAUTHORIZED', message: 'no' }, 401);
    });
    await expect(t.api.get('/api/machines/all')).rejects.toMatchObject({ status: 401 });
    expect(t.navigations).toEqual(['/login?redirect=%2Fmachines']);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('logs out the same way on a 401 from an auth URL', async () => {
    const t = setup('/settings');
    localStorage.setItem(STORAGE_KEYS.token, 'A1');
    localStorage.setItem(STORAGE_KEYS.expiry, String(t.now() + 60_000));
    t.fetch.mockImplementation(async () => jsonResponse({ statusCode: 401 }, 401));
    await t.api.raw('/api/auth/refresh', { method: 'POST' });
    expect(t.navigations).toEqual(['/login?redirect=%2Fsettings']);
  });

  it('sends no token on the public calls', async () => {
    const t = setup();
    localStorage.setItem(STORAGE_KEYS.token, 'A1');
    localStorage.setItem(STORAGE_KEYS.expiry, String(t.now() + 60_000));
    t.fetch.mockImplementation(async () => jsonResponse({ value: 'abc' }));
    await t.api.get('/api/root/githash');
    await t.api.get('/api/user/me');
    expect(new Headers(t.fetch.mock.calls[0][1]?.headers).get('authorization')).toBeNull();
    expect(new Headers(t.fetch.mock.calls[1][1]?.headers).get('authorization')).toBe('Bearer A1');
    expect(t.fetch.mock.calls[1][1]).toMatchObject({ credentials: 'include' });
  });

  it('adopts the token another tab stored instead of refreshing again', async () => {
    const t = setup();
    localStorage.setItem(STORAGE_KEYS.token, 'OLD');
    localStorage.setItem(STORAGE_KEYS.expiry, String(t.now() + 60_000));
    // Another tab rotated the refresh token and stored the new access token meanwhile.
    localStorage.setItem(STORAGE_KEYS.token, 'FROM-OTHER-TAB');
    const token = await t.session.refresh('OLD');
    expect(token).toBe('FROM-OTHER-TAB');
    expect(t.fetch).not.toHaveBeenCalled();
  });

  it('serialises refreshes through the Web Locks API when it exists', async () => {
    const t = setup();
    const request = jest.fn(async (_name: string, _opts: unknown, fn: () => Promise<unknown>) => fn());
    (t.session as unknown as { deps: SessionDeps }).deps.locks = { request } as unknown as LockManager;
    t.fetch.mockResolvedValue(jsonResponse({ accessToken: 'N', expiresIn: 60_000, type: 'Bearer' }));
    await t.session.refresh(null);
    expect(request).toHaveBeenCalledWith('wrenchlog.refresh', { mode: 'exclusive' }, expect.any(Function));
  });

  describe('start-up check', () => {
    it('starts at once on a public path without asking the server', async () => {
      const t = setup('/login');
      await t.session.start('/login?returnUrl=%2Fdashboard');
      expect(t.fetch).not.toHaveBeenCalled();
      expect(t.session.getSnapshot().status).toBe('anonymous');
    });

    it('calls GET /api/user/me first on a protected path', async () => {
      const t = setup('/dashboard');
      localStorage.setItem(STORAGE_KEYS.token, 'A1');
      localStorage.setItem(STORAGE_KEYS.expiry, String(t.now() + 60_000));
      t.fetch.mockResolvedValue(jsonResponse({ id: 1, name: 'Pat', username: 'pat', adminLevel: 1 }));
      await t.session.start('/dashboard');
      expect(t.fetch.mock.calls[0][0]).toBe('/api/user/me');
      expect(t.session.getSnapshot()).toMatchObject({ status: 'authenticated', user: { adminLevel: 1 } });
    });

    it('starts signed out, logging only, when the check fails', async () => {
      const t = setup('/dashboard');
      localStorage.setItem(STORAGE_KEYS.token, 'A1');
      localStorage.setItem(STORAGE_KEYS.expiry, String(t.now() + 60_000));
      t.fetch.mockResolvedValue(jsonResponse({ statusCode: 503, code: 'UNAVAILABLE', message: 'down' }, 503));
      await t.session.start('/dashboard');
      expect(t.session.getSnapshot()).toEqual({ status: 'anonymous', user: null });
      expect(t.log.error).toHaveBeenCalled();
      expect(t.navigations).toEqual([]);
      expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    });

    it('refreshes an expired stored token before the check', async () => {
      const t = setup('/dashboard');
      localStorage.setItem(STORAGE_KEYS.token, 'OLD');
      localStorage.setItem(STORAGE_KEYS.expiry, String(t.now() - 1));
      t.fetch.mockImplementation(async (input) =>
        input === '/api/auth/refresh'
          ? jsonResponse({ accessToken: 'NEW', expiresIn: 60_000, type: 'Bearer' })
          : jsonResponse({ id: 1, name: 'P', username: 'p', adminLevel: 0 }),
      );
      await t.session.start('/dashboard');
      expect(t.fetch.mock.calls.map((c) => c[0])).toEqual(['/api/auth/refresh', '/api/user/me']);
      expect(t.session.getSnapshot().status).toBe('authenticated');
    });

    it('clears an expired token whose refresh fails', async () => {
      const t = setup('/dashboard');
      localStorage.setItem(STORAGE_KEYS.token, 'OLD');
      localStorage.setItem(STORAGE_KEYS.expiry, String(t.now() - 1));
      t.fetch.mockResolvedValue(jsonResponse({ statusCode: 401 }, 401));
      await t.session.start('/dashboard');
      expect(t.session.getSnapshot().status).toBe('anonymous');
      expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    });
  });

  it('logout clears storage, stops the timer, clears the user, goes to /login and calls the server', async () => {
    const t = setup();
    t.fetch
      .mockResolvedValueOnce(jsonResponse({ accessToken: 'A1', expiresIn: 60_000, type: 'Bearer' }))
      .mockResolvedValueOnce(jsonResponse({ id: 1, name: 'P', username: 'p', adminLevel: 0 }));
    await t.session.login('p', 'x');
    t.fetch.mockResolvedValueOnce(new Response('Logged out'));
    await t.session.logout();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(t.timers).toHaveLength(0);
    // Marked deliberate, so the route guard adds no return address; the next sign-in clears the mark.
    expect(t.session.getSnapshot()).toEqual({ status: 'anonymous', user: null, loggedOut: true });
    expect(t.navigations).toEqual(['/login']);
    expect(t.fetch.mock.calls.at(-1)?.[0]).toBe('/api/auth/logout');
  });
});

describe('SessionManager across tabs', () => {
  it('adopts a token another tab stored and signs out when another tab logs out', async () => {
    let listener: ((e: StorageEvent) => void) | null = null;
    const navigations: string[] = [];
    const fetch = jest.fn<typeof globalThis.fetch>(async () => jsonResponse({ id: 1, name: 'P', username: 'p', adminLevel: 0 }));
    const session = sessionAtMachines(fetch, {
      navigate: (to) => navigations.push(to),
      onStorage: (l) => {
        listener = l;
        return () => (listener = null);
      },
    });
    await session.start('/machines');
    expect(session.getSnapshot().status).toBe('anonymous');
    localStorage.setItem(STORAGE_KEYS.expiry, String(Date.now() + 60_000));
    localStorage.setItem(STORAGE_KEYS.token, 'FROM-OTHER-TAB');
    listener!(new StorageEvent('storage', { key: STORAGE_KEYS.token, newValue: 'FROM-OTHER-TAB' }));
    expect(session.getSnapshot().status).toBe('authenticated');
    localStorage.removeItem(STORAGE_KEYS.token);
    listener!(new StorageEvent('storage', { key: STORAGE_KEYS.token, newValue: null }));
    expect(session.getSnapshot().status).toBe('anonymous');
    expect(navigations).toEqual(['/login']);
    session.dispose();
    expect(listener).toBeNull();
  });
});

describe('SessionManager refresh sharing', () => {
  it('adopts the token another tab announced while this tab waited for the lock, even when storage lags', async () => {
    let listener: ((m: SessionMessage) => void) | null = null;
    const posted: SessionMessage[] = [];
    const fetch = jest.fn<typeof globalThis.fetch>(async () => jsonResponse({ accessToken: 'MINE', expiresIn: 60_000, type: 'Bearer' }));
    localStorage.setItem(STORAGE_KEYS.token, 'OLD');
    localStorage.setItem(STORAGE_KEYS.expiry, String(Date.now() + 60_000));
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    // Another tab holds the lock; this tab gets it once that tab is done.
    const locks = {
      request: jest.fn(async (_name: string, opts: { ifAvailable?: boolean }, fn: (lock: unknown) => Promise<unknown>) => {
        if (opts.ifAvailable) {
          return fn(null);
        }
        await held;
        return fn({});
      }),
    } as unknown as LockManager;
    const session = sessionAtMachines(fetch, {
      locks,
      channel: {
        post: (m) => posted.push(m),
        subscribe: (l) => {
          listener = l;
          return () => (listener = null);
        },
      },
    });
    await session.start('/machines');
    const refreshed = session.refresh('OLD');
    // The other tab finishes: its message arrives, its storage writes have not (yet).
    listener!({ kind: 'refreshed', session: { token: 'THEIRS', expiresAt: Date.now() + 60_000, type: 'Bearer' } });
    release();
    await expect(refreshed).resolves.toBe('THEIRS');
    expect(fetch).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('THEIRS');
    expect(posted).toEqual([]);
  });

  it('announces its own refresh to the other tabs', async () => {
    const posted: SessionMessage[] = [];
    const fetch = jest.fn<typeof globalThis.fetch>(async () => jsonResponse({ accessToken: 'NEW', expiresIn: 60_000, type: 'Bearer' }));
    const session = sessionAtMachines(fetch, {
      now: () => 1_000,
      channel: { post: (m) => posted.push(m), subscribe: () => () => undefined },
    });
    await session.refresh(null);
    expect(posted).toEqual([{ kind: 'refreshed', session: { token: 'NEW', expiresAt: 61_000, type: 'Bearer' } }]);
  });
});
