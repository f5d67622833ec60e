import { Logger } from '@nestjs/common';
import type { ServiceName } from '@wrenchlog/contracts';
import type { DataSource } from 'typeorm';
import { unavailable } from '../errors/domain-error.js';
import { AppliedPosition } from './applied-position.entity.js';
import { mergePositions, type Positions } from './lanes.js';

/** Ranges kept in memory per source: the recent ones, which is what sessions wait for. */
const MEMORY_RANGES = 2000;
/** While waiting, how often the table is read (another replica may be the one that applies). */
const POLL_MS = 20;
/** Applied rows older than this are pruned: a session's positions expire long before (SESSION_HORIZON_MS). */
const KEEP_MS = 60 * 60_000;
const PRUNE_EVERY_MS = 5 * 60_000;

interface Range {
  first: number;
  last: number;
  caused: Positions | null;
}

/** What a caller of `causedBy` learns: whether the position was applied in time, and what it caused. */
export interface CausedAnswer {
  applied: boolean;
  caused: Positions;
}

/**
 * The positions this service has applied, per source (issue 37). Every handled delivery is kept in
 * memory and in the `applied_positions` table; a read that must see a session's write waits here,
 * bounded, until its positions are in. When they already are in memory (the common case) nothing is
 * read; otherwise the table is read every POLL_MS, and a delivery applied by this replica wakes the
 * wait at once. No wait ever blocks the event loop: it is a promise raced against a timer.
 */
export class AppliedLog {
  private readonly logger = new Logger('Consistency');
  private readonly ranges = new Map<string, Range[]>();
  private readonly wakers = new Set<() => void>();
  private pending: [string, number, number, string | null][] = [];
  private flushing?: Promise<void>;
  private pruneTimer?: NodeJS.Timeout;

  constructor(
    readonly service: ServiceName,
    private readonly dataSource: DataSource | undefined,
  ) {
    if (dataSource) {
      this.pruneTimer = setInterval(() => void this.prune(), PRUNE_EVERY_MS);
      this.pruneTimer.unref();
    }
  }

  close(): void {
    clearInterval(this.pruneTimer);
  }

