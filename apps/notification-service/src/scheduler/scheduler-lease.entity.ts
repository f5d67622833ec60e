import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The lease that makes one replica run each tick, and the last run's figures for the admin. */
@Entity('scheduler_lease')
export class SchedulerLeaseEntity {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  name: string;

  @Column({ type: 'varchar', length: 64, nullable: true })
  holder: string | null;

  @Column({ name: 'expires_at' })
  expiresAt: Date;

  @Column({ type: 'integer', default: 0 })
  slot: number;

  @Column({ name: 'last_run_at', type: Date, nullable: true })
  lastRunAt: Date | null;

  @Column({ name: 'last_run_ms', type: 'integer', nullable: true })
  lastRunMs: number | null;

  @Column({ name: 'last_sent', type: 'integer', default: 0 })
  lastSent: number;

  @Column({ name: 'total_sent', type: 'integer', default: 0 })
  totalSent: number;

  @Column({ type: 'integer', default: 0 })
  failed: number;

  @Column({ name: 'last_failed', type: 'integer', default: 0 })
  lastFailed: number;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;
}
