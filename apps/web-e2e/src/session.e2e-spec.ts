import type { Browser, Page } from 'playwright-core';
import { launch, openSession, signIn, type Session } from './browser.js';

type Storage = { localStorage: { getItem(k: string): string | null; setItem(k: string, v: string): void } };

// The session rules in a real browser: a rejected access token is refreshed once and the request
// retried; two tabs that need a refresh at the same moment use the refresh token only once (the
// server would revoke the whole session if a rotated token were used twice).
describe('session in the browser', () => {
  let browser: Browser;
  let s: Session;
  let refreshes = 0;
  /** Start and end of every refresh call, to prove they never overlap. */
  const spans: { start: number; end: number; status: number }[] = [];

  beforeAll(async () => {
    browser = await launch();
    s = await openSession(browser, { width: 1280, height: 900 }, 'session');
    const started = new Map<unknown, number>();
    s.context.on('request', (r) => {
      if (r.url().endsWith('/api/auth/refresh') && r.method() === 'POST') {
        started.set(r, Date.now());
      }
    });
    s.context.on('response', (r) => {
      if (r.url().endsWith('/api/auth/refresh') && r.request().method() === 'POST') {
        refreshes += 1;
        spans.push({ start: started.get(r.request()) ?? 0, end: Date.now(), status: r.status() });
      }
    });
    await s.page.goto('/login');
    await signIn(s.page);
    await s.page.waitForURL((url) => url.pathname === '/dashboard');
    await s.page.getByText('Most Recent').waitFor();
  });

  afterAll(async () => {
    await s?.close();
    await browser?.close();
  });

  const set = (page: Page, key: string, value: string) =>
    page.evaluate(([k, v]) => (globalThis as unknown as Storage).localStorage.setItem(k, v), [key, value] as const);
  const get = (page: Page, key: string) => page.evaluate((k) => (globalThis as unknown as Storage).localStorage.getItem(k), key);

  it('refreshes once after a 401 and retries with the new token', async () => {
    refreshes = 0;
    await set(s.page, 'wrenchlog.token', 'not-a-valid-token');
    const listed = s.page.waitForResponse((r) => r.url().endsWith('/api/machines/all') && r.status() === 200);
    await s.page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Machines' }).click();
    await s.page.getByRole('heading', { name: 'Browse Machines' }).waitFor();
    await listed;
    expect(await s.page.getByText('Failed to load machines').count()).toBe(0);
    expect(refreshes).toBe(1);
    expect(await get(s.page, 'wrenchlog.token')).not.toBe('not-a-valid-token');
    // The browser logs the rejected request itself; nothing else may fail.
    expect(s.errors.filter((e) => !e.includes('401'))).toEqual([]);
    s.errors.length = 0;
  });

  // Local storage reaches a freshly loading tab with a delay, so the second tab may refresh again
  // instead of adopting; what must hold is that refreshes never overlap (never the same refresh
  // token twice) and the session survives.
  it('never lets two tabs refresh at the same time, and the session survives', async () => {
    const second = await s.context.newPage();
    await second.goto('/machines');
    await second.getByRole('heading', { name: 'Browse Machines' }).waitFor();
    refreshes = 0;
    spans.length = 0;
    // Both tabs find an expired token when they start.
    await set(s.page, 'wrenchlog.expiry', String(Date.now() - 1000));
    await Promise.all([s.page.reload(), second.reload()]);
    await Promise.all([s.page.getByRole('heading', { name: 'Browse Machines' }).waitFor(), second.getByRole('heading', { name: 'Browse Machines' }).waitFor()]);
    expect(refreshes).toBeGreaterThanOrEqual(1);
    expect(spans.every((x) => x.status === 200)).toBe(true);
    for (let i = 1; i < spans.length; i++) {
      expect(spans[i].start).toBeGreaterThanOrEqual(spans[i - 1].end - 5);
    }
    expect(new URL(second.url()).pathname).toBe('/machines');
    // The session is still alive for both: a later refresh works (no revoked family).
    const before = refreshes;
    await set(second, 'wrenchlog.expiry', String(Date.now() - 1000));
    await second.reload();
    await second.getByRole('heading', { name: 'Browse Machines' }).waitFor();
    expect(refreshes).toBeGreaterThan(before);
    expect(spans.at(-1)?.status).toBe(200);
    await second.close();
    expect(s.errors).toEqual([]);
  });

  it('signs every tab out when one logs out', async () => {
    const second = await s.context.newPage();
    await second.goto('/dashboard');
    await second.getByText('Most Recent').waitFor();
    await s.page.getByRole('button', { name: 'Logout' }).click();
    await s.page.waitForURL((url) => url.pathname === '/login');
    await second.waitForURL((url) => url.pathname === '/login');
    await second.close();
  });
});
