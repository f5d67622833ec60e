import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A service's projection of the members of accounts, fed by account.member.saved (issue 32): the
 * names its answers show as `createdBy` / `updatedBy`, and the machine assignments its policy
 * reads. A removed member stays, so their records keep their name.
 */
@Entity('account_members')
export class AccountMemberEntity {
  @PrimaryColumn({ name: 'account_id', type: 'integer' })
  accountId: number;

  @PrimaryColumn({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 16 })
  role: string;

  /** JSON array of machine ids, or null for all machines. */
  @Column({ name: 'machine_ids', type: 'text', nullable: true })
  machineIds: string | null;

  @Column({ type: 'boolean', default: false })
  removed: boolean;

  /** The member's time zone preference (own, else the account's default; issue 34), null when neither is set. */
  @Column({ name: 'time_zone', type: 'varchar', length: 64, nullable: true })
  timeZone: string | null;

  @Column({ name: 'updated_at' })
  updatedAt: Date;
}
