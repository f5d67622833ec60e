import { ApiClient, createApprovedUser, e2eProducts, postFrom } from '@wrenchlog/testing';

describe.each(e2eProducts())('page analytics (%s)', (_mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  let admin: string;
  const page = `/pricing-${Date.now()}`;

  beforeAll(async () => {
    admin = await api.loginAsAdmin();
  });

  it('records a page view without a token, with the caller address and server time, not the ones sent', async () => {
    const before = Date.now();
    const res = await api.post('/api/analytics/pageview', {
      id: 424242,
      page,
      referrer: 'https://search.example/?q=tracker',
      userAgent: 'Mozilla/5.0 (jest)',
      ipAddress: '203.0.113.9',
      timestamp: '2001-01-01T00:00:00Z',
      country: 'Atlantis',
    });

    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      page,
      referrer: 'https://search.example/?q=tracker',
      userAgent: 'Mozilla/5.0 (jest)',
      ipAddress: '127.0.0.1',
      timestamp: expect.stringMatching(/Z$/),
      country: 'Local',
    });
    expect(res.body.id).not.toBe(424242);
    expect(new Date(res.body.timestamp).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('answers views of one page, newest first, limited to count', async () => {
    await api.post('/api/analytics/pageview', { page, referrer: '', userAgent: 'second' });
    await api.post('/api/analytics/pageview', { page, referrer: '', userAgent: 'third' });

    const res = await api.get(`/api/analytics/pageviews/by-page?page=${encodeURIComponent(page)}&count=2`, admin);

    expect(res.status).toBe(200);
    expect(res.body.map((v: { userAgent: string }) => v.userAgent)).toEqual(['third', 'second']);
    expect(res.body.every((v: { page: string }) => v.page === page)).toBe(true);
    expect(Object.keys(res.body[0]).sort()).toEqual(['country', 'id', 'ipAddress', 'page', 'referrer', 'timestamp', 'userAgent']);
  });

  it("defaults by-page to the page '/' and answers the most recent views across all pages", async () => {
    await api.post('/api/analytics/pageview', { page: '/', referrer: null, userAgent: 'home' });

    const home = await api.get('/api/analytics/pageviews/by-page', admin);
    const recent = await api.get('/api/analytics/pageviews/recent?count=3', admin);
    const recentDefault = await api.get('/api/analytics/pageviews/recent', admin);

    expect(home.status).toBe(200);
    expect(home.body.length).toBeGreaterThan(0);
    expect(home.body.every((v: { page: string }) => v.page === '/')).toBe(true);
    expect(recent.body).toHaveLength(3);
    expect(recent.body[0]).toMatchObject({ page: '/', userAgent: 'home' });
    expect(recentDefault.body.length).toBeLessThanOrEqual(100);
  });

  it('answers the views of the last minutes', async () => {
    const res = await api.get('/api/analytics/pageviews/since/minutes/5', admin);
    const bad = await api.get('/api/analytics/pageviews/since/minutes/abc', admin);

    expect(res.status).toBe(200);
    expect(res.body.some((v: { page: string }) => v.page === page)).toBe(true);
    const cutoff = Date.now() - 5 * 60 * 1000 - 5000;
    expect(res.body.every((v: { timestamp: string }) => new Date(v.timestamp).getTime() >= cutoff)).toBe(true);
    expect(bad.status).toBe(400);
  });

  it('answers the daily counts as an array', async () => {
    const res = await api.get('/api/analytics/pageviews/daily?days=7', admin);

    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
  });

  it('refuses every analytics read to a non-admin with 403 and to a caller without a token with 401', async () => {
    const user = await createApprovedUser(api);
    for (const path of [
      '/api/analytics/pageviews/by-page',
      '/api/analytics/pageviews/recent',
      '/api/analytics/pageviews/since/minutes/60',
      '/api/analytics/pageviews/daily',
    ]) {
      expect({ path, status: (await api.get(path, user.token)).status }).toEqual({ path, status: 403 });
      expect({ path, status: (await api.get(path)).status }).toEqual({ path, status: 401 });
    }
  });

  it('answers 400 for a page view without a page', async () => {
    const res = await api.post('/api/analytics/pageview', { referrer: 'x' });

    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'page', message: 'Page is required' }]);
  });

  it('refuses an oversized page view with 413 before reading it', async () => {
    const res = await api.post('/api/analytics/pageview', { page: '/', referrer: 'x'.repeat(20000) });

    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'A page view must be at most 8192 bytes.' });
  });

  it('limits page views per address with 429 and Retry-After', async () => {
    const from = `127.0.${1 + Math.floor(Math.random() * 250)}.${2 + Math.floor(Math.random() * 250)}`;
    let limited: Awaited<ReturnType<typeof postFrom>> | undefined;
    for (let i = 0; i < 500 && !limited; i++) {
      const res = await postFrom(from, `${baseUrl}/api/analytics/pageview`, { page: '/flood', referrer: '', userAgent: 'flood' });
      if (res.status === 429) {
        limited = res;
      } else {
        expect(res.status).toBe(201);
        expect(res.body.ipAddress).toBe(from);
      }
    }

    expect(limited).toBeDefined();
    expect(limited!.body).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many page views from this address\. Try again in \d+ seconds\.$/),
    });
    expect(Number(limited!.retryAfter)).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await api.post('/api/analytics/pageview', { page: '/after-flood' })).status).toBe(201);
  });
});
