import type { AccountRole } from '@wrenchlog/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A person's place in an account: their role there and since when. */
@Entity('memberships')
export class MembershipEntity {
  @PrimaryColumn({ name: 'account_id', type: 'integer' })
  accountId: number;

  @PrimaryColumn({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ type: 'varchar', length: 16 })
  role: AccountRole;

  @Column({ name: 'joined_at' })
  joinedAt: Date;
}
