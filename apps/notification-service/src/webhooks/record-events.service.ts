import { Injectable, Logger } from '@nestjs/common';
import {
  eventAccountId,
  eventTime,
  eventsOfBatch,
  type EventBatch,
  isValidId,
  type FuelRecordDeletedEvent,
  type FuelRecordSavedEvent,
  type InventoryPurchaseDeletedEvent,
  type InventoryPurchaseSavedEvent,
  type RpcMessage,
  type ServiceRecordDeletedEvent,
  type ServiceRecordSavedEvent,
} from '@wrenchlog/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { SeenRecordEntity } from './seen-record.entity.js';
import { WebhookDispatcher } from './webhook-dispatcher.js';
import { WebhookOutbox } from './webhook-outbox.js';

type RecordType = 'service' | 'fuel' | 'purchase';
interface RecordFact {
  recordId: number;
  /** The account (`userId` in an event of the release before accounts: eventAccountId). */
  accountId?: number;
  userId?: number;
  /** null: a part purchase that names no machine. */
  machineId: number | null;
  at: string;
}

/**
 * service.record.saved/.deleted, fuel.record.saved/.deleted and inventory.purchase.saved/.deleted
 * as the webhooks' record.created, record.updated and record.deleted (`data.recordType` says
 * which: service, fuel or purchase). The first saved event of a record is its creation.
 */
@Injectable()
export class RecordEventsService {
  private readonly logger = new Logger(RecordEventsService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: WebhookOutbox,
    private readonly dispatcher: WebhookDispatcher,
  ) {}

  serviceSaved(m: RpcMessage<ServiceRecordSavedEvent>) {
    return this.saved('service', m?.payload, m?.payload ? { date: m.payload.serviceDate, miles: m.payload.miles, hours: m.payload.hours } : {});
  }

  fuelSaved(m: RpcMessage<FuelRecordSavedEvent>) {
    return this.saved('fuel', m?.payload, m?.payload ? { date: m.payload.date, miles: m.payload.currentMileage, hours: m.payload.currentHours } : {});
  }

  /** A batch of fuel.record.saved (EVENT_BATCH_TARGETS): their webhook messages made in one transaction, in order. */
  async fuelSavedBatch(m: RpcMessage<EventBatch<FuelRecordSavedEvent>>): Promise<void> {
    const events = eventsOfBatch(m).flatMap(({ payload: e }) => (this.valid(e) ? [e] : []));
    if (events.length === 0) {
      return;
    }
    await this.dataSource.transaction(async (manager) => {
      for (const e of events) {
        await this.applySaved(manager, 'fuel', e, { date: e.date, miles: e.currentMileage, hours: e.currentHours });
      }
    });
    this.dispatcher.kick();
  }

  purchaseSaved(m: RpcMessage<InventoryPurchaseSavedEvent>) {
    const e = m?.payload;
    return this.saved('purchase', e, e ? { date: e.date, partName: e.partName, costCents: e.costCents, notes: e.notes } : {});
  }

  serviceDeleted(m: RpcMessage<ServiceRecordDeletedEvent>) {
    return this.deleted('service', m?.payload);
  }

  fuelDeleted(m: RpcMessage<FuelRecordDeletedEvent>) {
    return this.deleted('fuel', m?.payload);
  }

  purchaseDeleted(m: RpcMessage<InventoryPurchaseDeletedEvent>) {
    return this.deleted('purchase', m?.payload);
  }

  private async saved(recordType: RecordType, e: RecordFact | undefined, extra: Record<string, unknown>): Promise<void> {
    if (!this.valid(e)) {
      return;
    }
    await this.dataSource.transaction((manager) => this.applySaved(manager, recordType, e, extra));
    this.dispatcher.kick();
  }

  /** A saved record's webhook message (record.created the first time), inside the caller's transaction. */
  private async applySaved(manager: EntityManager, recordType: RecordType, e: RecordFact, extra: Record<string, unknown>): Promise<void> {
    const at = this.at(e);
    const key = `${recordType}:${e.recordId}`;
    const seen = manager.getRepository(SeenRecordEntity);
    const known = await seen.exists({ where: { recordKey: key } });
    if (!known) {
      await seen
        .createQueryBuilder()
        .insert()
        .values({ recordKey: key, accountId: eventAccountId(e), updatedAt: at })
        .orIgnore()
        .execute();
    }
    const type = known ? 'record.updated' : 'record.created';
    await this.outbox.enqueue(
      manager,
      eventAccountId(e),
      type,
      { recordType, recordId: e.recordId, machineId: e.machineId, ...extra },
      `record:${key}:saved:${e.at}`,
      at,
    );
  }

  private async deleted(recordType: RecordType, e: RecordFact | undefined): Promise<void> {
    if (!this.valid(e)) {
      return;
    }
    const key = `${recordType}:${e.recordId}`;
    await this.dataSource.transaction(async (manager) => {
      await manager.getRepository(SeenRecordEntity).delete({ recordKey: key });
      await this.outbox.enqueue(
        manager,
        eventAccountId(e),
        'record.deleted',
        { recordType, recordId: e.recordId, machineId: e.machineId },
        `record:${key}:deleted`,
        this.at(e),
      );
    });
    this.dispatcher.kick();
  }

  private valid(e: RecordFact | undefined): e is RecordFact {
    // Only a part purchase may name no machine.
    if (!e || !isValidId(e.recordId) || !isValidId(eventAccountId(e)) || !(isValidId(e.machineId) || e.machineId === null)) {
      this.logger.warn('ignored a malformed record event');
      return false;
    }
    return true;
  }

  private at(e: RecordFact): Date {
    return eventTime(e.at);
  }
}
