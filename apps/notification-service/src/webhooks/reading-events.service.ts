import { Injectable, Logger } from '@nestjs/common';
import { eventAccountId, eventsOfBatch, eventTime, isValidId, type EventBatch, type RpcMessage, type ScheduleReadingCreatedEvent } from '@wrenchlog/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { WebhookDispatcher } from './webhook-dispatcher.js';
import { WebhookOutbox } from './webhook-outbox.js';

/**
 * schedule.reading.created as the webhooks' meter.reading.created: one delivery per (endpoint,
 * reading), so a redelivered event sends nothing twice.
 */
@Injectable()
export class ReadingEventsService {
  private readonly logger = new Logger(ReadingEventsService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: WebhookOutbox,
    private readonly dispatcher: WebhookDispatcher,
  ) {}

  async created(m: RpcMessage<ScheduleReadingCreatedEvent>): Promise<void> {
    const e = m?.payload;
    if (!this.valid(e)) {
      return;
    }
    const endpoints = await this.dataSource.transaction((manager) => this.apply(manager, e));
    if (endpoints > 0) {
      this.dispatcher.kick();
    }
  }

  /** A batch of them in order, in one transaction: an import's thousands of readings commit a batch at a time. */
  async createdBatch(m: RpcMessage<EventBatch<ScheduleReadingCreatedEvent>>): Promise<void> {
    const events = eventsOfBatch(m).flatMap(({ payload: e }) => (this.valid(e) ? [e] : []));
    if (events.length === 0) {
      return;
    }
    let endpoints = 0;
    await this.dataSource.transaction(async (manager) => {
      for (const e of events) {
        endpoints += await this.apply(manager, e);
      }
    });
    if (endpoints > 0) {
      this.dispatcher.kick();
    }
  }

  private valid(e: ScheduleReadingCreatedEvent | undefined): e is ScheduleReadingCreatedEvent {
    const accountId = eventAccountId(e);
    if (!e || !isValidId(e.readingId) || !isValidId(accountId) || !isValidId(e.machineId) || !isValidId(e.meterId) || typeof e.value !== 'number') {
      this.logger.warn('ignored a malformed schedule.reading.created event');
      return false;
    }
    return true;
  }

  private apply(manager: EntityManager, e: ScheduleReadingCreatedEvent): Promise<number> {
    const data = {
      readingId: e.readingId,
      meterId: e.meterId,
      machineId: e.machineId,
      kind: e.kind,
      unit: e.unit,
      value: e.value,
      lifetimeValue: e.lifetimeValue,
      date: e.date,
      source: e.source,
      sourceId: e.sourceId,
    };
    return this.outbox.enqueue(manager, eventAccountId(e), 'meter.reading.created', data, `reading:${e.readingId}`, eventTime(e.at));
  }
}
