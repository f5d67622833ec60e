import { Injectable, Logger } from '@nestjs/common';
import { eventAccountId, eventTime, isValidId, type RpcMessage, type ScheduleReadingCreatedEvent } from '@wrenchlog/contracts';
import { DataSource } from 'typeorm';
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
    const accountId = eventAccountId(e);
    if (!e || !isValidId(e.readingId) || !isValidId(accountId) || !isValidId(e.machineId) || !isValidId(e.meterId) || typeof e.value !== 'number') {
      this.logger.warn('ignored a malformed schedule.reading.created event');
      return;
    }
    const at = eventTime(e.at);
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
    const endpoints = await this.dataSource.transaction((manager) =>
      this.outbox.enqueue(manager, accountId, 'meter.reading.created', data, `reading:${e.readingId}`, at),
    );
    if (endpoints > 0) {
      this.dispatcher.kick();
    }
  }
}
