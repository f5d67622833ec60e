import { Injectable } from '@nestjs/common';
import type { AccountRole } from '@wrenchlog/contracts';
import { DataSource } from 'typeorm';
import type { Tx } from '../common/transactions.js';
import type { UserEntity } from '../users/user.entity.js';
import { AccountEntity } from './account.entity.js';
import { MembershipEntity } from './membership.entity.js';

/** The account a caller acts in and their role there. */
export interface Membership {
  accountId: number;
  role: AccountRole;
}

/** SQL of the `accounts` and `memberships` tables. */
@Injectable()
export class AccountsRepository {
  constructor(private readonly dataSource: DataSource) {}

  private manager(tx?: Tx) {
    return tx ?? this.dataSource.manager;
  }

  /** A new person's own account: named as they named it at signup, with its id the user's, and they its owner. */
  async addFirstAccount(tx: Tx, user: Pick<UserEntity, 'id' | 'name' | 'createDate'>): Promise<Membership> {
    await tx.getRepository(AccountEntity).insert({ id: user.id, name: user.name, createdAt: user.createDate });
    await tx.getRepository(MembershipEntity).insert({ accountId: user.id, userId: user.id, role: 'owner', joinedAt: user.createDate });
    return { accountId: user.id, role: 'owner' };
  }

  /**
   * The membership a session of `userId` acts in: in `accountId` when they are a member of it (the
   * account their token names), else their oldest one. Null for a user who belongs to none.
   */
  async membershipOf(userId: number, accountId?: number, tx?: Tx): Promise<Membership | null> {
    const rows = await this.manager(tx)
      .getRepository(MembershipEntity)
      .find({ where: { userId }, order: { joinedAt: 'ASC', accountId: 'ASC' }, select: { accountId: true, role: true } });
    const row = rows.find((m) => m.accountId === accountId) ?? rows[0];
    return row ? { accountId: row.accountId, role: row.role } : null;
  }
}
