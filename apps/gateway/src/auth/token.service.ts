import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { ACCOUNT_ROLES, type AccountRole, type Actor, type LoginResponse, type SessionGrant } from '@wrenchlog/contracts';
import { LRUCache } from 'lru-cache';
import { GatewayEnv } from '../config/gateway-env.js';

interface AccessClaims {
  sub: string;
  adm: number;
  /** The user's session version when issued (SessionGate); tokens from before it carry none: 0. */
  sv?: number;
  /** The account the token acts in and the role there (issue 32); tokens from before accounts carry neither. */
  acc?: number;
  rol?: AccountRole;
  exp: number;
}

/** What a valid access token proves. */
export interface VerifiedAccess {
  actor: Actor;
  sessionVersion: number;
}

interface Verified extends VerifiedAccess {
  /** When the token stops being valid, in ms: jsonwebtoken refuses it from its `exp` second on. */
  expiresAt: number;
}

/** Tokens remembered as verified: enough for every client signed in at once on a large install. */
const VERIFIED_TOKENS = 10_000;

/** Signs and verifies the short-lived access tokens (HS256). */
@Injectable()
export class TokenService {
  // A client sends the same token with every request until it expires: verifying it again each
  // time (HMAC, base64 and JSON parsing) was about a tenth of the gateway's CPU on a list call
  // (docs/performance.md, fix 17). Only tokens that verified are kept, each until its own expiry,
  // so a cached answer is the answer a fresh verify would give.
  private readonly verified = new LRUCache<string, Verified>({ max: VERIFIED_TOKENS });

  constructor(
    private readonly jwt: JwtService,
    private readonly env: GatewayEnv,
  ) {}

  async issue(grant: SessionGrant): Promise<LoginResponse> {
    const claims: Omit<AccessClaims, 'exp'> = {
      sub: String(grant.user.id),
      adm: grant.user.adminLevel,
      sv: grant.user.sessionVersion,
      acc: grant.membership.accountId,
      rol: grant.membership.role,
    };
    const accessToken = await this.jwt.signAsync(claims, { expiresIn: this.env.ACCESS_TOKEN_TTL_SECONDS });
    return { accessToken, expiresIn: this.env.ACCESS_TOKEN_TTL_SECONDS * 1000, type: 'Bearer' };
  }

  /**
   * The caller a token proves and its session version, or undefined for a missing, expired, tampered
   * or malformed token. Whether the session still counts is SessionGate's question.
   */
  async verify(token: string, now = Date.now()): Promise<VerifiedAccess | undefined> {
    const known = this.verified.get(token);
    if (known) {
      if (now < known.expiresAt) {
        return { actor: { ...known.actor }, sessionVersion: known.sessionVersion };
      }
      this.verified.delete(token);
      return undefined;
    }
    try {
      const claims = await this.jwt.verifyAsync<AccessClaims>(token, { algorithms: ['HS256'], clockTimestamp: Math.floor(now / 1000) });
      const userId = Number(claims.sub);
      if (!Number.isInteger(userId) || userId <= 0) {
        return undefined;
      }
      // jsonwebtoken accepts a token without `exp` (valid for ever); every token we issue has one.
      if (!Number.isFinite(claims.exp)) {
        return undefined;
      }
      const membership = membershipOf(claims, userId);
      if (!membership) {
        return undefined;
      }
      const actor: Actor = { userId, adminLevel: Number(claims.adm) || 0, ...membership };
      const sessionVersion = Number.isSafeInteger(claims.sv) ? claims.sv! : 0;
      this.verified.set(token, { actor, sessionVersion, expiresAt: claims.exp * 1000 });
      return { actor: { ...actor }, sessionVersion };
    } catch {
      return undefined;
    }
  }
}

/**
 * The account claims. A token from before accounts (no `acc`, no `rol`) acts in the user's own
 * account, whose id is the user's, as its owner; a signed token with only one of them, or a bad
 * one, is not one we issued (undefined: refused).
 */
function membershipOf(claims: AccessClaims, userId: number): Pick<Actor, 'accountId' | 'role'> | undefined {
  if (claims.acc === undefined && claims.rol === undefined) {
    return { accountId: userId, role: 'owner' };
  }
  const accountId = Number(claims.acc);
  return Number.isSafeInteger(accountId) && accountId > 0 && claims.rol !== undefined && ACCOUNT_ROLES.includes(claims.rol)
    ? { accountId, role: claims.rol }
    : undefined;
}
