import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * This service's view of each schedule, fed by schedule.status.changed: its current status since
 * when, its completion cycle and the weekly reminders made while overdue.
 */
@Entity('schedule_states')
export class ScheduleStateEntity {
  @PrimaryColumn({ name: 'schedule_id', type: 'integer' })
  scheduleId: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId: number;

  @Column({ name: 'machine_id', type: 'integer' })
  machineId: number;

  @Column({ type: 'text' })
  title: string;

  /** null once the schedule (or its machine) was deleted. */
  @Column({ type: 'varchar', length: 10, nullable: true })
  status: string | null;

  @Column({ type: 'text', nullable: true })
  reason: string | null;

  /** Completions seen (for the record; notification keys name a cycle by when its status began). */
  @Column({ type: 'integer', default: 0 })
  cycle: number;

  @Column({ name: 'status_since' })
  statusSince: Date;

  @Column({ name: 'reminder_weeks', type: 'integer', default: 0 })
  reminderWeeks: number;

  @Column({ name: 'event_at' })
  eventAt: Date;
}
