import { Injectable } from '@nestjs/common';
import { API_TOKEN_PATTERN, USER_TOKEN_VERIFY, type Actor, type VerifiedApiToken } from '@wrenchlog/contracts';
import { RpcClient } from '@wrenchlog/platform';
import { LRUCache } from 'lru-cache';
import { createHash } from 'node:crypto';
import { GatewayEnv } from '../config/gateway-env.js';
import { SessionGate } from './session-gate.js';

/** Tokens kept verified: every script of a large install at once. */
const KEPT_TOKENS = 50_000;

/**
 * Personal API tokens at the gateway (issue 33): `Authorization: Bearer wl_...` acts as its member,
 * checked without a service call per request. A token is asked of user-service once and cached for
 * API_TOKEN_CACHE_SECONDS; it counts only while
 * - it has not expired (checked on every request against the cached expiry),
 * - it has not been revoked (this replica drops it at once; the others on the session poll, which
 *   carries revoked token ids, within SESSION_SYNC_MS),
 * - its member's session version is the one it was read with (SessionGate): a change of role,
 *   assignment or membership, a disable or a new password raises it, and the next request reads the
 *   token again, with the member's role now (a removed or disabled member's token no longer works).
 */
@Injectable()
export class ApiTokenGate {
  private readonly cache: LRUCache<string, VerifiedApiToken>;
  private readonly hashes = new Map<number, string>();
  private readonly loading = new Map<string, Promise<VerifiedApiToken | null>>();
  /** Counts drops: a token read before a drop must not be cached after it. */
  private drops = 0;

  constructor(
    private readonly rpc: RpcClient,
    private readonly sessions: SessionGate,
    env: GatewayEnv,
  ) {
    this.cache = new LRUCache({ max: KEPT_TOKENS, ttl: env.API_TOKEN_CACHE_SECONDS * 1000, dispose: (token) => this.hashes.delete(token.id) });
    sessions.onTokensRevoked((ids) => ids.forEach((id) => this.forget(id)));
  }

  /** Whether the Authorization value is meant as an API token (the `wl_` prefix), not a session's JWT. */
  static isApiToken(bearer: string): boolean {
    return bearer.startsWith('wl_');
  }

  /** The actor the token acts as, or undefined when it does not work (unknown, malformed, revoked, expired, member gone). */
  async actor(bearer: string, now = Date.now()): Promise<Actor | undefined> {
    if (!API_TOKEN_PATTERN.test(bearer)) {
      return undefined;
    }
    const hash = createHash('sha256').update(bearer).digest('hex');
    let token = this.cache.get(hash) ?? (await this.load(hash));
    if (token && !(await this.sessions.admits(token.userId, token.sessionVersion))) {
      // The member changed since the token was read (or the state moved on): read it again, once.
      this.cache.delete(hash);
      token = await this.load(hash);
      if (token && !(await this.sessions.admits(token.userId, token.sessionVersion))) {
        return undefined;
      }
    }
    if (!token || now >= token.expiresAtMs) {
      return undefined;
    }
    return {
      userId: token.userId,
      // A token never carries administrator rights: those routes need a signed-in session.
      adminLevel: 0,
      accountId: token.accountId,
      role: token.role,
      token: { id: token.id, scopes: [...token.scopes], machineIds: token.machineIds ? [...token.machineIds] : null },
    };
  }

  /** The token was revoked: its next request is refused. */
  forget(tokenId: number): void {
    this.drops++;
    const hash = this.hashes.get(tokenId);
    if (hash) {
      this.cache.delete(hash);
    }
  }

  private load(hash: string): Promise<VerifiedApiToken | null> {
    let pending = this.loading.get(hash);
    if (!pending) {
      const drops = this.drops;
      pending = this.rpc
        .send(USER_TOKEN_VERIFY, { tokenHash: hash }, { actor: null })
        .then(({ token }) => {
          if (token && drops === this.drops) {
            this.cache.set(hash, token);
            this.hashes.set(token.id, hash);
          }
          return token;
        })
        .finally(() => this.loading.delete(hash));
      this.loading.set(hash, pending);
    }
    return pending;
  }
}
