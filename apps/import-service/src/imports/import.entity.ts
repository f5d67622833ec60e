import type { ImportSameNameMachines } from '@wrenchlog/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedAccountRow } from '@wrenchlog/platform';

/** One import of one account: its file (in object storage), what was detected, the user's mapping and its state. */
@Entity('imports')
export class ImportEntity extends AuditedAccountRow {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 40 })
  source: string;

  @Column({ name: 'file_name', type: 'varchar', length: 255 })
  fileName: string;

  @Column({ name: 'object_key', type: 'varchar', length: 300 })
  objectKey: string;

  @Column({ name: 'byte_size', type: 'integer' })
  byteSize: number;

  /** JSON: the detection as the user last corrected it (the overrides of analyzeFile). */
  @Column({ type: 'text' })
  detected: string;

  /** JSON: Mapping (column -> field); null while the suggested one holds. */
  @Column({ type: 'text', nullable: true })
  mapping: string | null;

  @Column({ name: 'machine_id', type: 'integer', nullable: true })
  machineId: number | null;

  @Column({ name: 'machine_column', type: 'varchar', length: 500, nullable: true })
  machineColumn: string | null;

  /** A machine row named as one of the user's machines: 'use' it (also when null) or 'create' another. */
  @Column({ name: 'same_name_machines', type: 'varchar', length: 10, nullable: true })
  sameNameMachines: ImportSameNameMachines | null;

  @Column({ name: 'utc_offset_minutes', type: 'integer' })
  utcOffsetMinutes: number;

  @Column({ type: 'varchar', length: 20 })
  state: string;

  /** JSON: {valid, warnings, errors} of the last validation; null before one. */
  @Column({ type: 'text', nullable: true })
  counts: string | null;

  @Column({ name: 'row_total', type: 'integer' })
  rowTotal: number;

  @Column({ name: 'created_at' })
  createdAt: Date;

  @Column({ name: 'finished_at', type: Date, nullable: true })
  finishedAt: Date | null;

  /** all_or_nothing or skip_invalid, once committed. */
  @Column({ type: 'varchar', length: 20, nullable: true })
  mode: string | null;

  /** Rows the job has handled, of the rows the commit sends. */
  @Column({ name: 'progress_done', type: 'integer', default: 0 })
  progressDone: number;

  @Column({ name: 'progress_total', type: 'integer', default: 0 })
  progressTotal: number;

  @Column({ type: 'integer', default: 0 })
  written: number;

  /** Rows the commit did not send (errors in skip_invalid, duplicates not kept). */
  @Column({ type: 'integer', default: 0 })
  skipped: number;

  @Column({ type: 'integer', default: 0 })
  failed: number;

  /** Why the job failed (the first failed row, or an owner that kept failing). */
  @Column({ type: 'text', nullable: true })
  error: string | null;

  /** A revert was asked and is under way (state stays done or failed until it ends as reverted). */
  @Column({ type: 'boolean', default: false })
  reverting: boolean;

  /** JSON: {deleted, keptMachines} of the revert. */
  @Column({ name: 'revert_result', type: 'text', nullable: true })
  revertResult: string | null;

  @Column({ name: 'lease_owner', type: 'varchar', length: 64, nullable: true })
  leaseOwner: string | null;

  @Column({ name: 'lease_until', type: Date, nullable: true })
  leaseUntil: Date | null;

  /** When retention deleted the file and the rows (IMPORT_RETENTION_DAYS after the end); the history entry stays. */
  @Column({ name: 'purged_at', type: Date, nullable: true })
  purgedAt: Date | null;

  /** JSON number[]: the machines the import's machine rows wrote, kept when the rows go so Revert still finds them. */
  @Column({ name: 'row_machine_ids', type: 'text', nullable: true })
  rowMachineIds: string | null;
}
