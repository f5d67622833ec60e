import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  ANALYTICS_PAGEVIEW_AGGREGATE,
  BACKFILL_DEFAULT_LIMIT,
  ErrorCode,
  FUEL_RECORD_TOTALS,
  IMAGE_BACKFILL_RUN,
  JOB_IDS,
  type Actor,
  type FuelTotals,
  type RpcPattern,
} from '@wrenchlog/contracts';
import { RpcCallError, RpcClient } from '@wrenchlog/platform';
import { DataSource, Repository } from 'typeorm';
import { UserEnv } from '../config/user-env.js';
import { MailQueue } from '../mail/mail-queue.js';
import { User } from '../users/user.entity.js';

export interface JobContext {
  actor: Actor;
  params: { limit?: number };
  correlationId?: string;
}

/** A job's work: resolves with its completion message, or throws with the reason it failed. */
export type JobWork = (ctx: JobContext) => Promise<string>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A failure that says what went wrong in words an admin can act on. */
export class JobFailure extends Error {}

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** What each of the four jobs does, for real. */
@Injectable()
export class JobRunners {
  private readonly logger = new Logger('Jobs');

  constructor(
    private readonly rpc: RpcClient,
    private readonly env: UserEnv,
    private readonly mail: MailQueue,
    private readonly dataSource: DataSource,
    @InjectRepository(User) private readonly users: Repository<User>,
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
   * Emails every enabled user a summary of the last 7 days: service records and purchases dated
   * in the week, counted from the other services' recent lists on the user's behalf, and fuel
   * records with their gallons and cost from fuel-purchase-service's totals. A figure a service
   * cannot give is reported as not available, never made up.
   */
  private async weeklyReports(ctx: JobContext): Promise<string> {
    const until = new Date();
    const since = new Date(until.getTime() - 7 * DAY_MS);
    const users = await this.users.find({ where: { enabled: true }, order: { id: 'ASC' } });
    let unavailable = 0;
    // A service that does not answer is asked once per run, not once per user (each try costs a timeout).
    const down = new Set<string>();
    for (const user of users) {
      const asUser: Actor = { userId: user.id, adminLevel: 0 };
      const lines: string[] = [];
      for (const source of WEEKLY_SOURCES) {
        const count = down.has(source.pattern) ? undefined : await this.countSince(source, asUser, since, down, ctx.correlationId);
        if (count === undefined) {
          unavailable++;
          lines.push(`  ${source.label}: not available right now`);
        } else {
          lines.push(`  ${source.label}: ${count.capped ? `at least ${count.n}` : count.n}`);
        }
      }
      const fuel = down.has(FUEL_RECORD_TOTALS) ? undefined : await this.fuelSince(asUser, since, until, down, ctx.correlationId);
      if (fuel === undefined) {
        unavailable++;
      }
      lines.push(`  Fuel records: ${fuelLine(fuel)}`);
      await this.dataSource.transaction((manager) =>
        this.mail.enqueue(manager, {
          to: user.username,
          subject: `Your Wrenchlog week: ${since.toISOString().slice(0, 10)} to ${until.toISOString().slice(0, 10)}`,
          text: [
            `Hello ${user.name},`,
            '',
            `Here is your activity from ${since.toISOString().slice(0, 10)} to ${until.toISOString().slice(0, 10)} (UTC):`,
            '',
            ...lines,
            '',
            'The Wrenchlog team',
          ].join('\n'),
        }),
      );
    }
    this.logger.log(`weekly reports queued for ${users.length} users`);
    const note = unavailable > 0 ? ` ${unavailable} figure(s) were not available from the other services and are marked so.` : '';
    return `Weekly reports emailed to ${users.length} user${users.length === 1 ? '' : 's'}.${note}`;
  }

  private async fuelSince(actor: Actor, since: Date, until: Date, down: Set<string>, correlationId?: string): Promise<FuelTotals | undefined> {
    try {
      return await this.rpc.send(FUEL_RECORD_TOTALS, { since: since.toISOString(), until: until.toISOString() }, { actor, correlationId });
    } catch (err) {
      if (err instanceof RpcCallError && err.code === ErrorCode.Unavailable) {
        down.add(FUEL_RECORD_TOTALS);
      }
      this.logger.warn(`weekly report: fuel records not available: ${reason(err)}`);
      return undefined;
    }
  }

  private async countSince(source: WeeklySource, actor: Actor, since: Date, down: Set<string>, correlationId?: string): Promise<{ n: number; capped: boolean } | undefined> {
    try {
      const send = this.rpc.send.bind(this.rpc) as (p: RpcPattern, payload: unknown, c: { actor: Actor; correlationId?: string }) => Promise<unknown>;
      const reply = (await send(source.pattern as RpcPattern, { page: 0, size: WEEKLY_PAGE, ...source.extra }, { actor, correlationId })) as { content?: Record<string, unknown>[] };
      const items = Array.isArray(reply?.content) ? reply.content : undefined;
      if (!items) {
        return undefined;
      }
      const inWeek = items.filter((item) => {
        const value = item[source.dateField];
        const at = typeof value === 'string' ? new Date(value.length === 10 ? `${value}T00:00:00Z` : value) : undefined;
        return at !== undefined && !Number.isNaN(at.getTime()) && at.getTime() >= since.getTime() - DAY_MS / 2;
      });
      return { n: inWeek.length, capped: inWeek.length === items.length && items.length === WEEKLY_PAGE };
    } catch (err) {
      if (err instanceof RpcCallError && err.code === ErrorCode.Unavailable) {
        down.add(source.pattern);
      }
      this.logger.warn(`weekly report: ${source.label} not available: ${reason(err)}`);
      return undefined;
    }
  }
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const gallons = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** "3 (41.2 gallons, $152.40)", "0", or "not available right now" (the same words as the other lines). */
export function fuelLine(totals: FuelTotals | undefined): string {
  if (totals === undefined) {
    return 'not available right now';
  }
  if (totals.count === 0) {
    return '0';
  }
  return `${totals.count} (${gallons.format(totals.gallons)} gallons, ${usd.format(totals.totalPrice)})`;
}

interface WeeklySource {
  label: string;
  /** A paged, user-scoped "recent" call ({page, size} -> {content}) of another service, newest first. */
  pattern: string;
  dateField: string;
  extra?: Record<string, unknown>;
}

const WEEKLY_PAGE = 100;
const WEEKLY_SOURCES: WeeklySource[] = [
  { label: 'Service records', pattern: 'service.record.recent', dateField: 'serviceDate', extra: { sort: 'serviceDate,desc' } },
  { label: 'Part purchases', pattern: 'inventory.purchase.recent', dateField: 'purchaseDate' },
];
