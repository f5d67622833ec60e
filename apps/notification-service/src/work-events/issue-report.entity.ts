import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * An issue reported in an account (work.issue.created), kept for the daily digest as schedule_states
 * are for schedules: its priority decides whether it went out at once (critical) or waits for the
 * digest, and its reporter is left out of the digest's readers.
 */
@Entity('issue_reports')
export class IssueReportEntity {
  @PrimaryColumn({ name: 'issue_id', type: 'integer' })
  issueId: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId: number;

  @Column({ name: 'machine_id', type: 'integer' })
  machineId: number;

  @Column({ name: 'machine_name', type: 'varchar', length: 200 })
  machineName: string;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'varchar', length: 10 })
  priority: string;

  @Column({ name: 'reported_by', type: 'integer' })
  reportedBy: number;

  @Column({ name: 'reported_at' })
  reportedAt: Date;
}
