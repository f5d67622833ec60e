import { AuditedAccountRow } from '@wrenchlog/platform';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** An inspection done on a machine (issue 35). Not a service record: it stays out of the history. */
@Entity('inspections')
export class InspectionEntity extends AuditedAccountRow {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'machine_id', type: 'integer' })
  machineId: number;

  /** The form it followed; its name and items are copied into the answers, so a later change or deletion of the form leaves it. */
  @Column({ name: 'form_id', type: 'integer' })
  formId: number;

  @Column({ name: 'form_name', type: 'varchar', length: 120 })
  formName: string;

  @Column({ name: 'read_at', type: 'varchar', length: 10 })
  readAt: string;

  @Column({ name: 'meter_distance', type: 'double precision', nullable: true })
  meterDistance: number | null;

  @Column({ name: 'meter_hours', type: 'double precision', nullable: true })
  meterHours: number | null;

  /** The answers as a JSON array of InspectionAnswer. */
  @Column({ type: 'text' })
  items: string;

  @Column({ name: 'failed_count', type: 'integer' })
  failedCount: number;

  @Column({ name: 'signed_by', type: 'varchar', length: 120, nullable: true })
  signedBy: string | null;

  /** The client's Idempotency-Key: a retried create answers the first inspection (unique per account). */
  @Column({ name: 'idempotency_key', type: 'varchar', length: 128, nullable: true })
  idempotencyKey: string | null;

  @Column({ name: 'created_at' })
  createdAt: Date;
}
