import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One member's weekly usage report of one week in one account: the unique (account, member, first day) makes it once, whatever the replicas or runs. */
@Entity('weekly_reports')
@Index('uq_weekly_reports_member_from', ['accountId', 'userId', 'periodFrom'], { unique: true })
export class WeeklyReportEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId: number;

  /** The member (issue 32: per member and per account). */
  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  /** The week's first and last local days (YYYY-MM-DD). */
  @Column({ name: 'period_from', type: 'varchar', length: 10 })
  periodFrom: string;

  @Column({ name: 'period_to', type: 'varchar', length: 10 })
  periodTo: string;

  @Column({ name: 'created_at' })
  createdAt: Date;
}
