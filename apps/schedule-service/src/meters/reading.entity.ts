import type { ReadingSource } from '@wrenchlog/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedAccountRow } from '@wrenchlog/platform';

/** One reading of a meter; a void one is kept but ignored everywhere. */
@Entity('meter_readings')
export class ReadingEntity extends AuditedAccountRow {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'machine_id', type: 'integer' })
  machineId: number;

  @Column({ name: 'meter_id', type: 'integer' })
  meterId: number;

  @Column({ name: 'segment_id', type: 'integer' })
  segmentId: number;

  /** As read on the meter. */
  @Column({ type: 'double precision' })
  value: number;

  /** value + the segment's offset. */
  @Column({ type: 'double precision' })
  lifetime: number;

  @Column({ name: 'read_at', type: 'date' })
  readAt: string;

  @Column({ name: 'is_void', type: 'boolean', default: false })
  void: boolean;

  @Column({ type: 'boolean', default: false })
  rollover: boolean;

  @Column({ type: 'boolean', default: false })
  replacement: boolean;

  @Column({ type: 'varchar', length: 20 })
  source: ReadingSource;

  /** The service or fuel record it came from (with `source`). */
  @Column({ name: 'source_id', type: 'integer', nullable: true })
  sourceId: number | null;

  @Column({ name: 'date_created' })
  dateCreated: Date;

  @Column({ name: 'idempotency_key', type: 'varchar', length: 128, nullable: true })
  idempotencyKey: string | null;

  /** The import that wrote it (issue 23), with its row: unique together, so a resent batch writes nothing twice. */
  @Column({ name: 'import_id', type: 'integer', nullable: true })
  importId: number | null;

  @Column({ name: 'import_row', type: 'integer', nullable: true })
  importRow: number | null;

  /** Issue 38: the reading whose conflict left this one void (null: live, or voided by hand); placed again when that one goes. */
  @Column({ name: 'voided_by', type: 'integer', nullable: true })
  voidedBy: number | null;
}
