import { Injectable, Logger } from '@nestjs/common';
import { EVENT_BATCH_TARGETS, EVENT_ROUTES, EVENT_STATE_KEYS, batchPattern, type EventBatch, type RpcMessage, type ServiceName } from '@wrenchlog/contracts';
import { randomInt, randomUUID } from 'node:crypto';
import { DataSource, In, IsNull, LessThanOrEqual, type EntityManager } from 'typeorm';
import { currentCausedScope, noteCaused, serviceOf } from '../consistency/lanes.js';
import { CompiledWrites } from '../database/compiled-write.js';
import { EventBus, type CallContext } from '../rpc/rpc-client.js';
import { OutboxEvent } from './outbox-event.entity.js';
import { CLAIM_MS, PolledDrainer } from './polled-drainer.js';

const POLL_MS = 500;
/** Rows a lane reads a pass; also the most events one batch delivery carries (EVENT_BATCH_TARGETS). */
const BATCH = 200;
const MAX_BACKOFF_MS = 60_000;
/** Outbox rows one INSERT of enqueueMany writes (6 parameters each: well inside SQLite's and PostgreSQL's limits). */
const ENQUEUE_CHUNK = 1000;

/**
 * Transactional outbox: enqueue() writes the event with the business change (same transaction),
 * one row per subscriber, and a drainer publishes them after commit, retrying with backoff while
 * a subscriber or the broker is down. Each subscriber gets its events in order (after a failed
 * send, the events sent beside it come again after it, so their last arrival is in order), and one
 * that is down delays only its own. Delivery is at least once, so every consumer is idempotent.
 */
