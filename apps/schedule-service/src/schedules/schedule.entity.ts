import type { ScheduleAnchor, ScheduleDimension, ScheduleOrigin, ScheduleStatus } from '@wrenchlog/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedAccountRow } from '@wrenchlog/platform';

/**
 * A maintenance schedule of one user's machine, with its computed state (next due, status, reason,
 * forecast) kept in the row so the fleet's Due list is one indexed read. The state is recomputed on
 * every change of its machine's readings, its completions or itself, and on the first read of a
 * new day (`computedOn`), since "today" moves the date-based statuses.
 */
@Entity('schedules')
export class ScheduleEntity extends AuditedAccountRow {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'machine_id', type: 'integer' })
  machineId: number;

  @Column({ name: 'machine_name', type: 'text', nullable: true })
  machineName: string | null;

  @Column({ name: 'machine_type', type: 'varchar', length: 60, nullable: true })
  machineType: string | null;

  /** Lower-case machine type for the list filter. */
  @Column({ name: 'machine_type_key', type: 'varchar', length: 60 })
  machineTypeKey: string;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ name: 'service_type', type: 'varchar', length: 50 })
  serviceType: string;

  @Column({ type: 'varchar', length: 10 })
  origin: ScheduleOrigin;

  /** 'license' or 'insurance' for the machine's date items (one each per machine), else null. */
  @Column({ name: 'origin_key', type: 'varchar', length: 10, nullable: true })
  originKey: string | null;

  /** The machine's expiration date for a date item. */
  @Column({ name: 'fixed_due_date', type: 'date', nullable: true })
  fixedDueDate: string | null;

  @Column({ name: 'interval_days', type: 'integer', nullable: true })
  intervalDays: number | null;

  @Column({ name: 'interval_months', type: 'integer', nullable: true })
  intervalMonths: number | null;

  @Column({ name: 'interval_distance', type: 'double precision', nullable: true })
  intervalDistance: number | null;

  @Column({ name: 'interval_hours', type: 'double precision', nullable: true })
  intervalHours: number | null;

  @Column({ name: 'soon_days', type: 'integer', nullable: true })
  soonDays: number | null;

  @Column({ name: 'soon_distance', type: 'double precision', nullable: true })
  soonDistance: number | null;

  @Column({ name: 'soon_hours', type: 'double precision', nullable: true })
  soonHours: number | null;

  @Column({ type: 'boolean' })
  recurring: boolean;

  @Column({ type: 'varchar', length: 10 })
  anchor: ScheduleAnchor;

  /** The baseline: last done before any completion recorded here (given, or today and the meters at creation). */
  @Column({ name: 'base_date', type: 'date', nullable: true })
  baseDate: string | null;

  @Column({ name: 'base_distance', type: 'double precision', nullable: true })
  baseDistance: number | null;

  @Column({ name: 'base_hours', type: 'double precision', nullable: true })
  baseHours: number | null;

  // Computed state.
  @Column({ name: 'last_done_date', type: 'date', nullable: true })
  lastDoneDate: string | null;

  @Column({ name: 'last_done_distance', type: 'double precision', nullable: true })
  lastDoneDistance: number | null;

  @Column({ name: 'last_done_hours', type: 'double precision', nullable: true })
  lastDoneHours: number | null;

  @Column({ name: 'next_due_date', type: 'date', nullable: true })
  nextDueDate: string | null;

  @Column({ name: 'next_due_distance', type: 'double precision', nullable: true })
  nextDueDistance: number | null;

  @Column({ name: 'next_due_hours', type: 'double precision', nullable: true })
  nextDueHours: number | null;

  @Column({ type: 'varchar', length: 10 })
  status: ScheduleStatus;

  /** 0 overdue, 1 due soon, 2 upcoming, 3 done (one-off): the Due list's first sort key. */
  @Column({ name: 'status_rank', type: 'integer' })
  statusRank: number;

  @Column({ type: 'varchar', length: 100 })
  reason: string;

  @Column({ name: 'reason_dimension', type: 'varchar', length: 10 })
  reasonDimension: ScheduleDimension;

  @Column({ name: 'forecast_date', type: 'date', nullable: true })
  forecastDate: string | null;

  /** forecastDate, or 9999-12-31 when none: the Due list's second sort key (no NULLS LAST needed). */
  @Column({ name: 'sort_date', type: 'date' })
  sortDate: string;

  @Column({ type: 'boolean', default: false })
  done: boolean;

  /** The day the state was computed for. */
  @Column({ name: 'computed_on', type: 'date' })
  computedOn: string;

  @Column({ name: 'date_created' })
  dateCreated: Date;

  @Column({ name: 'idempotency_key', type: 'varchar', length: 128, nullable: true })
  idempotencyKey: string | null;

  /** The job template (work-order-service's id) its work orders start from (issue 35). */
  @Column({ name: 'job_template_id', type: 'integer', nullable: true })
  jobTemplateId: number | null;

  /** The restore that wrote it (issue 23), with its row: unique together, so a resent batch writes nothing twice. */
  @Column({ name: 'import_id', type: 'integer', nullable: true })
  importId: number | null;

  @Column({ name: 'import_row', type: 'integer', nullable: true })
  importRow: number | null;
}
