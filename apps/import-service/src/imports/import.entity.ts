import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One import of one user: its file (in object storage), what was detected, the user's mapping and its state. */
@Entity('imports')
export class ImportEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

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
}
