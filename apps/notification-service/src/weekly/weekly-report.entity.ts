import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One user's weekly usage report of one week: the unique (user, first day) makes it once, whatever the replicas or runs. */
@Entity('weekly_reports')
@Index('uq_weekly_reports_user_from', ['userId', 'periodFrom'], { unique: true })
export class WeeklyReportEntity {
  @PrimaryGeneratedColumn()
  id: number;

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
