import { API_TOKEN_PATTERN, MONEY_FIELDS } from '@wrenchlog/contracts';
import {
  ApiClient,
  createApprovedUser,
  createMachine,
  e2eProducts,
  expectEventually,
  joinAccount,
  type ApiResponse,
  type ProductMode,
} from '@wrenchlog/testing';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import pg from 'pg';
import { fuelBody, machineBody, type Ctx as HostileCtx } from './hostile-input.routes.js';

// Issue 33: personal API tokens through the gateway, in both modes. The product runs with
// API_TOKEN_RATE_PER_MINUTE=25 (global-setup.ts).
const LIMIT = 25;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Money fields anywhere in an answer. */
function moneyIn(value: unknown): string[] {
  if (Array.isArray(value)) {
    return value.flatMap(moneyIn);
  }
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, field]) => (MONEY_FIELDS.has(key) ? [key] : moneyIn(field)));
  }
  return [];
}

/** Sets a token's expiry in user-service's database (the one way to have an expired token without waiting days). */
async function expireInDatabase(mode: ProductMode, tokenId: number, at = new Date('2001-01-01T00:00:00Z')): Promise<void> {
  const url = process.env[`E2E_${mode.toUpperCase()}_DATABASE_URL`];
  if (url) {
    const target = new URL(url);
    target.pathname = `/${target.pathname.replace(/^\//, '') || 'wrenchlog'}_user`;
    const client = new pg.Client({ connectionString: target.toString() });
    await client.connect();
    try {
      await client.query(`UPDATE api_tokens SET expires_at = $2 WHERE id = $1`, [tokenId, at.toISOString()]);
    } finally {
      await client.end();
    }
    return;
  }
  const db = new Database(join(process.env[`E2E_${mode.toUpperCase()}_DATA_DIR`]!, 'db', 'user-service.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    // TypeORM's SQLite datetime text, in UTC.
    db.prepare(`UPDATE api_tokens SET expires_at = ? WHERE id = ?`).run(at.toISOString().replace('T', ' ').replace('Z', ''), tokenId);
  } finally {
    db.close();
  }
}

describe.each(e2eProducts())('personal API tokens (%s)', (mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  let owner: string;
  let accountId: number;
  let machineA: number;
  let machineB: number;

  const make = async (session: string, body: Record<string, unknown>): Promise<ApiResponse> => api.post('/api/tokens', body, session);
  const tokenOf = async (session: string, body: Record<string, unknown>): Promise<{ id: number; token: string }> => {
    const res = await make(session, body);
    if (res.status !== 201) {
      throw new Error(`token not made: ${res.status} ${res.text}`);
    }
    return res.body as { id: number; token: string };
  };

  beforeAll(async () => {
    owner = (await createApprovedUser(api, { name: 'Token Owner' })).token;
    accountId = (await api.get('/api/user/me', owner)).body.accountId as number;
    machineA = (await createMachine(api, owner, { ...machineBody(), name: 'Token A' })).id as number;
    machineB = (await createMachine(api, owner, { ...machineBody(), name: 'Token B' })).id as number;
    expect((await api.post('/api/fuel-records', fuelBody({ machineId: machineA } as HostileCtx), owner)).status).toBe(201);
  }, 60_000);

  it('answers the token once, then lists it by name and prefix without it', async () => {
    const res = await make(owner, { name: 'Home Assistant', scopes: ['read'] });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['expiresAt', 'id', 'machineIds', 'name', 'prefix', 'scopes', 'token']);
    expect(res.body.token).toMatch(API_TOKEN_PATTERN);
    expect(res.body.token.startsWith(res.body.prefix)).toBe(true);
    expect(res.body).toMatchObject({ name: 'Home Assistant', scopes: ['read'], machineIds: null });
    // Default expiry: 90 days from today (UTC).
    const today = Date.parse(new Date().toISOString().slice(0, 10));
    expect(res.body.expiresAt).toBe(new Date(today + 90 * DAY_MS).toISOString().slice(0, 10));

    const list = await api.get('/api/tokens', owner);
    expect(list.status).toBe(200);
    const listed = (list.body as Record<string, unknown>[]).find((t) => t.id === res.body.id)!;
    expect(listed).toMatchObject({ name: 'Home Assistant', prefix: res.body.prefix, scopes: ['read'], expiresAt: res.body.expiresAt, lastUsedAt: null });
    expect(JSON.stringify(list.body)).not.toContain(res.body.token);
    expect(listed).not.toHaveProperty('token');
  });

  it('lets a read token GET (with its rate limit headers) and refuses its POST with INSUFFICIENT_SCOPE', async () => {
    const { token } = await tokenOf(owner, { name: 'reader', scopes: ['read'] });
    const list = await api.get('/api/machines/all', token);
    expect(list.status).toBe(200);
    expect((list.body as { id: number }[]).map((m) => m.id).sort()).toEqual([machineA, machineB].sort());
    expect(list.headers.get('ratelimit-limit')).toBe(String(LIMIT));
    // A GET under a right that is not named .read (webhooks are managed) still works with read.
    expect((await api.get('/api/webhooks', token)).status).toBe(200);
    const write = await api.post('/api/machines/create', machineBody(), token);
    expect(write.status).toBe(403);
    expect(write.body).toMatchObject({ code: 'INSUFFICIENT_SCOPE', message: expect.stringContaining('write') });
    const { token: writer } = await tokenOf(owner, { name: 'writer', scopes: ['read', 'write'] });
    expect((await api.post('/api/machines/create', { ...machineBody(), name: 'Made by a token' }, writer)).status).toBe(201);
    // Read-your-writes as for sessions: the list the same token reads next has it.
    expect((await api.get('/api/machines/all', writer)).body.map((m: { name: string }) => m.name)).toContain('Made by a token');
  });

  it('records when and from where a token was last used', async () => {
    const { id, token } = await tokenOf(owner, { name: 'last use', scopes: ['read'] });
    expect((await api.get('/api/machines/all', token)).status).toBe(200);
    await expectEventuallyListed(id, (t) => expect(t).toMatchObject({ lastUsedAt: expect.any(String), lastUsedIp: expect.stringMatching(/127\.0\.0\.1/) }));
  });

  async function expectEventuallyListed(id: number, check: (t: Record<string, unknown>) => void): Promise<void> {
    await expectEventually(async () => {
      const listed = ((await api.get('/api/tokens', owner)).body as Record<string, unknown>[]).find((t) => t.id === id)!;
      check(listed);
    });
  }

  it('limits a machine-limited token to its machines: any other is 404 in every service', async () => {
    const { token } = await tokenOf(owner, { name: 'one machine', scopes: ['read', 'write'], machineIds: [machineA] });
    expect((await api.get(`/api/machines/?machineId=${machineA}`, token)).status).toBe(200);
    expect((await api.get(`/api/machines/?machineId=${machineB}`, token)).status).toBe(404);
    expect((await api.get('/api/machines/all', token)).body.map((m: { id: number }) => m.id)).toEqual([machineA]);
    expect((await api.get(`/api/machines/${machineB}/meters`, token)).status).toBe(404);
    const otherFuel = await api.get(`/api/fuel-records/machine/${machineB}`, token);
    expect(otherFuel.status === 404 || (otherFuel.status === 200 && otherFuel.body.length === 0)).toBe(true);
    expect((await api.post('/api/fuel-records', fuelBody({ machineId: machineB } as HostileCtx), token)).status).toBe(404);
    expect((await api.post('/api/fuel-records', fuelBody({ machineId: machineA } as HostileCtx), token)).status).toBe(201);
    // Account-wide figures cannot be narrowed to its machines: refused.
    expect((await api.get('/api/reports/fleet', token)).body).toMatchObject({ code: 'INSUFFICIENT_SCOPE' });
  });

  it('refuses a revoked token and an expired one on the next call', async () => {
    const revoked = await tokenOf(owner, { name: 'to revoke', scopes: ['read'] });
    expect((await api.get('/api/machines/all', revoked.token)).status).toBe(200);
    expect((await api.delete(`/api/tokens/${revoked.id}`, owner)).status).toBe(204);
    const after = await api.get('/api/machines/all', revoked.token);
    expect(after.status).toBe(401);
    expect(((await api.get('/api/tokens', owner)).body as { id: number }[]).map((t) => t.id)).not.toContain(revoked.id);
    expect((await api.delete(`/api/tokens/${revoked.id}`, owner)).status).toBe(404);

    const expired = await tokenOf(owner, { name: 'to expire', scopes: ['read'] });
    await expireInDatabase(mode, expired.id);
    expect((await api.get('/api/machines/all', expired.token)).status).toBe(401);
    // A made-up token of the right shape, and a malformed one.
    expect((await api.get('/api/machines/all', `wl_${'A'.repeat(43)}`)).status).toBe(401);
    expect((await api.get('/api/machines/all', 'wl_short')).status).toBe(401);
  });

  it('refuses a token the gateway holds verified from the moment it expires, and a revoked one on its next call', async () => {
    // The gateway keeps a verified token for API_TOKEN_CACHE_SECONDS (60 s): only its check of the
    // expiry on every use refuses it before then. The expiry is a few seconds ahead (a token's
    // own expiry is a whole day), set before the first use so the cached token carries it.
    const expiring = await tokenOf(owner, { name: 'expiring while cached', scopes: ['read'] });
    const expiresAt = Date.now() + 3000;
    await expireInDatabase(mode, expiring.id, new Date(expiresAt));
    expect((await api.get('/api/machines/all', expiring.token)).status).toBe(200);
    expect((await api.get('/api/machines/all', expiring.token)).status).toBe(200);
    await expectEventually(() => expect(Date.now()).toBeGreaterThan(expiresAt), 10_000, 50);
    const refused = await api.get('/api/machines/all', expiring.token);
    expect(refused.status).toBe(401);
    // Refused at once, not when the cached entry would have run out.
    expect(Date.now()).toBeLessThan(expiresAt + 30_000);

    const revoked = await tokenOf(owner, { name: 'revoked while cached', scopes: ['read'] });
    expect((await api.get('/api/machines/all', revoked.token)).status).toBe(200);
    expect((await api.get('/api/machines/all', revoked.token)).status).toBe(200);
    expect((await api.delete(`/api/tokens/${revoked.id}`, owner)).status).toBe(204);
    expect((await api.get('/api/machines/all', revoked.token)).status).toBe(401);
  });

  it('refuses a token in the query string with 401, telling to use the header', async () => {
    const { token } = await tokenOf(owner, { name: 'leaky', scopes: ['read'] });
    for (const query of [`token=${token}`, `access_token=${token}`, 'api_key=anything', `q=${token}`]) {
      const res = await api.get(`/api/machines/all?${query}`);
      expect(res.status).toBe(401);
      expect(res.body.message).toContain('Authorization: Bearer');
    }
  });

  it('answers 429 with the headers past the limit, while another token and the session still get 200', async () => {
    const { token } = await tokenOf(owner, { name: 'busy', scopes: ['read'] });
    const other = await tokenOf(owner, { name: 'quiet', scopes: ['read'] });
    // At most two minutes' worth: a minute may start during the loop.
    let refused: ApiResponse | undefined;
    let lastRemaining = '';
    for (let i = 0; i < 2 * LIMIT + 2 && !refused; i++) {
      const res = await api.get('/api/user/me', token);
      if (res.status === 429) {
        refused = res;
      } else {
        expect(res.status).toBe(200);
        lastRemaining = res.headers.get('ratelimit-remaining')!;
      }
    }
    expect(refused).toBeDefined();
    expect(lastRemaining).toBe('0');
    expect(refused!.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused!.headers.get('ratelimit-limit')).toBe(String(LIMIT));
    expect(refused!.headers.get('ratelimit-remaining')).toBe('0');
    expect(Number(refused!.headers.get('ratelimit-reset'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused!.headers.get('ratelimit-reset'))).toBeLessThanOrEqual(60);
    const second = await api.get('/api/user/me', other.token);
    expect(second.status).toBe(200);
    const session = await api.get('/api/user/me', owner);
    expect(session.status).toBe(200);
    expect(session.headers.get('ratelimit-limit')).toBeNull();
  });

  it('never reaches accounts, members, tokens or admin routes: 403 TOKEN_NOT_ALLOWED', async () => {
    const { token } = await tokenOf(owner, { name: 'all scopes', scopes: ['read', 'write'] });
    const calls: [string, string][] = [
      ['GET', '/api/tokens'],
      ['POST', '/api/tokens'],
      ['GET', '/api/accounts'],
      ['GET', `/api/accounts/${accountId}/members`],
      ['PUT', `/api/accounts/${accountId}`],
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/accounts'],
      ['POST', '/api/calendar/token'],
    ];
    for (const [method, path] of calls) {
      const res = await api.request(method, path, { token, body: method === 'GET' ? undefined : { name: 'x', scopes: ['read'] } });
      expect([method, path, res.status, res.body.code]).toEqual([method, path, 403, 'TOKEN_NOT_ALLOWED']);
    }
  });

  it("gives an operator's token the operator's machines and no money", async () => {
    const operator = await joinAccount(api, mode, owner, 'operator', { machineIds: [machineA] });
    const { token } = await tokenOf(operator.token, { name: 'fuel card', scopes: ['read', 'write'] });
    const fuel = await api.get(`/api/fuel-records/machine/${machineA}`, token);
    expect(fuel.status).toBe(200);
    expect(moneyIn(fuel.body)).toEqual([]);
    expect((await api.get(`/api/machines/?machineId=${machineB}`, token)).status).toBe(404);
    // A machine limit outside the operator's assignment gives nothing more.
    const limited = await tokenOf(operator.token, { name: 'other machine', scopes: ['read'], machineIds: [machineB] });
    expect((await api.get('/api/machines/all', limited.token)).body).toEqual([]);
  });

  it("follows its member: a lower role on the next request, none once removed; owners see and revoke members' tokens", async () => {
    const manager = await joinAccount(api, mode, owner, 'manager');
    const { id, token } = await tokenOf(manager.token, { name: 'shop system', scopes: ['read', 'write'] });
    expect((await api.post('/api/machines/create', { ...machineBody(), name: 'Manager token' }, token)).status).toBe(201);
    expect(((await api.get('/api/tokens', owner)).body as { id: number }[]).map((t) => t.id)).toContain(id);

    expect((await api.put(`/api/accounts/${accountId}/members/${manager.id}`, { role: 'viewer' }, owner)).status).toBe(200);
    const lowered = await api.post('/api/machines/create', machineBody(), token);
    expect(lowered.status).toBe(403);
    expect(lowered.body).toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('Your role (viewer)') });
    expect((await api.get('/api/machines/all', token)).status).toBe(200);

    expect((await api.delete(`/api/accounts/${accountId}/members/${manager.id}`, owner)).status).toBe(204);
    expect((await api.get('/api/machines/all', token)).status).toBe(401);
    // Revoked with the membership: gone from the list, and it would not come back should they rejoin.
    expect(((await api.get('/api/tokens', owner)).body as { id: number }[]).map((t) => t.id)).not.toContain(id);

    const viewer = await joinAccount(api, mode, owner, 'viewer');
    const own = await tokenOf(viewer.token, { name: 'mine', scopes: ['read'] });
    expect(((await api.get('/api/tokens', viewer.token)).body as { id: number }[]).map((t) => t.id)).toEqual([own.id]);
    const ownerToken = ((await api.get('/api/tokens', owner)).body as { id: number; userId: number }[]).find((t) => t.userId !== viewer.id)!;
    expect((await api.delete(`/api/tokens/${ownerToken.id}`, viewer.token)).status).toBe(404);
    expect((await api.delete(`/api/tokens/${own.id}`, owner)).status).toBe(204);
    expect((await api.get('/api/machines/all', own.token)).status).toBe(401);
  });

  it('answers 400 with the field for bad input', async () => {
    const day = (offset: number) => new Date(Date.parse(new Date().toISOString().slice(0, 10)) + offset * DAY_MS).toISOString().slice(0, 10);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'x', scopes: ['read'], expiresAt: day(-1) }, 'expiresAt'],
      [{ name: 'x', scopes: ['read'], expiresAt: day(366) }, 'expiresAt'],
      [{ name: 'x', scopes: ['read'], expiresAt: '2026-13-01' }, 'expiresAt'],
      [{ name: 'x', scopes: [] }, 'scopes'],
      [{ name: 'x' }, 'scopes'],
      [{ name: 'x', scopes: ['admin'] }, 'scopes'],
      [{ name: 'x'.repeat(101), scopes: ['read'] }, 'name'],
      [{ name: 'x', scopes: ['read'], machineIds: [2_000_000_000] }, 'machineIds'],
    ];
    for (const [body, field] of cases) {
      const res = await make(owner, body);
      expect([JSON.stringify(body).slice(0, 60), res.status, res.body.errors?.[0]?.field]).toEqual([JSON.stringify(body).slice(0, 60), 400, field]);
    }
    expect((await make(owner, { name: 'x', scopes: ['read'], expiresAt: day(365) })).status).toBe(201);
  });

  it('allows 50 live tokens per member and refuses the 51st', async () => {
    const member = await joinAccount(api, mode, owner, 'mechanic');
    for (let i = 0; i < 50; i++) {
      expect((await make(member.token, { name: `t${i}`, scopes: ['read'] })).status).toBe(201);
    }
    const over = await make(member.token, { name: 't50', scopes: ['read'] });
    expect(over.status).toBe(400);
    expect(over.body.message).toContain('50 tokens');
  }, 60_000);
});