  /** Remembers a handled delivery (ids first..last of source's lane) and what its handling caused. */
  async record(source: string, first: number, last: number, caused: Positions): Promise<void> {
    const range: Range = { first, last, caused: Object.keys(caused).length > 0 ? caused : null };
    this.remember(source, range);
    if (!this.dataSource) {
      return;
    }
    this.pending.push([source, first, last, range.caused ? JSON.stringify(range.caused) : null]);
    // Deliveries handled side by side share one statement (their acks wait for it, as for their own).
    this.flushing ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.flush());
    await this.flushing;
  }

  /**
   * One INSERT of every delivery recorded since the last: a plain statement, not TypeORM's builder
   * (it runs once per event handled, on the path the write speed targets of issue 37 measure).
   */
  private async flush(): Promise<void> {
    const rows = this.pending.splice(0);
    this.flushing = undefined;
    if (rows.length === 0 || !this.dataSource) {
      return;
    }
    const postgres = this.dataSource.options.type === 'postgres';
    const at = timestamp(postgres, Date.now());
    const values: unknown[] = [];
    const tuples = rows.map((row) => {
      values.push(...row, at);
      const n = values.length;
      return postgres ? `($${n - 4}, $${n - 3}, $${n - 2}, $${n - 1}, $${n})` : '(?, ?, ?, ?, ?)';
    });
    try {
      await this.dataSource.query(`INSERT INTO applied_positions (source, first_id, last_id, caused, applied_at) VALUES ${tuples.join(', ')}`, values);
    } catch (err) {
      // Only other replicas miss them: a session reading there waits for its bound, then 503.
      this.logger.warn(`${rows.length} applied positions not stored: ${(err as Error).message}`);
    }
  }

  /**
   * Resolves once every position of `after` (source -> outbox id) has been applied here; past
   * `waitMs` rejects with 503 UNAVAILABLE. Free when they are all known to this replica already.
   */
  async waitFor(after: Record<string, number>, waitMs: number): Promise<void> {
    let missing = Object.entries(after).filter(([source, id]) => !this.known(source, id));
    if (missing.length === 0) {
      return;
    }
    const deadline = Date.now() + waitMs;
    for (;;) {
      const found = await Promise.all(missing.map(([source, id]) => this.lookup(source, id)));
      missing = missing.filter((_, i) => !found[i]);
      if (missing.length === 0) {
        return;
      }
      if (Date.now() >= deadline) {
        throw unavailable('Your last change is still being applied. Please try again in a moment.');
      }
      await this.nextChance(deadline);
      missing = missing.filter(([source, id]) => !this.known(source, id));
      if (missing.length === 0) {
        return;
      }
    }
  }

  /** What handling `source`'s position `id` caused here, once it is applied (waits at most waitMs). */
  async causedBy(source: string, id: number, waitMs: number): Promise<CausedAnswer> {
    try {
      await this.waitFor({ [source]: id }, waitMs);
    } catch {
      return { applied: false, caused: {} };
    }
    const caused: Positions = {};
    for (const range of this.ranges.get(source) ?? []) {
      if (range.first <= id && id <= range.last) {
        mergePositions(caused, range.caused ?? {});
      }
    }
    return { applied: true, caused };
  }

  private known(source: string, id: number): boolean {
    const list = this.ranges.get(source);
    if (!list) {
      return false;
    }
    // Newest last: a session waits for recent positions.
    for (let i = list.length - 1; i >= 0; i--) {
      if (list[i].first <= id && id <= list[i].last) {
        return true;
      }
    }
    return false;
  }

  /** Reads the table for a position another replica may have applied; keeps what it finds in memory. */
  private async lookup(source: string, id: number): Promise<boolean> {
    if (this.known(source, id)) {
      return true;
    }
    if (!this.dataSource) {
      return false;
    }
    const rows = await this.dataSource
      .getRepository(AppliedPosition)
      .createQueryBuilder('a')
      .select(['a.firstId', 'a.lastId', 'a.caused'])
      .where('a.source = :source AND a.lastId >= :id AND a.firstId <= :id', { source, id })
      .getMany()
      .catch(() => []);
    for (const row of rows) {
      this.remember(source, { first: Number(row.firstId), last: Number(row.lastId), caused: row.caused ? (JSON.parse(row.caused) as Positions) : null }, false);
    }
    return rows.length > 0;
  }

  private remember(source: string, range: Range, wake = true): void {
    let list = this.ranges.get(source);
    if (!list) {
      list = [];
      this.ranges.set(source, list);
    }
    list.push(range);
    if (list.length > MEMORY_RANGES) {
      list.splice(0, list.length - MEMORY_RANGES);
    }
    if (wake) {
      for (const wakeUp of [...this.wakers]) {
        wakeUp();
      }
    }
  }

  /** A delivery applied here, the next poll of the table, or the deadline: whichever comes first. */
  private nextChance(deadline: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, Math.min(POLL_MS, deadline - Date.now())));
      this.wakers.add(done);
    });
  }

  private async prune(): Promise<void> {
    if (!this.dataSource) {
      return;
    }
    const postgres = this.dataSource.options.type === 'postgres';
    await this.dataSource
      .query(`DELETE FROM applied_positions WHERE applied_at < ${postgres ? '$1' : '?'}`, [timestamp(postgres, Date.now() - KEEP_MS)])
      .catch(() => undefined);
  }
}

/** An instant as the engine's column keeps it (TypeORM's SQLite datetime text: UTC, `YYYY-MM-DD HH:MM:SS.SSS`). */
function timestamp(postgres: boolean, ms: number): Date | string {
  return postgres ? new Date(ms) : new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
}
