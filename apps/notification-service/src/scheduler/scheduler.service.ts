import { Injectable, Logger } from '@nestjs/common';
import { NOTIFICATION_SCHEDULER_JOB_ID, type JobStatus, type SchedulerStatus } from '@wrenchlog/contracts';
import { PolledDrainer } from '@wrenchlog/platform';
import { randomUUID } from 'node:crypto';
import { DataSource, LessThan, LessThanOrEqual } from 'typeorm';
import { Clock } from '../common/clock.js';
import { NotificationEnv } from '../config/notification-env.js';
import { SchedulerLeaseEntity } from './scheduler-lease.entity.js';
import { SchedulerJobs } from './scheduler-jobs.js';

const LEASE = 'tick';
/** A replica that dies mid-run loses the lease after this long. */
const LEASE_MS = 2 * 60_000;

/**
 * The built-in scheduler (no cron): a pass every NOTIFICATION_TICK_MS and right after a change of
 * a schedule's status (kick). A replica runs a pass only while it holds the lease row, and the
 * periodic work (weekly reminders, digests) once per tick slot whichever replica gets there first.
 * Each thing it makes has a unique key, so a pass repeated after a crash sends nothing twice.
 */
@Injectable()
export class SchedulerService extends PolledDrainer {
  private readonly logger = new Logger(SchedulerService.name);
  private readonly me = randomUUID();
  /** A Run from the Jobs tab: the next pass does the periodic work whatever the slot. */
  private forced = false;
  private running = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly jobs: SchedulerJobs,
    private readonly env: NotificationEnv,
  ) {
    super(env.NOTIFICATION_TICK_MS);
  }

  /** Runs a pass soon (after the caller's transaction has committed). */
  override kick(): void {
    super.kick();
  }

  protected async drain(): Promise<void> {
    const now = this.clock.now();
    const slot = Math.floor(now.getTime() / this.env.NOTIFICATION_TICK_MS);
    const repo = this.dataSource.getRepository(SchedulerLeaseEntity);
    try {
      await repo
        .createQueryBuilder()
        .insert()
        .values({ name: LEASE, holder: null, expiresAt: new Date(0), slot: 0, lastSent: 0, totalSent: 0, failed: 0 })
        .orIgnore()
        .execute();
      const taken = await repo.update(
        [
          { name: LEASE, expiresAt: LessThanOrEqual(now) },
          { name: LEASE, holder: this.me },
        ],
        { holder: this.me, expiresAt: new Date(now.getTime() + LEASE_MS) },
      );
      if (!taken.affected) {
        return;
      }
    } catch (err) {
      this.logger.warn(`scheduler lease not available: ${(err as Error).message}`);
      return;
    }
    const started = Date.now();
    let sent = 0;
    let failed = 0;
    let lastError: string | null = null;
    let ran = false;
    try {
      const force = this.forced;
      this.forced = false;
      const periodic = await repo.update(force ? { name: LEASE, holder: this.me } : { name: LEASE, holder: this.me, slot: LessThan(slot) }, { slot });
      if (periodic.affected) {
        ran = true;
        this.running = true;
        const result = await this.jobs.periodic(now);
        sent += result.sent;
        failed += result.failed;
        lastError = result.lastError;
      }
    } catch (err) {
      failed += 1;
      lastError = (err as Error).message ?? String(err);
      this.logger.error(`scheduler pass failed: ${lastError}`);
    } finally {
      this.running = false;
      const row = await repo.findOneBy({ name: LEASE });
      const figures = ran
        ? {
            lastRunAt: now,
            lastRunMs: Date.now() - started,
            lastSent: sent,
            lastFailed: failed,
            totalSent: (row?.totalSent ?? 0) + sent,
            failed: (row?.failed ?? 0) + failed,
            lastError: lastError ?? row?.lastError ?? null,
          }
        : {};
      await repo.update({ name: LEASE, holder: this.me }, { holder: null, expiresAt: new Date(0), ...figures }).catch(() => undefined);
    }
  }

  async status(): Promise<SchedulerStatus> {
    const row = await this.dataSource.getRepository(SchedulerLeaseEntity).findOneBy({ name: LEASE });
    const lastRunAt = row?.lastRunAt ? row.lastRunAt.toISOString() : null;
    const lastSent = row?.lastSent ?? 0;
    const totalSent = row?.totalSent ?? 0;
    const lastFailed = row?.lastFailed ?? 0;
    const status: JobStatus = this.running ? 'Running' : !lastRunAt ? 'Idle' : lastFailed > 0 ? 'Failed' : 'Completed';
    const message = lastRunAt
      ? `Last run sent ${lastSent} (${totalSent} in all); ${lastFailed} failed${row?.lastError ? `; last error: ${row.lastError}` : ''}`
      : `Runs every ${Math.round(this.env.NOTIFICATION_TICK_MS / 60_000)} min and after each schedule status change`;
    return {
      lastRunAt,
      lastRunMs: row?.lastRunMs ?? null,
      lastSent,
      totalSent,
      failed: row?.failed ?? 0,
      lastFailed,
      lastError: row?.lastError ?? null,
      job: { id: NOTIFICATION_SCHEDULER_JOB_ID, name: 'Notification Scheduler', status, lastRun: lastRunAt, message, params: {} },
    };
  }

  /** The Jobs tab's Run: a pass now with the periodic work (idempotent: everything has its key). */
  async runNow(): Promise<SchedulerStatus> {
    this.forced = true;
    await this.drainNow();
    return this.status();
  }
}
