import { Injectable } from '@nestjs/common';
import {
  ACCOUNT_NOT_FOUND,
  API_TOKEN_NOT_FOUND,
  ErrorCode,
  isValidId,
  TOKEN_NOT_ALLOWED_MESSAGE,
  type Actor,
  type ApiTokenIdMessage,
  type ApiTokenUsageMessage,
  type ApiTokenUsageReply,
  type ApiTokenView,
  type CreateApiTokenBody,
  type CreatedApiToken,
  type VerifyApiTokenReply,
} from '@wrenchlog/contracts';
import { DomainError, notFound } from '@wrenchlog/platform';
import { AccountMachines } from '../accounts/account-machines.js';
import { MembershipsRepository } from '../accounts/memberships.repository.js';
import { hashToken } from '../common/token-hash.js';
import { UsersRepository } from '../users/users.repository.js';
import type { ApiTokenEntity } from './api-token.entity.js';
import { expiryDay, expiryFor, isLive, machineLimit, newToken, requireRoomForToken, seesAllTokens } from './api-token.rules.js';
import { ApiTokensRepository } from './api-tokens.repository.js';

/** Minutes of use kept: the current one and the one before (a replica's late report). */
const KEPT_WINDOWS = 2;

/**
 * Personal API tokens (issue 33): a member makes tokens that act as them in one account, limited by
 * scopes and machines; owners and managers see and revoke every token of the account. The gateway
 * asks `verify` for a token it has not cached and reports use counts (the rate limit across replicas).
 */
@Injectable()
export class ApiTokensService {
  private forgottenBefore = 0;

  constructor(
    private readonly tokens: ApiTokensRepository,
    private readonly memberships: MembershipsRepository,
    private readonly users: UsersRepository,
    private readonly machines: AccountMachines,
  ) {}

  async create(actor: Actor, body: CreateApiTokenBody, now = new Date()): Promise<CreatedApiToken> {
    await this.memberRole(actor);
    const expiresAt = expiryFor(body.expiresAt, now);
    const machineIds = machineLimit(body.machineIds);
    requireRoomForToken(await this.tokens.countLive(actor.accountId, actor.userId, now));
    await this.machines.requireOwn(actor.accountId, machineIds);
    const { token, prefix } = newToken();
    const row = await this.tokens.add({
      accountId: actor.accountId,
      userId: actor.userId,
      name: body.name,
      prefix,
      tokenHash: hashToken(token),
      scopes: [...new Set(body.scopes)].sort(),
      machineIds,
      createdAt: now,
      expiresAt,
      revokedAt: null,
      lastUsedAt: null,
      lastUsedIp: null,
    });
    return { id: row.id, name: row.name, prefix, scopes: row.scopes, expiresAt: expiryDay(expiresAt), machineIds, token };
  }

  async list(actor: Actor): Promise<ApiTokenView[]> {
    const role = await this.memberRole(actor);
    const rows = await this.tokens.list(actor.accountId, seesAllTokens(role) ? null : actor.userId);
    return rows.map((row) => view(row, row.userName));
  }

  /** Revokes a token of the caller's (an owner's or manager's: any of the account's); 404 for any other. */
  async revoke(actor: Actor, { tokenId }: ApiTokenIdMessage, now = new Date()): Promise<{ revoked: boolean }> {
    const role = await this.memberRole(actor);
    if (!(await this.tokens.revoke(actor.accountId, tokenId, seesAllTokens(role) ? null : actor.userId, now))) {
      throw notFound(API_TOKEN_NOT_FOUND);
    }
    return { revoked: true };
  }

  /**
   * What a token may do now, or null when it does not work (unknown, revoked, expired, its member
   * removed or disabled). The session version is read before the membership: a change between the
   * two reads leaves the gateway an older version, which makes it ask again on the next request.
   */
  async verify(tokenHash: string, now = new Date()): Promise<VerifyApiTokenReply> {
    const row = typeof tokenHash === 'string' && /^[0-9a-f]{64}$/.test(tokenHash) ? await this.tokens.byHash(tokenHash) : null;
    if (!row || !isLive(row, now)) {
      return { token: null };
    }
    const user = await this.users.sessionState(row.userId);
    const membership = user?.enabled ? await this.memberships.one(row.accountId, row.userId) : null;
    if (!user || !membership) {
      return { token: null };
    }
    return {
      token: {
        id: row.id,
        userId: row.userId,
        accountId: row.accountId,
        role: membership.role,
        scopes: row.scopes,
        machineIds: row.machineIds,
        expiresAtMs: row.expiresAt.getTime(),
        sessionVersion: user.sessionVersion,
      },
    };
  }

  /** Adds a gateway replica's counts; answers the totals of every replica for those tokens and minutes. */
  async usage(message: ApiTokenUsageMessage, now = new Date()): Promise<ApiTokenUsageReply> {
    const current = Math.floor(now.getTime() / 60_000);
    const uses = (Array.isArray(message?.uses) ? message.uses : []).filter(
      (u) =>
        isValidId(u?.tokenId) &&
        Number.isSafeInteger(u.window) &&
        u.window > current - KEPT_WINDOWS &&
        u.window <= current + 1 &&
        Number.isSafeInteger(u.count) &&
        u.count > 0 &&
        typeof u.lastUsedAt === 'string' &&
        typeof u.lastUsedIp === 'string',
    );
    if (current - KEPT_WINDOWS >= this.forgottenBefore) {
      this.forgottenBefore = current - KEPT_WINDOWS + 1;
      await this.tokens.forgetUsesBefore(this.forgottenBefore);
    }
    const totals = await this.tokens.addUses(uses);
    return { totals: totals.map((t) => ({ tokenId: t.tokenId, window: t.windowStart, count: t.count })) };
  }

  /** Ids of the tokens revoked after `since` (the gateway's poll of ended sessions carries them). */
  revokedAfter(since: Date): Promise<number[]> {
    return this.tokens.revokedAfter(since);
  }

  /** The caller's role in their account: tokens are managed in a signed-in session only. */
  private async memberRole(actor: Actor) {
    if (actor.token) {
      throw new DomainError(ErrorCode.TokenNotAllowed, TOKEN_NOT_ALLOWED_MESSAGE);
    }
    const membership = await this.memberships.one(actor.accountId, actor.userId);
    if (!membership) {
      throw notFound(ACCOUNT_NOT_FOUND);
    }
    return membership.role;
  }
}

function view(row: ApiTokenEntity, userName: string | null): ApiTokenView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    expiresAt: expiryDay(row.expiresAt),
    machineIds: row.machineIds,
    userId: row.userId,
    userName,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
    lastUsedIp: row.lastUsedIp,
  };
}
