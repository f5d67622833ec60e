import { Injectable } from '@nestjs/common';
import { DataSource, IsNull, MoreThan, Not } from 'typeorm';
import type { Tx } from '../common/transactions.js';
import { RefreshTokenEntity } from './refresh-token.entity.js';

export type NewRefreshToken = Omit<RefreshTokenEntity, 'id'>;

/** SQL of the `refresh_tokens` table: one row a token, grouped in families (one a sign-in). */
@Injectable()
export class RefreshTokensRepository {
  constructor(private readonly dataSource: DataSource) {}

  private table(tx?: Tx) {
    return (tx ?? this.dataSource.manager).getRepository(RefreshTokenEntity);
  }

  byHash(tokenHash: string, tx?: Tx): Promise<RefreshTokenEntity | null> {
    return this.table(tx).findOneBy({ tokenHash });
  }

  /** The token only when it belongs to `userId`. */
  byHashOfUser(tx: Tx, tokenHash: string, userId: number): Promise<RefreshTokenEntity | null> {
    return this.table(tx).findOneBy({ tokenHash, userId });
  }

  async add(row: NewRefreshToken, tx?: Tx): Promise<void> {
    await this.table(tx).insert(row);
  }

  /** Marks the token used unless it already was: of two concurrent refreshes only one gets true. */
  async claim(tx: Tx, id: number, at: Date): Promise<boolean> {
    const claimed = await this.table(tx).update({ id, usedAt: IsNull() }, { usedAt: at });
    return Boolean(claimed.affected);
  }

  async revokeFamily(familyId: string, at: Date, tx?: Tx): Promise<void> {
    await this.table(tx).update({ familyId, revokedAt: IsNull() }, { revokedAt: at });
  }

  /**
   * Revokes every family of the user except `keepFamilyId`. Answers how many of them were still
   * live (neither used up, revoked nor expired): the sessions that this ended.
   */
  async revokeFamiliesOf(tx: Tx, userId: number, at: Date, keepFamilyId?: string): Promise<number> {
    const family = keepFamilyId ? { familyId: Not(keepFamilyId) } : {};
    const live = await this.table(tx).find({
      select: { familyId: true },
      where: { userId, revokedAt: IsNull(), usedAt: IsNull(), expiresAt: MoreThan(at), ...family },
    });
    await this.table(tx).update({ userId, revokedAt: IsNull(), ...family }, { revokedAt: at });
    return new Set(live.map((t) => t.familyId)).size;
  }
}
