import { Injectable } from '@nestjs/common';
import type { ApiTokenUse } from '@wrenchlog/contracts';
import { queryNamed } from '@wrenchlog/platform';
import { DataSource, In, IsNull, LessThan, MoreThan, type EntityManager } from 'typeorm';
import { UserEntity } from '../users/user.entity.js';
import { ApiTokenEntity, ApiTokenUsageEntity } from './api-token.entity.js';

export type NewApiToken = Omit<ApiTokenEntity, 'id'>;

/** SQL of `api_tokens` and `api_token_usage` (issue 33). */
@Injectable()
export class ApiTokensRepository {
  constructor(private readonly dataSource: DataSource) {}

  private get table() {
    return this.dataSource.getRepository(ApiTokenEntity);
  }

  byHash(tokenHash: string): Promise<ApiTokenEntity | null> {
    return this.table.findOneBy({ tokenHash });
  }

  /** The member's tokens that still work at `at`. */
  countLive(accountId: number, userId: number, at: Date): Promise<number> {
    return this.table.countBy({ accountId, userId, revokedAt: IsNull(), expiresAt: MoreThan(at) });
  }

  async add(row: NewApiToken): Promise<ApiTokenEntity> {
    const created = this.table.create(row);
    await this.table.insert(created);
    return created;
  }

  /** Tokens not revoked (expired ones too, until revoked), of the account or of one member, newest first, with the member's name. */
  async list(accountId: number, userId: number | null): Promise<(ApiTokenEntity & { userName: string | null })[]> {
    const query = this.table
      .createQueryBuilder('t')
      .leftJoin(UserEntity, 'u', 'u.id = t.user_id')
      .addSelect('u.name AS u_name')
      .where('t.account_id = :accountId', { accountId })
      .andWhere('t.revoked_at IS NULL')
      .orderBy('t.created_at', 'DESC')
      .addOrderBy('t.id', 'DESC');
    if (userId !== null) {
      query.andWhere('t.user_id = :userId', { userId });
    }
    const { entities, raw } = await query.getRawAndEntities<{ u_name: string | null }>();
    return entities.map((t, i) => ({ ...t, userName: raw[i]?.u_name ?? null }));
  }

  /** Revokes the account's token (one member's only, when `userId` is set); whether it was live. */
  async revoke(accountId: number, id: number, userId: number | null, at: Date): Promise<boolean> {
    const where = { id, accountId, revokedAt: IsNull(), ...(userId === null ? {} : { userId }) };
    return Boolean((await this.table.update(where, { revokedAt: at })).affected);
  }

  /** Revokes every live token of a member of the account (they were removed or left), in the caller's transaction. */
  async revokeMember(tx: EntityManager, accountId: number, userId: number, at: Date): Promise<void> {
    await tx.getRepository(ApiTokenEntity).update({ accountId, userId, revokedAt: IsNull() }, { revokedAt: at });
  }

  /** The ids of the tokens revoked after `since`. */
  async revokedAfter(since: Date): Promise<number[]> {
    const rows = await this.table.find({ where: { revokedAt: MoreThan(since) }, select: { id: true } });
    return rows.map((r) => r.id);
  }

  /**
   * Adds a replica's counts and answers every replica's totals of those tokens and minutes. One
   * statement per count (the batch is a second's worth of one replica's traffic); the upsert is
   * atomic on both engines, so replicas reporting at once never lose a count.
   */
  async addUses(uses: ApiTokenUse[]): Promise<ApiTokenUsageEntity[]> {
    if (uses.length === 0) {
      return [];
    }
    await this.dataSource.transaction(async (tx) => {
      for (const use of uses) {
        await queryNamed(
          tx,
          `INSERT INTO api_token_usage (token_id, window_start, count) VALUES (:tokenId, :window, :count)
           ON CONFLICT (token_id, window_start) DO UPDATE SET count = api_token_usage.count + excluded.count`,
          { tokenId: use.tokenId, window: use.window, count: use.count },
        );
      }
      const last = new Map<number, ApiTokenUse>();
      for (const use of uses) {
        const known = last.get(use.tokenId);
        if (!known || known.lastUsedAt < use.lastUsedAt) {
          last.set(use.tokenId, use);
        }
      }
      for (const use of last.values()) {
        await tx.getRepository(ApiTokenEntity).update({ id: use.tokenId }, { lastUsedAt: new Date(use.lastUsedAt), lastUsedIp: use.lastUsedIp.slice(0, 64) });
      }
    });
    return this.dataSource.getRepository(ApiTokenUsageEntity).find({
      where: uses.map((u) => ({ tokenId: u.tokenId, windowStart: u.window })),
    });
  }

  /** Drops the counts of minutes before `window` (they no longer limit anything). */
  async forgetUsesBefore(window: number): Promise<void> {
    await this.dataSource.getRepository(ApiTokenUsageEntity).delete({ windowStart: LessThan(window) });
  }

  /** Tokens by id (the usage report's). */
  byIds(ids: number[]): Promise<ApiTokenEntity[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.table.findBy({ id: In(ids) });
  }
}