@Injectable()
export class Outbox extends PolledDrainer {
  private readonly logger = new Logger(Outbox.name);
  private compiledWrites?: CompiledWrites<OutboxEvent>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly bus: EventBus,
  ) {
    super(POLL_MS);
  }

  /** Records an event inside the caller's transaction; it is published once that transaction commits. */
  async enqueue<T>(manager: EntityManager, event: string, payload: T, ctx: CallContext): Promise<void> {
    const message: RpcMessage<T> = {
      actor: ctx.actor,
      payload,
      meta: { correlationId: ctx.correlationId ?? randomUUID() },
    };
    const subscribers = EVENT_ROUTES[event];
    if (!subscribers) {
      throw new Error(`Event '${event}' has no route in EVENT_ROUTES`);
    }
    if (subscribers.length === 0) {
      // Declared but routed to nobody yet (schedule.status.changed until notifications exist).
      return;
    }
    const now = new Date();
    const body = JSON.stringify(message);
    // Prepared once and run in the caller's transaction (a handler enqueues two events a reading of an
    // import: TypeORM's insert and the read-back it makes cost more than the rest of the reading).
    const insertAll = async (tx: EntityManager) => {
      const ids: number[] = [];
      for (const target of subscribers) {
        ids.push(await this.writes.insert(tx, { event, target, message: body, attempts: 0, nextAttemptAt: now, createdAt: now }));
      }
      return ids;
    };
    // The rows of one event go together, as TypeORM's one multi-row INSERT did, even outside a transaction.
    const ids = manager.queryRunner?.isTransactionActive ? await insertAll(manager) : await manager.transaction(insertAll);
    this.noteInserted(subscribers, ids);
    this.kick();
  }

  private get writes(): CompiledWrites<OutboxEvent> {
    return (this.compiledWrites ??= new CompiledWrites(this.dataSource.getRepository(OutboxEvent)));
  }

  /** The rows' ids as the positions the running request caused (read your writes, issue 37). */
  private noteInserted(targets: readonly ServiceName[], ids: number[]): void {
    const source = serviceOf(this.dataSource);
    if (!source || !currentCausedScope()) {
      return;
    }
    targets.forEach((target, i) => {
      const id = ids[i];
      if (Number.isSafeInteger(id) && id > 0) {
        noteCaused(source, target, id);
      }
    });
  }

  /**
   * Records one event per payload inside the caller's transaction, in as few statements as the
   * driver's parameter limit allows (an import batch's 500 events: one or two statements instead of 500).
   */
  async enqueueMany<T>(manager: EntityManager, event: string, payloads: T[], ctx: CallContext): Promise<void> {
    const subscribers = EVENT_ROUTES[event];
    if (!subscribers) {
      throw new Error(`Event '${event}' has no route in EVENT_ROUTES`);
    }
    if (subscribers.length === 0 || payloads.length === 0) {
      return;
    }
    const now = new Date();
    const correlationId = ctx.correlationId ?? randomUUID();
    const rows = payloads.flatMap((payload) => {
      const body = JSON.stringify({ actor: ctx.actor, payload, meta: { correlationId } } satisfies RpcMessage<T>);
      return subscribers.map((target) => ({ event, target, message: body, attempts: 0, nextAttemptAt: now, createdAt: now }));
    });
    for (let i = 0; i < rows.length; i += ENQUEUE_CHUNK) {
      // updateEntity(false): nothing is read back (TypeORM would reload the defaults with one OR term per row, too deep for SQLite).
      await manager
        .createQueryBuilder()
        .insert()
        .into(OutboxEvent)
        .values(rows.slice(i, i + ENQUEUE_CHUNK))
        .updateEntity(false)
        .execute();
    }
    await this.noteNewest(manager, subscribers);
    this.kick();
  }

  /**
   * After enqueueMany (nothing read back): each subscriber's newest row, as the positions the running
   * request caused. It may be a newer row of another writer's, which is delivered as well; only read
   * when a caller asked for positions.
   */
  private async noteNewest(manager: EntityManager, subscribers: readonly ServiceName[]): Promise<void> {
    const source = serviceOf(this.dataSource);
    if (!source || !currentCausedScope()) {
      return;
    }
    const rows = await manager
      .getRepository(OutboxEvent)
      .createQueryBuilder('o')
      .select('o.target', 'target')
      .addSelect('MAX(o.id)', 'id')
      .where('o.target IN (:...subscribers)', { subscribers })
      .groupBy('o.target')
      .getRawMany<{ target: ServiceName; id: number | string }>();
    for (const row of rows) {
      noteCaused(source, row.target, Number(row.id));
    }
  }

  /**
   * Events waiting to be sent (one per subscriber), counted up to `cap`: what a bulk writer (the
   * import job, through its owner's answer) waits on so it does not outrun the consumers.
   */
  async backlog(cap = 100_000): Promise<number> {
    const [row] = await this.dataSource.query(`SELECT COUNT(*) AS n FROM (SELECT 1 FROM outbox_events LIMIT ${Math.max(1, Math.floor(cap))}) backlog`);
    return Number((row as { n: number | string }).n);
  }

  /**
   * One pass: each subscriber's lane (target) is read and sent on its own, the lanes side by side,
   * so a backlog for one subscriber (a thousand service.record.changed after a burst of writes)
   * delays only that subscriber's events, not an image.image.stored enqueued after it for another.
   * Answers true when a lane had more due than one batch (the caller runs another pass at once).
   */
  protected async drain(): Promise<boolean> {
    const repo = this.dataSource.getRepository(OutboxEvent);
    const now = new Date();
    let lanes: (ServiceName | null)[];
    try {
      const rows = await repo
        .createQueryBuilder('o')
        .select('DISTINCT o.target', 'target')
        .where('o.next_attempt_at <= :now', { now })
        .getRawMany<{ target: ServiceName | null }>();
      lanes = rows.map((r) => r.target ?? null);
    } catch (err) {
      this.logger.warn(`outbox not readable: ${(err as Error).message}`);
      return false;
    }
    const full = await Promise.all(lanes.map((lane) => this.drainLane(lane, now)));
    return full.some(Boolean);
  }

  /**
   * Sends one lane's due events in order. The batch is claimed in one statement: of several
   * replicas only the one whose update took every row publishes it, one that took only some gives
   * them back. A failed send stops the lane, and the rest of the batch waits with the failed event,
   * so the lane keeps its order.
   */
  private async drainLane(lane: ServiceName | null, now: Date): Promise<boolean> {
    const repo = this.dataSource.getRepository(OutboxEvent);
    let due: OutboxEvent[];
    try {
      due = await repo.find({ where: { target: lane ?? IsNull(), nextAttemptAt: LessThanOrEqual(now) }, order: { id: 'ASC' }, take: BATCH });
    } catch (err) {
      this.logger.warn(`outbox not readable: ${(err as Error).message}`);
      return false;
    }
    if (due.length === 0 || this.stopped) {
      return false;
    }
    const ids = due.map((row) => row.id);
    // A claim value of this pass's own (the random milliseconds), so giving back touches only its rows.
    const claimUntil = new Date(now.getTime() + CLAIM_MS + randomInt(1000));
    const claimed = await repo.update({ id: In(ids), nextAttemptAt: LessThanOrEqual(now) }, { nextAttemptAt: claimUntil }).catch(() => ({ affected: 0 }));
    if (claimed.affected !== ids.length) {
      await this.giveBack(ids, claimUntil, now);
      return false;
    }
    const events = due.map((row) => ({ row, message: parseMessage(row.message) }));
    // Of state events for one key only the newest is sent; the older ones go with it.
    const supersededBy = newestOfEachState(events);
    const deliveries = asDeliveries(
      lane,
      events.filter(({ row }) => !supersededBy.has(row.id)),
    );
    // Sent side by side in id order (a channel or socket keeps that order), each awaited apart: one
    // at a time, a lane managed a few hundred a second while the service took twice that in writes.
    const covered = coveredIds(deliveries, supersededBy);
    const outcomes = await Promise.allSettled(deliveries.map((delivery, i) => this.send(delivery, covered[i])));
    const failed = outcomes.findIndex((outcome) => outcome.status === 'rejected');
    const delivered = new Set((failed === -1 ? deliveries : deliveries.slice(0, failed)).flatMap((d) => d.map(({ row }) => row.id)));
    const sent = new Set(
      ids.filter((id) => {
        const newer = supersededBy.get(id);
        return delivered.has(id) || (newer !== undefined && delivered.has(newer));
      }),
    );
    if (failed !== -1) {
      // The failed delivery (a batch: all of its events) and every one not delivered with it are
      // sent again, in order, once it is due again: an event after it that did arrive arrives once
      // more, so its last arrival is still in order. Its first row carries the attempts.
      const { row } = deliveries[failed][0];
      const attempts = row.attempts + 1;
      const backoff = Math.min(MAX_BACKOFF_MS, 500 * 2 ** Math.min(attempts, 10));
      const retryAt = new Date(Date.now() + backoff);
      await repo.update({ id: row.id }, { attempts, nextAttemptAt: retryAt }).catch(() => undefined);
      await this.giveBack(
        ids.filter((id) => id !== row.id && !sent.has(id)),
        claimUntil,
        retryAt,
      );
      const reason = (outcomes[failed] as PromiseRejectedResult).reason as Error;
      const what = deliveries[failed].length > 1 ? `a batch of ${deliveries[failed].length} ${row.event}` : row.event;
      this.logger.warn(`${what} #${row.id} for ${lane ?? '*'} not delivered (attempt ${attempts}, next in ${backoff} ms): ${reason?.message}`);
    }
    // One statement for the lane's delivered rows. Should it fail, they are sent again once their
    // claim runs out: at least once, as always.
    if (sent.size > 0) {
      await repo.delete({ id: In([...sent]) }).catch((err: Error) => this.logger.warn(`outbox rows not removed, they will be sent again: ${err.message}`));
    }
    return failed === -1 && due.length === BATCH;
  }

  /** One delivery: an event alone, or a run of events as one batch (EVENT_BATCH_TARGETS). */
  private async send(delivery: PendingEvent[], ids: number[]): Promise<void> {
    const [{ row, message }] = delivery;
    if (message instanceof Error) {
      throw message;
    }
    // The outbox ids the delivery carries (with the older state events it stands for): its
    // subscriber remembers them as applied once handled, which a session's read may wait for.
    const source = serviceOf(this.dataSource);
    const position = source && row.target ? { source, first: Math.min(...ids), last: Math.max(...ids) } : undefined;
    if (delivery.length > 1) {
      // Only a lane's own subscriber takes batches, so row.target is set; the batch's context is its first event's.
      const batch: EventBatch<unknown> = { events: delivery.map((d) => d.message as RpcMessage) };
      return this.bus.publishTo(row.target!, batchPattern(row.event), batch, { actor: message.actor, correlationId: message.meta.correlationId, position });
    }
    const ctx = { actor: message.actor, correlationId: message.meta.correlationId, position };
    return row.target ? this.bus.publishTo(row.target, row.event, message.payload, ctx) : this.bus.publish(row.event, message.payload, ctx);
  }

  /** Releases rows this pass claimed and will not send, due again at `at`. Should it fail, their claim runs out. */
  private async giveBack(ids: number[], claimUntil: Date, at: Date): Promise<void> {
    if (ids.length > 0) {
      await this.dataSource
        .getRepository(OutboxEvent)
        .update({ id: In(ids), nextAttemptAt: claimUntil }, { nextAttemptAt: at })
        .catch(() => undefined);
    }
  }
}

