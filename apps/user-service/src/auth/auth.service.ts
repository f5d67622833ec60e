import { Injectable, Logger } from '@nestjs/common';
import { ErrorCode, type Actor, type LoginRequest, type SessionGrant, type SwitchAccountMessage } from '@wrenchlog/contracts';
import { DomainError, unauthorized, validationFailed } from '@wrenchlog/platform';
import { randomBytes, randomUUID } from 'node:crypto';
import { AccountsRepository, type Membership } from '../accounts/accounts.repository.js';
import { MembershipsRepository } from '../accounts/memberships.repository.js';
import { hashToken } from '../common/token-hash.js';
import { Transactions, type Tx } from '../common/transactions.js';
import { UserEnv } from '../config/user-env.js';
import type { UserEntity } from '../users/user.entity.js';
import { UsersRepository } from '../users/users.repository.js';
import { PasswordHasher } from './password-hasher.js';
import { judgeRefreshToken } from './refresh-token.rules.js';
import { RefreshTokensRepository } from './refresh-tokens.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);

  constructor(
    private readonly users: UsersRepository,
    private readonly accounts: AccountsRepository,
    private readonly memberships: MembershipsRepository,
    private readonly tokens: RefreshTokensRepository,
    private readonly transactions: Transactions,
    private readonly hasher: PasswordHasher,
    private readonly env: UserEnv,
  ) {}

  async login({ username, password }: LoginRequest): Promise<SessionGrant> {
    // A flood is refused before it costs a database lookup; the hash itself is limited in verify().
    this.hasher.refuseSignInIfBusy();
    const user = await this.users.byUsername(username.trim().toLowerCase());
    const matches = await this.hasher.verify(user?.passwordHash, password);
    if (!user || !matches) {
      throw unauthorized('Invalid email or password');
    }
    if (!user.enabled) {
      throw new DomainError(ErrorCode.AccountPending, 'Your account is waiting for approval. You will receive an email when you can sign in.');
    }
    // The account used last (issue 32): the switcher remembers it across sign-ins.
    return this.startSession(user, await this.membership(user.id));
  }

  /** A new session (family) of the user in the account: sign-in, and a new person who accepted an invitation. */
  async startSession(user: UserEntity, membership: Membership, tx?: Tx): Promise<SessionGrant> {
    const expiresAt = new Date(Date.now() + this.env.REFRESH_TOKEN_TTL_DAYS * DAY_MS);
    return this.grant(user, membership, await this.issue(user.id, membership.accountId, randomUUID(), expiresAt, tx), tx);
  }

  /**
   * The session moves to another account of the caller (issue 32): the presented refresh token is
   * used up and one of the same family, remembering the account, is issued, with an access token for it.
   */
  async switchAccount(actor: Actor, { accountId, refreshToken }: SwitchAccountMessage): Promise<SessionGrant> {
    return this.transactions.run(async (tx) => {
      const token = await this.tokens.byHashOfUser(tx, hashToken(refreshToken), actor.userId);
      if (judgeRefreshToken(token, new Date()) !== 'valid' || !(await this.tokens.claim(tx, token!.id, new Date()))) {
        throw unauthorized('Your session has ended. Please sign in again.');
      }
      const membership = await this.memberships.one(accountId, actor.userId, tx);
      const user = await this.users.byId(actor.userId, tx);
      if (!membership || !user) {
        const message = 'You are not a member of this account';
        throw validationFailed(message, [{ field: 'accountId', message }]);
      }
      const next = await this.issue(user.id, accountId, token!.familyId, token!.expiresAt, tx);
      return this.grant(user, { accountId, role: membership.role }, next, tx);
    });
  }

  /** Rotates a refresh token: the presented one is used up and a new one of the same family is issued. */
  async refresh(presented: string): Promise<SessionGrant> {
    const outcome = await this.transactions.run(async (tx) => {
      const token = await this.tokens.byHash(hashToken(presented), tx);
      const verdict = judgeRefreshToken(token, new Date());
      if (verdict === 'reused') {
        await this.tokens.revokeFamily(token!.familyId, new Date(), tx);
        return { verdict } as const;
      }
      if (verdict !== 'valid') {
        return { verdict } as const;
      }
      // Of two concurrent refreshes with the same token only one wins the claim.
      if (!(await this.tokens.claim(tx, token!.id, new Date()))) {
        await this.tokens.revokeFamily(token!.familyId, new Date(), tx);
        return { verdict: 'reused' } as const;
      }
      const user = await this.users.byId(token!.userId, tx);
      if (!user || !user.enabled) {
        await this.tokens.revokeFamily(token!.familyId, new Date(), tx);
        return { verdict: 'revoked' } as const;
      }
      const membership = await this.accounts.membershipOf(user.id, token!.accountId, tx);
      if (!membership) {
        return { verdict: 'revoked' } as const;
      }
      const next = await this.issue(user.id, membership.accountId, token!.familyId, token!.expiresAt, tx);
      return { verdict, grant: await this.grant(user, membership, next, tx) } as const;
    });
    if (outcome.verdict === 'reused') {
      this.logger.warn('A rotated refresh token was presented again; its session family is revoked');
    }
    if (outcome.verdict !== 'valid' || !('grant' in outcome)) {
      throw unauthorized('Your session has ended. Please sign in again.');
    }
    return outcome.grant;
  }

  /** Ends the session: the whole family of the presented token is revoked. */
  async logout(presented: string): Promise<{ revoked: boolean }> {
    const token = await this.tokens.byHash(hashToken(presented));
    if (!token) {
      return { revoked: false };
    }
    await this.tokens.revokeFamily(token.familyId, new Date());
    return { revoked: true };
  }

  private async issue(userId: number, accountId: number, familyId: string, expiresAt: Date, tx?: Tx) {
    const value = randomBytes(32).toString('base64url');
    await this.tokens.add({ familyId, userId, accountId, tokenHash: hashToken(value), createdAt: new Date(), expiresAt, usedAt: null, revokedAt: null }, tx);
    return { value, expiresAt };
  }

  private async membership(userId: number): Promise<Membership> {
    const membership = await this.accounts.membershipOf(userId);
    if (!membership) {
      throw unauthorized('Your account has no access to any fleet. Ask an owner to invite you.');
    }
    return membership;
  }

  /** The grant of a session in the account; the membership is marked used now (the account sign-in picks, "last active"). */
  private async grant(user: UserEntity, membership: Membership, token: { value: string; expiresAt: Date }, tx?: Tx): Promise<SessionGrant> {
    await this.memberships.touch(membership.accountId, user.id, new Date(), tx);
    return {
      user: { id: user.id, adminLevel: user.adminLevel, name: user.name, sessionVersion: user.sessionVersion },
      membership,
      refreshToken: token.value,
      refreshExpiresAt: token.expiresAt.toISOString(),
    };
  }
}
