import { Injectable, Logger } from '@nestjs/common';
import { EVENT_ROUTES, type RpcMessage } from '@wrenchlog/contracts';
import { randomUUID } from 'node:crypto';
import { DataSource, LessThanOrEqual, type EntityManager } from 'typeorm';
import { EventBus, type CallContext } from '../rpc/rpc-client.js';
import { OutboxEvent } from './outbox-event.entity.js';
import { CLAIM_MS, PolledDrainer } from './polled-drainer.js';

const POLL_MS = 500;
const BATCH = 50;
const MAX_BACKOFF_MS = 60_000;

/**
 * Transactional outbox: enqueue() writes the event with the business change (same transaction),
 * one row per subscriber, and a drainer publishes them after commit, retrying with backoff while
 * a subscriber or the broker is down. Each subscriber gets its events in order, and one that is
 * down delays only its own. Delivery is at least once, so every consumer is idempotent.
 */
@Injectable()
export class Outbox extends PolledDrainer {
  private readonly logger = new Logger(Outbox.name);

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
    const now = new Date();
    const body = JSON.stringify(message);
    await manager
      .getRepository(OutboxEvent)
      .insert(subscribers.map((target) => ({ event, target, message: body, attempts: 0, nextAttemptAt: now, createdAt: now })));
    this.kick();
  }

  protected async drain(): Promise<void> {
    const repo = this.dataSource.getRepository(OutboxEvent);
    let due: OutboxEvent[];
    try {
      due = await repo.find({ where: { nextAttemptAt: LessThanOrEqual(new Date()) }, order: { id: 'ASC' }, take: BATCH });
    } catch (err) {
      this.logger.warn(`outbox not readable: ${(err as Error).message}`);
      return;
    }
    // A subscriber whose event failed gets nothing more this pass, so its events stay in order;
    // the others go on.
    const blocked = new Set<string>();
    for (const row of due) {
      const lane = row.target ?? '*';
      if (this.stopped) {
        return;
      }
      if (blocked.has(lane)) {
        continue;
      }
      // Claim: of several replicas only the one whose conditional update wins publishes this row.
      const claimed = await repo
        .update({ id: row.id, nextAttemptAt: row.nextAttemptAt }, { nextAttemptAt: new Date(Date.now() + CLAIM_MS) })
        .catch(() => ({ affected: 0 }));
      if (!claimed.affected) {
        blocked.add(lane);
        continue;
      }
      const message = JSON.parse(row.message) as RpcMessage;
      const ctx = { actor: message.actor, correlationId: message.meta.correlationId };
      try {
        await (row.target ? this.bus.publishTo(row.target, row.event, message.payload, ctx) : this.bus.publish(row.event, message.payload, ctx));
        await repo.delete({ id: row.id });
      } catch (err) {
        blocked.add(lane);
        const attempts = row.attempts + 1;
        const backoff = Math.min(MAX_BACKOFF_MS, 500 * 2 ** Math.min(attempts, 10));
        await repo.update({ id: row.id }, { attempts, nextAttemptAt: new Date(Date.now() + backoff) }).catch(() => undefined);
        this.logger.warn(`${row.event} #${row.id} for ${lane} not delivered (attempt ${attempts}, next in ${backoff} ms): ${(err as Error).message}`);
      }
    }
  }
}