/** An outbox row with its message parsed once (or the error a malformed one gives, sent as its failure). */
interface PendingEvent {
  row: OutboxEvent;
  message: RpcMessage | Error;
}

function parseMessage(text: string): RpcMessage | Error {
  try {
    return JSON.parse(text) as RpcMessage;
  } catch (err) {
    return err as Error;
  }
}

/**
 * A lane's events in deliveries, in order: each run of consecutive events of one name that the lane's
 * subscriber takes in batches (EVENT_BATCH_TARGETS) is one delivery, every other event one of its own.
 */
function asDeliveries(lane: ServiceName | null, events: PendingEvent[]): PendingEvent[][] {
  const deliveries: PendingEvent[][] = [];
  let run: PendingEvent[] | null = null;
  for (const event of events) {
    const batchable = lane !== null && !(event.message instanceof Error) && (EVENT_BATCH_TARGETS[event.row.event]?.includes(lane) ?? false);
    if (batchable && run && run[0].row.event === event.row.event) {
      run.push(event);
      continue;
    }
    run = batchable ? [event] : null;
    deliveries.push(run ?? [event]);
  }
  return deliveries;
}

/** Each delivery's row ids, with those of the older state events sent with it (in the same order). */
function coveredIds(deliveries: PendingEvent[][], supersededBy: Map<number, number>): number[][] {
  const olderOf = new Map<number, number[]>();
  for (const [older, newer] of supersededBy) {
    olderOf.set(newer, [...(olderOf.get(newer) ?? []), older]);
  }
  return deliveries.map((delivery) => delivery.flatMap(({ row }) => [row.id, ...(olderOf.get(row.id) ?? [])]));
}

/** Each older state event of a batch (EVENT_STATE_KEYS), mapped to the id of the newest one of its key. */
function newestOfEachState(events: PendingEvent[]): Map<number, number> {
  const newest = new Map<string, number>();
  const supersededBy = new Map<number, number>();
  for (let i = events.length - 1; i >= 0; i--) {
    const { row, message } = events[i];
    const stateKey = EVENT_STATE_KEYS[row.event];
    if (!stateKey || message instanceof Error) {
      continue; // a malformed message is sent as it is, and fails on its own
    }
    let key: string;
    try {
      key = `${row.event}\u0000${stateKey(message.payload as never)}`;
    } catch {
      continue; // a payload without its key's fields is sent as it is
    }
    const later = newest.get(key);
    if (later !== undefined) {
      supersededBy.set(row.id, later);
    } else {
      newest.set(key, row.id);
    }
  }
  return supersededBy;
}
