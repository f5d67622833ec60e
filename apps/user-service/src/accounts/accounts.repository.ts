import { Injectable } from '@nestjs/common';
import type { AccountRole, PreferenceValues } from '@wrenchlog/contracts';
import { advisoryXactLock } from '@wrenchlog/platform';
import { DataSource, In } from 'typeorm';
import type { Tx } from '../common/transactions.js';
import type { UserEntity } from '../users/user.entity.js';
import { AccountEntity } from './account.entity.js';
import { InvitationEntity } from './invitation.entity.js';
import { MembershipEntity } from './membership.entity.js';

/** The account a caller acts in and their role there. */
export interface Membership {
  accountId: number;
  role: AccountRole;
}

/** One of a person's memberships with its account's name (the account switcher). */
export interface MembershipWithAccount extends Membership {
  name: string;
}

/** Advisory-lock namespace of user-service: one lock per account for membership changes. */
const ACCOUNT_LOCK_NAMESPACE = 4101;

/** SQL of the `accounts` table, its id counter, and the memberships read at sign-in. */
@Injectable()
export class AccountsRepository {
  constructor(private readonly dataSource: DataSource) {}

  private manager(tx?: Tx) {
    return tx ?? this.dataSource.manager;
  }

  /**
   * Serialises the membership changes of one account (PostgreSQL; SQLite runs one transaction at a
   * time): two concurrent role changes, or a demotion racing a removal, each see the other's result,
   * so the last-owner rule holds and the last change is what stays.
   */
  lock(tx: Tx, accountId: number): Promise<void> {
    return advisoryXactLock(tx, ACCOUNT_LOCK_NAMESPACE, accountId);
  }

  /**
   * The next account id, from a counter that started above every account and user id at the upgrade
   * (migration 1766200000000): a new account never takes the id of a person's pre-accounts data.
   * The counter row's update lock serialises concurrent creations.
   */
  async nextId(tx: Tx): Promise<number> {
    await tx.query('UPDATE account_id_counter SET last_id = last_id + 1 WHERE id = 1');
    const [row] = (await tx.query('SELECT last_id FROM account_id_counter WHERE id = 1')) as { last_id: number | string }[];
    return Number(row.last_id);
  }

  /** A new account with `ownerId` its owner. */
  async addAccount(tx: Tx, name: string, ownerId: number, at: Date): Promise<MembershipEntity> {
    const id = await this.nextId(tx);
    await tx.getRepository(AccountEntity).insert({ id, name, createdAt: at });
    const owner: MembershipEntity = { accountId: id, userId: ownerId, role: 'owner', joinedAt: at, machineIds: null, lastActiveAt: null, announcedAt: null };
    await tx.getRepository(MembershipEntity).insert(owner);
    return owner;
  }

  /** A new person's own account: named as they named it at signup, and they its owner. */
  async addFirstAccount(tx: Tx, user: Pick<UserEntity, 'id' | 'name' | 'createDate'>): Promise<Membership> {
    const owner = await this.addAccount(tx, user.name, user.id, user.createDate);
    return { accountId: owner.accountId, role: owner.role };
  }

  byId(id: number, tx?: Tx): Promise<AccountEntity | null> {
    return this.manager(tx).getRepository(AccountEntity).findOneBy({ id });
  }

  /** Replaces the account's defaults (issue 34): the fields given, the others unset. */
  async setDefaults(tx: Tx, id: number, defaults: PreferenceValues): Promise<void> {
    await tx.getRepository(AccountEntity).update({ id }, { defaults });
  }

  async rename(tx: Tx, id: number, name: string): Promise<void> {
    await tx.getRepository(AccountEntity).update({ id }, { name });
  }

  /** The account, its memberships and invitations (the database cascades too, where it enforces keys). */
  async remove(tx: Tx, id: number): Promise<void> {
    await tx.getRepository(InvitationEntity).delete({ accountId: id });
    await tx.getRepository(MembershipEntity).delete({ accountId: id });
    await tx.getRepository(AccountEntity).delete({ id });
  }

  /**
   * The membership a session of `userId` acts in: in `accountId` when they are a member of it (the
   * account their token or refresh token names), else the one they used last (their oldest when
   * none was used yet). Null for a user who belongs to none.
   */
  async membershipOf(userId: number, accountId?: number | null, tx?: Tx): Promise<Membership | null> {
    const rows = await this.manager(tx)
      .getRepository(MembershipEntity)
      .find({ where: { userId }, order: { joinedAt: 'ASC', accountId: 'ASC' }, select: { accountId: true, role: true, lastActiveAt: true } });
    const lastUsed = rows.reduce<MembershipEntity | undefined>(
      (best, m) => (m.lastActiveAt && (!best?.lastActiveAt || m.lastActiveAt > best.lastActiveAt) ? m : best),
      undefined,
    );
    const row = rows.find((m) => m.accountId === accountId) ?? lastUsed ?? rows[0];
    return row ? { accountId: row.accountId, role: row.role } : null;
  }

  /** Every membership of the person, with the account's name, oldest first. */
  async membershipsOf(userId: number, tx?: Tx): Promise<MembershipWithAccount[]> {
    const rows = await this.manager(tx)
      .createQueryBuilder()
      .select(['m.account_id AS "accountId"', 'm.role AS role', 'a.name AS name'])
      .from(MembershipEntity, 'm')
      .innerJoin(AccountEntity, 'a', 'a.id = m.account_id')
      .where('m.user_id = :userId', { userId })
      .orderBy('m.joined_at', 'ASC')
      .addOrderBy('m.account_id', 'ASC')
      .getRawMany<{ accountId: number | string; role: AccountRole; name: string }>();
    return rows.map((r) => ({ accountId: Number(r.accountId), role: r.role, name: r.name }));
  }

  /** How many members each of the accounts has (one query). */
  async memberCounts(accountIds: number[]): Promise<Map<number, number>> {
    if (accountIds.length === 0) {
      return new Map();
    }
    const rows = await this.dataSource
      .getRepository(MembershipEntity)
      .createQueryBuilder('m')
      .select('m.account_id', 'accountId')
      .addSelect('COUNT(*)', 'n')
      .where({ accountId: In(accountIds) })
      .groupBy('m.account_id')
      .getRawMany<{ accountId: number | string; n: number | string }>();
    return new Map(rows.map((r) => [Number(r.accountId), Number(r.n)]));
  }

  /** Every account, oldest first, with its owners' names (the administrator's list). */
  async all(): Promise<{ account: AccountEntity; ownerNames: string[] }[]> {
    const accounts = await this.dataSource.getRepository(AccountEntity).find({ order: { id: 'ASC' } });
    const owners = await this.dataSource
      .createQueryBuilder()
      .select(['m.account_id AS "accountId"', 'u.name AS name'])
      .from(MembershipEntity, 'm')
      .innerJoin('users', 'u', 'u.id = m.user_id')
      .where("m.role = 'owner'")
      .orderBy('m.joined_at', 'ASC')
      .getRawMany<{ accountId: number | string; name: string }>();
    const byAccount = new Map<number, string[]>();
    for (const o of owners) {
      byAccount.set(Number(o.accountId), [...(byAccount.get(Number(o.accountId)) ?? []), o.name]);
    }
    return accounts.map((account) => ({ account, ownerNames: byAccount.get(account.id) ?? [] }));
  }
}
