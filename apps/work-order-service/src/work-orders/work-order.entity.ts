import type { IssuePriority, WorkOrderState } from '@wrenchlog/contracts';
import { AuditedAccountRow } from '@wrenchlog/platform';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A work order (issue 35): a job on one machine, with its lines, the schedules it completes and the issues it resolves. */
@Entity('work_orders')
export class WorkOrderEntity extends AuditedAccountRow {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'machine_id', type: 'integer' })
  machineId: number;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'varchar', length: 20 })
  state: WorkOrderState;

  @Column({ type: 'varchar', length: 10 })
  priority: IssuePriority;

  @Column({ name: 'assignee_user_id', type: 'integer', nullable: true })
  assigneeUserId: number | null;

  @Column({ name: 'vendor_supplier_id', type: 'integer', nullable: true })
  vendorSupplierId: number | null;

  @Column({ name: 'planned_date', type: 'varchar', length: 10, nullable: true })
  plannedDate: string | null;

  @Column({ type: 'text', nullable: true })
  notes: string | null;

  /** The checklist, a JSON array of WorkOrderStep ({text, done}); null: none (orders before job templates). */
  @Column({ type: 'text', nullable: true })
  steps: string | null;

  /** The schedules it completes, as a JSON array of ids (schedule-service owns them). */
  @Column({ name: 'schedule_ids', type: 'text', default: '[]' })
  scheduleIds: string;

  @Column({ name: 'service_record_id', type: 'integer', nullable: true })
  serviceRecordId: number | null;

  @Column({ name: 'completed_at', type: 'varchar', length: 10, nullable: true })
  completedAt: string | null;

  @Column({ name: 'completion_distance', type: 'double precision', nullable: true })
  completionDistance: number | null;

  @Column({ name: 'completion_hours', type: 'double precision', nullable: true })
  completionHours: number | null;

  /**
   * How many times the order was completed: each completion's service record is made with the key
   * `work-order:<id>:<n>`, so a retry (or a resumed completion) finds the record the first try made.
   */
  @Column({ name: 'completions', type: 'integer', default: 0 })
  completions: number;

  /** The Idempotency-Key of the completion that made it done: a retry with it answers the order, another is 409. */
  @Column({ name: 'completion_key', type: 'varchar', length: 200, nullable: true })
  completionKey: string | null;

  @Column({ name: 'negative_stock', type: 'boolean', default: false })
  negativeStock: boolean;

  /** The version of the parts it holds back in stock (fuel-purchase-service keeps the newest it was sent). */
  @Column({ name: 'stock_version', type: 'integer', default: 0 })
  stockVersion: number;

  /** A completion in progress (PendingCompletion as JSON), written before its first step: the recovery finishes it after a crash. */
  @Column({ name: 'pending_completion', type: 'text', nullable: true })
  pendingCompletion: string | null;

  /** When that completion started or was last taken up; null when none is in progress. */
  @Column({ name: 'pending_since', nullable: true, type: Date })
  pendingSince: Date | null;

  @Column({ name: 'created_at' })
  createdAt: Date;

  @Column({ name: 'updated_at' })
  updatedAt: Date;
}
