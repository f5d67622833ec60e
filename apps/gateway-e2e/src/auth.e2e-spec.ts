import { ApiClient, e2eProducts, TEST_ADMIN } from '@wrenchlog/testing';

describe.each(e2eProducts())('auth and session (%s)', (_mode, baseUrl) => {
  let api: ApiClient;

  beforeEach(() => {
    api = new ApiClient(baseUrl);
  });

  it('signs in and answers the token, its lifetime in ms and its type, with a locked-down refresh cookie', async () => {
    const res = await api.post('/api/auth/login', { username: TEST_ADMIN.username, password: TEST_ADMIN.password });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ accessToken: expect.any(String), expiresIn: 900000, type: 'Bearer' });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('wl_refresh='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\/api\/auth/i);
  });

  it('accepts the email in any letter case', async () => {
    await expect(api.login(TEST_ADMIN.username.toUpperCase(), TEST_ADMIN.password)).resolves.toEqual(expect.any(String));
  });

  it('refuses a wrong password and an unknown account alike with 401', async () => {
    const wrong = await api.post('/api/auth/login', { username: TEST_ADMIN.username, password: 'not-the-password' });
    const unknown = await api.post('/api/auth/login', { username: 'nobody@wrenchlog.test', password: 'whatever-1' });

    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ statusCode: 401, code: 'UNAUTHORIZED', message: 'Invalid email or password', correlationId: expect.any(String) });
    expect(unknown.body.message).toBe(wrong.body.message);
  });

  it('answers 400 with the field messages when the login form is incomplete', async () => {
    const res = await api.post('/api/auth/login', { username: '' });

    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION');
    expect(res.body.message).toBe('Username is required; Password is required');
    expect(res.body.errors).toEqual([
      { field: 'username', message: 'Username is required' },
      { field: 'password', message: 'Password is required' },
    ]);
  });

  it('answers who is signed in, without any password or hash', async () => {
    const token = await api.loginAsAdmin();
    const res = await api.get('/api/user/me', token);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: 'Administrator',
      username: TEST_ADMIN.username,
      adminLevel: 1,
      accountId: expect.any(Number),
      role: 'owner',
    });
  });

  it('refuses a protected call without a token, and with a tampered one', async () => {
    const token = await api.loginAsAdmin();
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: '999' })).toString('base64url')}.${signature}`;

    const none = await api.get('/api/user/me');
    const tampered = await api.get('/api/user/me', forged);
    const garbage = await api.get('/api/user/me', 'not-a-jwt');

    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED', correlationId: expect.any(String) });
    expect(tampered.status).toBe(401);
    expect(garbage.status).toBe(401);
  });

  it('rotates the refresh cookie on every refresh', async () => {
    await api.loginAsAdmin();
    const first = api.refreshCookie;

    const res = await api.post('/api/auth/refresh');

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ accessToken: expect.any(String), expiresIn: 900000, type: 'Bearer' });
    expect(api.refreshCookie).toBeDefined();
    expect(api.refreshCookie).not.toBe(first);
    expect((await api.get('/api/user/me', res.body.accessToken)).status).toBe(200);
  });

  it('revokes the whole family when a rotated refresh token is used again', async () => {
    await api.loginAsAdmin();
    const stolen = api.refreshCookie!;
    expect((await api.post('/api/auth/refresh')).status).toBe(200);
    const current = api.refreshCookie!;

    const replay = await api.request('POST', '/api/auth/refresh', { headers: { cookie: stolen } });
    const afterReplay = await api.request('POST', '/api/auth/refresh', { headers: { cookie: current } });

    expect(replay.status).toBe(401);
    expect(afterReplay.status).toBe(401);
  });

  it('refuses a refresh without a cookie', async () => {
    const res = await api.post('/api/auth/refresh');

    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHORIZED');
  });

  it('logs out with a text reply and the refresh token stops working', async () => {
    await api.loginAsAdmin();
    const cookie = api.refreshCookie!;

    const res = await api.post('/api/auth/logout');
    const refresh = await api.request('POST', '/api/auth/refresh', { headers: { cookie } });

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.text).toBe('Logged out');
    expect(refresh.status).toBe(401);
  });

  it('locks an account with 429 and Retry-After after too many failed sign-ins, before checking the password', async () => {
    const username = `locked-${Date.now()}@wrenchlog.test`;
    for (let i = 0; i < 10; i++) {
      expect((await api.post('/api/auth/login', { username, password: 'wrong-password' })).status).toBe(401);
    }

    const res = await api.post('/api/auth/login', { username, password: 'wrong-password' });

    expect(res.status).toBe(429);
    expect(res.body.code).toBe('RATE_LIMITED');
    expect(res.body.message).toMatch(/^Too many failed sign-in attempts for this account\. Try again in \d+ seconds\.$/);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe.each(e2eProducts())('root calls, health and web serving (%s)', (_mode, baseUrl) => {
  const api = new ApiClient(baseUrl);

  it('answers the short git hash of the build', async () => {
    const res = await api.get('/api/root/githash');

    expect(res.status).toBe(200);
    expect(res.body.value).toMatch(/^([0-9a-f]{4,12}|unknown)$/);
  });

  it('greets and takes an unsecured post without a token, and a secure post only with one', async () => {
    const token = await api.loginAsAdmin();
    const text = (t?: string) => api.request('POST', '/api/root/securepost', { raw: 'hello', token: t, headers: { 'content-type': 'text/plain' } });

    expect((await api.get('/api/root/greeting')).text).toBe('Hello from Wrenchlog');
    expect((await api.request('POST', '/api/root/unsecuredpost', { raw: 'hello', headers: { 'content-type': 'text/plain' } })).status).toBe(200);
    expect((await text()).status).toBe(401);
    const ok = await text(token);
    expect(ok.status).toBe(200);
    expect(ok.text).toBe('Received 5 characters with authentication');
  });

  it('is ready when every service answers', async () => {
    const res = await api.get('/api/health/ready');

    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
    expect(res.body.services.map((s: { service: string }) => s.service)).toContain('user-service');
  });

  it('serves the web app for client routes and JSON 404s for unknown API paths', async () => {
    const page = await api.get('/machines/12');
    const missing = await api.get('/api/no-such-call');

    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });

  it("sends security headers: an API answer's, and the web app's on a page", async () => {
    const res = await api.get('/api/health');
    const page = await fetch(`${baseUrl}/`);

    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-correlation-id')).toBeTruthy();
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});
