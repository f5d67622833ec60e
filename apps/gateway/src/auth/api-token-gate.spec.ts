import { USER_SESSION_ENDED, USER_SESSION_STATE, USER_TOKEN_USAGE, USER_TOKEN_VERIFY, type SessionState, type VerifiedApiToken } from '@wrenchlog/contracts';
import type { RpcClient } from '@wrenchlog/platform';
import { createHash } from 'node:crypto';
import { GatewayEnv } from '../config/gateway-env.js';
import { ApiTokenGate } from './api-token-gate.js';
import { SessionGate } from './session-gate.js';
import { TokenRateLimiter } from './token-rate-limiter.js';

const TOKEN = `wl_${'a'.repeat(43)}`;
const HASH = createHash('sha256').update(TOKEN).digest('hex');
const NOW = Date.parse('2026-03-10T12:00:30Z');

/** user-service at the RPC boundary: tokens by hash, session states, revocations, and summed usage reports. */
class FakeUserService {
  tokens = new Map<string, VerifiedApiToken>();
  states = new Map<number, SessionState>();
  revoked: number[] = [];
  verifyCalls = 0;
  usage = new Map<string, number>();

  send = async (pattern: string, payload: Record<string, unknown>): Promise<unknown> => {
    switch (pattern) {
      case USER_TOKEN_VERIFY:
        this.verifyCalls++;
        return { token: this.tokens.get(payload.tokenHash as string) ?? null };
      case USER_SESSION_STATE:
        return this.states.get(payload.userId as number) ?? { enabled: false, sessionVersion: 0 };
      case USER_SESSION_ENDED: {
        const tokenIds = this.revoked;
        this.revoked = [];
        return { userIds: [], tokenIds, until: new Date().toISOString() };
      }
      case USER_TOKEN_USAGE: {
        const uses = payload.uses as { tokenId: number; window: number; count: number }[];
        for (const u of uses) {
          this.usage.set(`${u.tokenId}:${u.window}`, (this.usage.get(`${u.tokenId}:${u.window}`) ?? 0) + u.count);
        }
        return { totals: uses.map((u) => ({ tokenId: u.tokenId, window: u.window, count: this.usage.get(`${u.tokenId}:${u.window}`)! })) };
      }
      default:
        throw new Error(`unexpected ${pattern}`);
    }
  };
}

const aToken = (over: Partial<VerifiedApiToken> = {}): VerifiedApiToken => ({
  id: 4,
  userId: 7,
  accountId: 70,
  role: 'manager',
  scopes: ['read'],
  machineIds: null,
  expiresAtMs: NOW + 60_000,
  sessionVersion: 2,
  ...over,
});

describe(ApiTokenGate.name, () => {
  let users: FakeUserService;
  let sessions: SessionGate;
  let gate: ApiTokenGate;

  beforeEach(async () => {
    users = new FakeUserService();
    users.states.set(7, { enabled: true, sessionVersion: 2 });
    users.tokens.set(HASH, aToken());
    const env = new GatewayEnv();
    sessions = new SessionGate(users as unknown as RpcClient, env);
    gate = new ApiTokenGate(users as unknown as RpcClient, sessions, env);
    await sessions.sync();
  });

  it("acts as the token's member with its limits, asking user-service once", async () => {
    expect(await gate.actor(TOKEN, NOW)).toEqual({
      userId: 7,
      adminLevel: 0,
      accountId: 70,
      role: 'manager',
      token: { id: 4, scopes: ['read'], machineIds: null },
    });
    await gate.actor(TOKEN, NOW);
    expect(users.verifyCalls).toBe(1);
  });

  it('refuses a cached token from the moment it expires', async () => {
    expect(await gate.actor(TOKEN, NOW)).toBeDefined();
    expect(await gate.actor(TOKEN, NOW + 60_000)).toBeUndefined();
  });

  it('refuses a token revoked on another replica after the next session poll, and one revoked here at once', async () => {
    expect(await gate.actor(TOKEN, NOW)).toBeDefined();
    users.tokens.clear();
    users.revoked = [4];
    await sessions.sync();
    expect(await gate.actor(TOKEN, NOW)).toBeUndefined();
    users.tokens.set(HASH, aToken());
    expect(await gate.actor(TOKEN, NOW)).toBeDefined();
    users.tokens.clear();
    gate.forget(4);
    expect(await gate.actor(TOKEN, NOW)).toBeUndefined();
  });

  it("takes the member's new role once their session version moves, and none once they are removed", async () => {
    expect((await gate.actor(TOKEN, NOW))?.role).toBe('manager');
    users.states.set(7, { enabled: true, sessionVersion: 3 });
    users.tokens.set(HASH, aToken({ role: 'viewer', sessionVersion: 3 }));
    sessions.forget(7);
    expect((await gate.actor(TOKEN, NOW))?.role).toBe('viewer');
    users.states.set(7, { enabled: true, sessionVersion: 4 });
    users.tokens.clear();
    sessions.forget(7);
    expect(await gate.actor(TOKEN, NOW)).toBeUndefined();
  });

  it('refuses malformed tokens without asking', async () => {
    expect(await gate.actor('wl_short', NOW)).toBeUndefined();
    expect(await gate.actor(`wl_${'a'.repeat(42)}!`, NOW)).toBeUndefined();
    expect(users.verifyCalls).toBe(0);
  });
});

describe(TokenRateLimiter.name, () => {
  const env = Object.assign(new GatewayEnv(), { API_TOKEN_RATE_PER_MINUTE: 3 });

  it('counts each token on its own and refuses past the limit with the headers until the minute ends', () => {
    const limiter = new TokenRateLimiter(new FakeUserService() as unknown as RpcClient, env);
    expect([1, 2, 3].map(() => limiter.admit(4, '10.0.0.1', NOW).remaining)).toEqual([2, 1, 0]);
    expect(() => limiter.admit(4, '10.0.0.1', NOW)).toThrow(
      expect.objectContaining({ code: 'RATE_LIMITED', retryAfter: 30, rateLimit: { limit: 3, remaining: 0, reset: 30 } }),
    );
    expect(limiter.admit(5, '10.0.0.1', NOW)).toEqual({ limit: 3, remaining: 2, reset: 30 });
    expect(limiter.admit(4, '10.0.0.1', NOW + 30_000).remaining).toBe(2);
  });

  it("holds across replicas: each learns the others' counts from user-service's totals", async () => {
    const users = new FakeUserService();
    const a = new TokenRateLimiter(users as unknown as RpcClient, env);
    const b = new TokenRateLimiter(users as unknown as RpcClient, env);
    a.admit(4, '10.0.0.1', NOW);
    a.admit(4, '10.0.0.1', NOW);
    await a.report(NOW);
    b.admit(4, '10.0.0.2', NOW);
    await b.report(NOW);
    expect(users.usage.get(`4:${Math.floor(NOW / 60_000)}`)).toBe(3);
    expect(() => b.admit(4, '10.0.0.2', NOW)).toThrow(expect.objectContaining({ code: 'RATE_LIMITED' }));
  });
});
