import type { IssuePriority, IssueStatus } from '@wrenchlog/contracts';
import { AuditedAccountRow } from '@wrenchlog/platform';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A problem on a machine (issue 35): open, in progress (on a work order), resolved or closed. */
@Entity('issues')
export class IssueEntity extends AuditedAccountRow {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'machine_id', type: 'integer' })
  machineId: number;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'varchar', length: 10 })
  priority: IssuePriority;

  @Column({ type: 'varchar', length: 12 })
  status: IssueStatus;

  @Column({ name: 'out_of_service', type: 'boolean', default: false })
  outOfService: boolean;

  /** The meters when reported (issue 35: "the meter value at the time"). */
  @Column({ name: 'meter_distance', type: 'double precision', nullable: true })
  meterDistance: number | null;

  @Column({ name: 'meter_hours', type: 'double precision', nullable: true })
  meterHours: number | null;

  @Column({ name: 'work_order_id', type: 'integer', nullable: true })
  workOrderId: number | null;

  @Column({ name: 'inspection_id', type: 'integer', nullable: true })
  inspectionId: number | null;

  @Column({ name: 'resolution_note', type: 'text', nullable: true })
  resolutionNote: string | null;

  @Column({ name: 'close_reason', type: 'text', nullable: true })
  closeReason: string | null;

  @Column({ name: 'resolved_at', nullable: true, type: Date })
  resolvedAt: Date | null;

  /** The client's Idempotency-Key: a retried report answers the first issue (unique per account; the offline queue resends). */
  @Column({ name: 'idempotency_key', type: 'varchar', length: 128, nullable: true })
  idempotencyKey: string | null;

  @Column({ name: 'created_at' })
  createdAt: Date;

  @Column({ name: 'updated_at' })
  updatedAt: Date;
}
