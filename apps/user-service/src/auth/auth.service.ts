import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ErrorCode, type LoginRequest, type SessionGrant } from '@wrenchlog/contracts';
import { DomainError, unauthorized } from '@wrenchlog/platform';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { DataSource, IsNull, Repository } from 'typeorm';
import { UserEnv } from '../config/user-env.js';
import { User } from '../users/user.entity.js';
import { PasswordHasher } from './password-hasher.js';
import { RefreshToken } from './refresh-token.entity.js';
import { judgeRefreshToken } from './refresh-token.rules.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(RefreshToken) private readonly tokens: Repository<RefreshToken>,
    private readonly dataSource: DataSource,
    private readonly hasher: PasswordHasher,
    private readonly env: UserEnv,
  ) {}

  async login({ username, password }: LoginRequest): Promise<SessionGrant> {
    // A flood is refused before it costs a database lookup; the hash itself is limited in verify().
    this.hasher.refuseSignInIfBusy();
    const user = await this.users.findOneBy({ username: username.trim().toLowerCase() });
    const matches = await this.hasher.verify(user?.passwordHash, password);
    if (!user || !matches) {
      throw unauthorized('Invalid email or password');
    }
    if (!user.enabled) {
      throw new DomainError(
        ErrorCode.AccountPending,
        'Your account is waiting for approval. You will receive an email when you can sign in.',
      );
    }
    const expiresAt = new Date(Date.now() + this.env.REFRESH_TOKEN_TTL_DAYS * DAY_MS);
    return this.grant(user, await this.issue(this.tokens, user.id, randomUUID(), expiresAt));
  }

  /** Rotates a refresh token: the presented one is used up and a new one of the same family is issued. */
  async refresh(presented: string): Promise<SessionGrant> {
    const outcome = await this.dataSource.transaction(async (manager) => {
      const repo = manager.getRepository(RefreshToken);
      const token = await repo.findOneBy({ tokenHash: hashToken(presented) });
      const verdict = judgeRefreshToken(token, new Date());
      if (verdict === 'reused') {
        await this.revokeFamily(repo, token!.familyId);
        return { verdict } as const;
      }
      if (verdict !== 'valid') {
        return { verdict } as const;
      }
      // Conditional update: of two concurrent refreshes with the same token only one wins.
      const claimed = await repo.update({ id: token!.id, usedAt: IsNull() }, { usedAt: new Date() });
      if (!claimed.affected) {
        await this.revokeFamily(repo, token!.familyId);
        return { verdict: 'reused' } as const;
      }
      const user = await manager.getRepository(User).findOneBy({ id: token!.userId });
      if (!user || !user.enabled) {
        await this.revokeFamily(repo, token!.familyId);
        return { verdict: 'revoked' } as const;
      }
      return { verdict, user, next: await this.issue(repo, user.id, token!.familyId, token!.expiresAt) } as const;
    });
    if (outcome.verdict === 'reused') {
      this.logger.warn('A rotated refresh token was presented again; its session family is revoked');
    }
    if (outcome.verdict !== 'valid' || !('user' in outcome)) {
      throw unauthorized('Your session has ended. Please sign in again.');
    }
    return this.grant(outcome.user, outcome.next);
  }

  /** Ends the session: the whole family of the presented token is revoked. */
  async logout(presented: string): Promise<{ revoked: boolean }> {
    const token = await this.tokens.findOneBy({ tokenHash: hashToken(presented) });
    if (!token) {
      return { revoked: false };
    }
    await this.revokeFamily(this.tokens, token.familyId);
    return { revoked: true };
  }

  private async issue(repo: Repository<RefreshToken>, userId: number, familyId: string, expiresAt: Date) {
    const value = randomBytes(32).toString('base64url');
    await repo.insert({ familyId, userId, tokenHash: hashToken(value), createdAt: new Date(), expiresAt, usedAt: null, revokedAt: null });
    return { value, expiresAt };
  }

  private async revokeFamily(repo: Repository<RefreshToken>, familyId: string): Promise<void> {
    await repo.update({ familyId, revokedAt: IsNull() }, { revokedAt: new Date() });
  }

  private grant(user: User, token: { value: string; expiresAt: Date }): SessionGrant {
    return {
      user: { id: user.id, adminLevel: user.adminLevel, name: user.name, sessionVersion: user.sessionVersion },
      refreshToken: token.value,
      refreshExpiresAt: token.expiresAt.toISOString(),
    };
  }
}
