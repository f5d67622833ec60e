import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One member's digest of one local day in one account: the unique (account, member, date) makes it once, whatever the replicas. */
@Entity('digests')
export class DigestEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId: number;

  /** The member (issue 32: per member and per account). */
  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ name: 'local_date', type: 'varchar', length: 10 })
  localDate: string;

  /** Items reported (0: nothing to say, no email). */
  @Column({ type: 'integer' })
  items: number;

  @Column({ name: 'created_at' })
  createdAt: Date;
}
