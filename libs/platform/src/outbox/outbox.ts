import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { RpcMessage } from '@wrenchlog/contracts';
import { randomUUID } from 'node:crypto';
import { DataSource, LessThanOrEqual, type EntityManager } from 'typeorm';
import { EventBus, type CallContext } from '../rpc/rpc-client.js';
import { OutboxEvent } from './outbox-event.entity.js';

const POLL_MS = 500;
const BATCH = 50;
const MAX_BACKOFF_MS = 60_000;

/**
 * Transactional outbox: enqueue() writes the event with the business change (same transaction),
 * and a drainer publishes it after commit, retrying with backoff while a subscriber or the broker
 * is down. Delivery is at least once, so every consumer is idempotent.
 */
@Injectable()
export class Outbox implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(Outbox.name);
  private timer?: NodeJS.Timeout;
  private draining?: Promise<void>;
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly bus: EventBus,
  ) {}

  /** Records an event inside the caller's transaction; it is published once that transaction commits. */
  async enqueue<T>(manager: EntityManager, event: string, payload: T, ctx: CallContext): Promise<void> {
    const message: RpcMessage<T> = {
      actor: ctx.actor,
      payload,
      meta: { correlationId: ctx.correlationId ?? randomUUID() },
    };
    const now = new Date();
    await manager.getRepository(OutboxEvent).insert({ event, message: JSON.stringify(message), attempts: 0, nextAttemptAt: now, createdAt: now });
    this.kick();
  }

  /** Publishes what is due now; also runs on a timer. Resolves when this pass is done. */
  drainNow(): Promise<void> {
    if (this.stopped) {
      return Promise.resolve();
    }
    this.draining ??= this.drain().finally(() => (this.draining = undefined));
    return this.draining;
  }

  onApplicationBootstrap(): void {
    this.schedule(POLL_MS);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.draining;
  }

  private kick(): void {
    // After the caller's commit, not before: a short delay lets the transaction finish.
    setTimeout(() => void this.drainNow(), 20).unref();
  }

  private schedule(ms: number): void {
    if (this.stopped) {
      return;
    }
    this.timer = setTimeout(() => {
      void this.drainNow().finally(() => this.schedule(POLL_MS));
    }, ms);
    this.timer.unref();
  }

  private async drain(): Promise<void> {
    const repo = this.dataSource.getRepository(OutboxEvent);
    let due: OutboxEvent[];
    try {
      due = await repo.find({ where: { nextAttemptAt: LessThanOrEqual(new Date()) }, order: { id: 'ASC' }, take: BATCH });
    } catch (err) {
      this.logger.warn(`outbox not readable: ${(err as Error).message}`);
      return;
    }
    for (const row of due) {
      if (this.stopped) {
        return;
      }
      const message = JSON.parse(row.message) as RpcMessage;
      try {
        await this.bus.publish(row.event, message.payload, { actor: message.actor, correlationId: message.meta.correlationId });
        await repo.delete({ id: row.id });
      } catch (err) {
        const attempts = row.attempts + 1;
        const backoff = Math.min(MAX_BACKOFF_MS, 500 * 2 ** Math.min(attempts, 10));
        await repo.update({ id: row.id }, { attempts, nextAttemptAt: new Date(Date.now() + backoff) }).catch(() => undefined);
        this.logger.warn(`${row.event} #${row.id} not delivered (attempt ${attempts}, next in ${backoff} ms): ${(err as Error).message}`);
        // Keep order per service: stop this pass at the first failure.
        return;
      }
    }
  }
}
