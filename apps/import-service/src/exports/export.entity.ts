import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedAccountRow } from '@wrenchlog/platform';

/** One "Download all my data" of one account: its job's state and lease, and the ZIP once written (deleted after a day). */
@Entity('exports')
export class ExportEntity extends AuditedAccountRow {
  @PrimaryGeneratedColumn()
  id: number;

  /** pending, running, ready or failed (contracts' EXPORT_STATES). */
  @Column({ type: 'varchar', length: 20 })
  state: string;

  @Column({ name: 'object_key', type: 'varchar', length: 300, nullable: true })
  objectKey: string | null;

  @Column({ name: 'byte_size', type: 'integer', nullable: true })
  byteSize: number | null;

  /** JSON: records per kind and photos, once ready. */
  @Column({ type: 'text', nullable: true })
  counts: string | null;

  @Column({ type: 'text', nullable: true })
  error: string | null;

  /** Until when the replica running the job holds it; a lapsed lease (a restart) lets another start it over. */
  @Column({ name: 'lease_until', type: Date, nullable: true })
  leaseUntil: Date | null;

  @Column({ name: 'created_at' })
  createdAt: Date;

  @Column({ name: 'finished_at', type: Date, nullable: true })
  finishedAt: Date | null;
}
