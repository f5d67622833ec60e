import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { type Actor, type JobRunRequest, type JobView } from '@wrenchlog/contracts';
import { conflict, notFound } from '@wrenchlog/platform';
import { canStart, isStaleRun, JOB_MESSAGES, JOB_TIMEOUT_MS, outcomeStatus } from './job-rules.js';
import { JobFailure, JobRunners } from './job-runners.js';
import type { JobEntity } from './job.entity.js';
import { JobsRepository } from './jobs.repository.js';

const parseParams = (text: string | null): { limit?: number } => {
  try {
    return text ? (JSON.parse(text) as { limit?: number }) : {};
  } catch {
    return {};
  }
};

export const toJobView = (j: JobEntity): JobView => ({
  id: j.id,
  name: j.name,
  status: j.status,
  lastRun: j.lastRun ? j.lastRun.toISOString() : null,
  message: j.message,
  params: parseParams(j.params),
});

/**
 * The persisted job registry. A run is claimed with a conditional update (status not Running), so
 * two admins, two tabs or two replicas can never start the same job twice; the work then runs in
 * the background and its row ends Completed or Failed with a message.
 */
@Injectable()
export class JobsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly jobs: JobsRepository,
    private readonly runners: JobRunners,
  ) {}

  async list(): Promise<JobView[]> {
    await this.failStaleRuns();
    return (await this.jobs.all()).map(toJobView);
  }

  async run(admin: Actor, request: JobRunRequest, correlationId?: string): Promise<JobView> {
    const job = await this.jobs.byId(request.id);
    const work = job && this.runners.work(job.id);
    if (!job || !work) {
      throw notFound('Job not found');
    }
    await this.failStaleRuns();
    // Only a job that has a limit (Backfill Images) takes one; the others ignore params.
    const stored = parseParams(job.params);
    const params = 'limit' in stored && request.params?.limit !== undefined ? { ...stored, limit: request.params.limit } : stored;
    if (!canStart(job.status)) {
      throw conflict(JOB_MESSAGES.alreadyRunning);
    }
    const startedAt = new Date();
    const claimed = await this.jobs.claim(job.id, {
      status: 'Running',
      lastRun: startedAt,
      finishedAt: null,
      message: JOB_MESSAGES.starting,
      params: JSON.stringify(params),
    });
    if (!claimed) {
      throw conflict(JOB_MESSAGES.alreadyRunning);
    }
    this.logger.log(`${job.name} started by user ${admin.userId}`);
    const done = this.execute(job, () => work({ actor: admin, params, correlationId }), startedAt);
    this.inFlight.add(done);
    void done.finally(() => this.inFlight.delete(done));
    return toJobView((await this.jobs.byId(job.id))!);
  }

  /** A restart loses the runs it had in flight: their rows must not stay Running forever. */
  async onApplicationBootstrap(): Promise<void> {
    await this.failStaleRuns().catch((err: Error) => this.logger.warn(`stale job check failed: ${err.message}`));
  }

  async onApplicationShutdown(): Promise<void> {
    // Let running jobs finish their current step briefly; what is left is marked stale on the next start.
    await Promise.race([Promise.allSettled([...this.inFlight]), new Promise((r) => setTimeout(r, 5000).unref())]);
  }

  private async execute(job: JobEntity, work: () => Promise<string>, startedAt: Date): Promise<void> {
    let outcome: 'succeeded' | 'failed';
    let message: string;
    try {
      message = await withTimeout(work(), JOB_TIMEOUT_MS);
      outcome = 'succeeded';
    } catch (err) {
      outcome = 'failed';
      message = err instanceof JobFailure ? err.message : `Job failed: ${(err as Error)?.message ?? String(err)}`;
      if (!(err instanceof JobFailure)) {
        this.logger.error(`${job.name} failed: ${(err as Error)?.stack ?? String(err)}`);
      }
    }
    // Only the run that claimed the row may finish it (a stale-run sweep may have failed it meanwhile).
    await this.jobs
      .finish(job.id, startedAt, { status: outcomeStatus(outcome), finishedAt: new Date(), message: message.slice(0, 4000) })
      .catch((err: Error) => this.logger.error(`could not record the end of ${job.name}: ${err.message}`));
    this.logger.log(`${job.name} ${outcome}: ${message}`);
  }

  private async failStaleRuns(): Promise<void> {
    const now = new Date();
    const running = await this.jobs.runningSince(new Date(now.getTime() - JOB_TIMEOUT_MS));
    const stale = running.filter((j) => isStaleRun(j.status, j.lastRun, now)).map((j) => j.id);
    if (stale.length > 0) {
      await this.jobs.endRunning(stale, { status: 'Failed', finishedAt: now, message: JOB_MESSAGES.interrupted });
    }
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new JobFailure(`Job failed: it did not finish within ${Math.round(ms / 60000)} minutes.`)), ms);
    timer.unref();
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
