import { Injectable } from '@nestjs/common';
import {
  ANALYTICS_PAGEVIEW_AGGREGATE,
  BACKFILL_DEFAULT_LIMIT,
  IMAGE_BACKFILL_RUN,
  JOB_IDS,
  NOTIFICATION_WEEKLY_RUN,
  type Actor,
  type WeeklyRunReply,
} from '@wrenchlog/contracts';
import { RpcClient } from '@wrenchlog/platform';
import { UserEnv } from '../config/user-env.js';

export interface JobContext {
  actor: Actor;
  params: { limit?: number };
  correlationId?: string;
}

/** A job's work: resolves with its completion message, or throws with the reason it failed. */
export type JobWork = (ctx: JobContext) => Promise<string>;

/** The weekly run asks report- and schedule-service once per user. */
const WEEKLY_RUN_TIMEOUT_MS = 10 * 60_000;

/** A failure that says what went wrong in words an admin can act on. */
export class JobFailure extends Error {}

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** What each of the four jobs does, for real. */
@Injectable()
export class JobRunners {
  constructor(
    private readonly rpc: RpcClient,
    private readonly env: UserEnv,
  ) {}

  work(id: number): JobWork | undefined {
    switch (id) {
      case JOB_IDS.dailyAnalyticsAggregation:
        return (ctx) => this.aggregateAnalytics(ctx);
      case JOB_IDS.weeklyReportGeneration:
        return (ctx) => this.weeklyReports(ctx);
      case JOB_IDS.externalDataSync:
        return () => this.externalSync();
      case JOB_IDS.backfillImages:
        return (ctx) => this.backfillImages(ctx);
      default:
        return undefined;
    }
  }

  /** Asks analytics-service to roll page views into per-day, per-page counts. */
  private async aggregateAnalytics(ctx: JobContext): Promise<string> {
    try {
      const r = await this.rpc.send(ANALYTICS_PAGEVIEW_AGGREGATE, {}, { actor: ctx.actor, correlationId: ctx.correlationId });
      return `Aggregated ${r.views} page views into ${r.rows} daily page counts over ${r.days} days.`;
    } catch (err) {
      throw new JobFailure(`Could not aggregate page views: ${reason(err)}`);
    }
  }

  /** Calls the image worker's backfill. */
  private async backfillImages(ctx: JobContext): Promise<string> {
    const limit = ctx.params.limit ?? BACKFILL_DEFAULT_LIMIT;
    try {
      const r = await this.rpc.send(IMAGE_BACKFILL_RUN, { limit }, { actor: ctx.actor, correlationId: ctx.correlationId });
      const summary = `Processed ${r.processed}, failed ${r.failed}, remaining ${r.remaining}.`;
      if (r.failed > 0 && r.processed === 0) {
        throw new JobFailure(`${r.message || 'Backfill failed.'} ${summary}`.trim());
      }
      return r.message ? `${r.message} (${summary})` : summary;
    } catch (err) {
      if (err instanceof JobFailure) {
        throw err;
      }
      throw new JobFailure(`Backfill Images could not run through the image worker: ${reason(err)}`);
    }
  }

  /** Fails clearly while no external API is configured; otherwise checks that it answers. */
  private async externalSync(): Promise<string> {
    const url = this.env.EXTERNAL_API_URL;
    if (!url) {
      throw new JobFailure('No external API is configured: set EXTERNAL_API_URL to enable Data Sync with External API.');
    }
    let res: Response;
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(15000), headers: { accept: 'application/json' } });
    } catch (err) {
      throw new JobFailure(`The external API at ${url} could not be reached: ${reason(err)}`);
    }
    if (!res.ok) {
      throw new JobFailure(`The external API at ${url} answered HTTP ${res.status}.`);
    }
    await res.arrayBuffer().catch(() => undefined);
    return `The external API at ${url} answered HTTP ${res.status}; it offers no records to import yet.`;
  }

  /**
   * The weekly usage reports (issue 24) are notification-service's: it knows each user's channels
   * and time zone and reads the figures of the Reports screen. This run makes the reports of the
   * seven days before today for every user who has not had them; the scheduler there makes last
   * week's by itself every Monday.
   */
  private async weeklyReports(ctx: JobContext): Promise<string> {
    let r: WeeklyRunReply;
    try {
      // One call for every user: room for a big account list (each report asks two services).
      r = await this.rpc.send(NOTIFICATION_WEEKLY_RUN, {}, { actor: ctx.actor, correlationId: ctx.correlationId, timeoutMs: WEEKLY_RUN_TIMEOUT_MS });
    } catch (err) {
      throw new JobFailure(`Weekly usage reports could not run through the notification service: ${reason(err)}`);
    }
    const summary = `Weekly usage reports made for ${r.sent} of ${r.users} user${r.users === 1 ? '' : 's'} with machines; ${r.skipped} had this week's already or chose no channel for it.`;
    if (r.failed > 0) {
      throw new JobFailure(`${summary} ${r.failed} failed: ${r.lastError ?? 'unknown error'}`);
    }
    return summary;
  }
}
