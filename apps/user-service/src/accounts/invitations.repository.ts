import { Injectable } from '@nestjs/common';
import { DataSource, IsNull, MoreThan } from 'typeorm';
import type { Tx } from '../common/transactions.js';
import { InvitationEntity } from './invitation.entity.js';

export type NewInvitation = Omit<InvitationEntity, 'id'>;

/** SQL of the `invitations` table: the open invitations of each account, by the hash of their link. */
@Injectable()
export class InvitationsRepository {
  constructor(private readonly dataSource: DataSource) {}

  private table(tx?: Tx) {
    return (tx ?? this.dataSource.manager).getRepository(InvitationEntity);
  }

  byHash(tokenHash: string, tx?: Tx): Promise<InvitationEntity | null> {
    return this.table(tx).findOneBy({ tokenHash });
  }

  byId(id: number, tx?: Tx): Promise<InvitationEntity | null> {
    return this.table(tx).findOneBy({ id });
  }

  /** The open invitations of an address (every account's), newest first. */
  openFor(email: string, at: Date): Promise<InvitationEntity[]> {
    return this.table().find({ where: { email, usedAt: IsNull(), expiresAt: MoreThan(at) }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  /** The account's invitations not yet accepted nor expired at `at`, newest first. */
  open(accountId: number, at: Date): Promise<InvitationEntity[]> {
    return this.table().find({ where: { accountId, usedAt: IsNull(), expiresAt: MoreThan(at) }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  async add(tx: Tx, row: NewInvitation): Promise<InvitationEntity> {
    const created = this.table(tx).create(row);
    await this.table(tx).insert(created);
    return created;
  }

  /** Deletes the account's unaccepted invitations of this address (a new one replaces them: "resend"). */
  async removeOpen(tx: Tx, accountId: number, email: string): Promise<void> {
    await this.table(tx).delete({ accountId, email, usedAt: IsNull() });
  }

  /** Answers whether the unaccepted invitation existed. */
  async remove(tx: Tx, accountId: number, id: number): Promise<boolean> {
    return Boolean((await this.table(tx).delete({ accountId, id, usedAt: IsNull() })).affected);
  }

  /** Spends the link if still unused and unexpired at `at`: of two uses only one gets true. */
  async claim(tx: Tx, id: number, at: Date): Promise<boolean> {
    return Boolean((await this.table(tx).update({ id, usedAt: IsNull(), expiresAt: MoreThan(at) }, { usedAt: at })).affected);
  }
}
