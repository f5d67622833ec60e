import { Injectable } from '@nestjs/common';
import { DataSource, In, IsNull } from 'typeorm';
import type { Tx } from '../common/transactions.js';
import { UserEntity } from '../users/user.entity.js';
import { MembershipEntity } from './membership.entity.js';

/** A membership with the person's name and sign-in email. */
export interface MemberRow extends MembershipEntity {
  name: string;
  email: string;
}

export type MemberChange = Partial<Pick<MembershipEntity, 'role' | 'machineIds' | 'announcedAt' | 'preferences'>>;

/** SQL of the `memberships` table: who belongs to which account, in which role, on which machines. */
@Injectable()
export class MembershipsRepository {
  constructor(private readonly dataSource: DataSource) {}

  private table(tx?: Tx) {
    return (tx ?? this.dataSource.manager).getRepository(MembershipEntity);
  }

  one(accountId: number, userId: number, tx?: Tx): Promise<MembershipEntity | null> {
    return this.table(tx).findOneBy({ accountId, userId });
  }

  /** Members of an account with their names, oldest first; `userIds` narrows to those people. */
  async members(accountId: number, tx?: Tx, userIds?: number[]): Promise<MemberRow[]> {
    const query = (tx ?? this.dataSource.manager)
      .getRepository(MembershipEntity)
      .createQueryBuilder('m')
      .innerJoin(UserEntity, 'u', 'u.id = m.user_id')
      .addSelect(['u.name AS u_name', 'u.username AS u_username'])
      .where('m.account_id = :accountId', { accountId })
      .orderBy('m.joined_at', 'ASC')
      .addOrderBy('m.user_id', 'ASC');
    if (userIds) {
      query.andWhere({ userId: In(userIds) });
    }
    const { entities, raw } = await query.getRawAndEntities<{ u_name: string; u_username: string }>();
    return entities.map((m, i) => ({ ...m, name: raw[i].u_name, email: raw[i].u_username }));
  }

  /** Every membership of a person with their name (a name change is announced once per membership). */
  async ofUser(tx: Tx, userId: number): Promise<MembershipEntity[]> {
    return this.table(tx).findBy({ userId });
  }

  countOwners(tx: Tx, accountId: number): Promise<number> {
    return this.table(tx).countBy({ accountId, role: 'owner' });
  }

  async add(tx: Tx, row: MembershipEntity): Promise<void> {
    await this.table(tx).insert(row);
  }

  async update(tx: Tx, accountId: number, userId: number, change: MemberChange): Promise<void> {
    await this.table(tx).update({ accountId, userId }, change);
  }

  async remove(tx: Tx, accountId: number, userId: number): Promise<void> {
    await this.table(tx).delete({ accountId, userId });
  }

  /** The member got an access token for the account: it is their last used, and "last active" shows it. */
  async touch(accountId: number, userId: number, at: Date, tx?: Tx): Promise<void> {
    await this.table(tx).update({ accountId, userId }, { lastActiveAt: at });
  }

  /** Memberships whose ACCOUNT_MEMBER_SAVED has not gone out yet, with the person's name. */
  async unannounced(take: number): Promise<(MembershipEntity & { name: string })[]> {
    const { entities, raw } = await this.table()
      .createQueryBuilder('m')
      .innerJoin(UserEntity, 'u', 'u.id = m.user_id')
      .addSelect('u.name AS u_name')
      .where({ announcedAt: IsNull() })
      .orderBy('m.account_id', 'ASC')
      .addOrderBy('m.user_id', 'ASC')
      .limit(take)
      .getRawAndEntities<{ u_name: string }>();
    return entities.map((m, i) => ({ ...m, name: raw[i].u_name }));
  }

  /** Marks rows announced unless another replica did first; answers how many this call took. */
  async markAnnounced(tx: Tx, keys: { accountId: number; userId: number }[], at: Date): Promise<number> {
    let taken = 0;
    for (const { accountId, userId } of keys) {
      taken += (await this.table(tx).update({ accountId, userId, announcedAt: IsNull() }, { announcedAt: at })).affected ?? 0;
    }
    return taken;
  }
}
