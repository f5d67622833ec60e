import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { JobStatus } from '@wrenchlog/contracts';

/** One background job of the Admin tab; the four rows are created by the migration. */
@Entity('jobs')
export class JobEntity {
  @PrimaryColumn({ type: 'integer' })
  id: number;

  @Column({ type: 'varchar', length: 120 })
  name: string;

  @Column({ type: 'varchar', length: 20, default: 'Idle' })
  status: JobStatus;

  /** When the last run started. */
  @Column({ name: 'last_run', type: Date, nullable: true })
  lastRun: Date | null;

  @Column({ name: 'finished_at', type: Date, nullable: true })
  finishedAt: Date | null;

  @Column({ type: 'text', nullable: true })
  message: string | null;

  /** JSON of the last run's params, e.g. {"limit":7}. */
  @Column({ type: 'text', nullable: true })
  params: string | null;
}
