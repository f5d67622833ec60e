import { Injectable } from '@nestjs/common';
import { DataSource, IsNull, MoreThan } from 'typeorm';
import type { Tx } from '../common/transactions.js';
import { PasswordTokenEntity, type PasswordTokenPurpose } from './password-token.entity.js';

export type NewPasswordToken = Omit<PasswordTokenEntity, 'id'>;

/** SQL of the `password_tokens` table: the set-password links, stored as hashes. */
@Injectable()
export class PasswordTokensRepository {
  constructor(private readonly dataSource: DataSource) {}

  private table(tx?: Tx) {
    return (tx ?? this.dataSource.manager).getRepository(PasswordTokenEntity);
  }

  byHash(tokenHash: string): Promise<PasswordTokenEntity | null> {
    return this.table().findOneBy({ tokenHash });
  }

  /** Whether the user was sent a link of this purpose after `since`. */
  issuedSince(tx: Tx, userId: number, purpose: PasswordTokenPurpose, since: Date): Promise<boolean> {
    return this.table(tx).existsBy({ userId, purpose, createdAt: MoreThan(since) });
  }

  async add(tx: Tx, row: NewPasswordToken): Promise<void> {
    await this.table(tx).insert(row);
  }

  /** Uses the link up if it is still unused and unexpired at `at`: of two uses only one gets true. */
  async claim(tx: Tx, id: number, at: Date): Promise<boolean> {
    const claimed = await this.table(tx).update({ id, usedAt: IsNull(), expiresAt: MoreThan(at) }, { usedAt: at });
    return Boolean(claimed.affected);
  }

  /** Retires every unused link of the user. */
  async retireAll(tx: Tx, userId: number, at: Date): Promise<void> {
    await this.table(tx).update({ userId, usedAt: IsNull() }, { usedAt: at });
  }
}
