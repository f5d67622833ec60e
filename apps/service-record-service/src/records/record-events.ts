import { Injectable } from '@nestjs/common';
import {
  isValidId,
  SERVICE_RECORD_CHANGED,
  SERVICE_RECORD_DELETED,
  SERVICE_RECORD_SAVED,
  type ServiceRecordChangedEvent,
  type ServiceRecordDeletedEvent,
  type ServiceRecordSavedEvent,
} from '@wrenchlog/contracts';
import { Outbox, type CallContext } from '@wrenchlog/platform';
import type { Tx } from '../common/transactions.js';
import { RecordsRepository } from './records.repository.js';
import type { ServiceRecordEntity } from './service-record.entity.js';

/** What changed for a machine: service.record.changed with its newest service date after the change. */
export interface MachineChange {
  accountId: number;
  machineId: number;
  recordId: number;
  change: 'saved' | 'deleted';
  latest: string | null;
}

/** The events of record writes, enqueued in the write's transaction (through the outbox). */
@Injectable()
export class RecordEvents {
  constructor(
    private readonly records: RecordsRepository,
    private readonly outbox: Outbox,
  ) {}

  /** service.record.changed with the machine's newest service date, read now (after this transaction's writes). */
  async announce(tx: Tx, ctx: CallContext, accountId: number, machineId: number, recordId: number, change: 'saved' | 'deleted'): Promise<void> {
    const latest = await this.records.latestOfMachine(tx, accountId, machineId);
    await this.changed(tx, ctx, { accountId, machineId, recordId, change, latest });
  }

  async changed(tx: Tx, ctx: CallContext, c: MachineChange): Promise<void> {
    const event: ServiceRecordChangedEvent = {
      machineId: c.machineId,
      accountId: c.accountId,
      recordId: c.recordId,
      change: c.change,
      latestServiceDate: c.latest,
      at: new Date().toISOString(),
    };
    await this.outbox.enqueue(tx, SERVICE_RECORD_CHANGED, event, ctx);
  }

  /** service.record.saved of one record (savedEvent below). */
  async saved(tx: Tx, ctx: CallContext, accountId: number, row: ServiceRecordEntity, completes: unknown): Promise<void> {
    await this.outbox.enqueue(tx, SERVICE_RECORD_SAVED, savedEvent(accountId, row, completes), ctx);
  }

  /** service.record.saved of each of an import batch's records, in one statement. */
  async savedMany(tx: Tx, ctx: CallContext, accountId: number, rows: ServiceRecordEntity[]): Promise<void> {
    await this.outbox.enqueueMany(
      tx,
      SERVICE_RECORD_SAVED,
      rows.map((r) => savedEvent(accountId, r, undefined)),
      ctx,
    );
  }

  async deleted(tx: Tx, ctx: CallContext, accountId: number, row: Pick<ServiceRecordEntity, 'id' | 'machineId'>): Promise<void> {
    const event: ServiceRecordDeletedEvent = { recordId: row.id, accountId, machineId: row.machineId, at: new Date().toISOString() };
    await this.outbox.enqueue(tx, SERVICE_RECORD_DELETED, event, ctx);
  }
}

/**
 * service.record.saved for schedule-service and report-service (its price, title and notes): the
 * record's meter values become readings linked to it, and the schedules it completes (only when the call sent the list; an update without it
 * keeps the completions as they were).
 */
function savedEvent(accountId: number, row: ServiceRecordEntity, completes: unknown): ServiceRecordSavedEvent {
  return {
    recordId: row.id,
    accountId,
    machineId: row.machineId,
    serviceDate: row.serviceDate,
    miles: row.miles,
    hours: row.hours,
    priceCents: row.priceCents,
    title: row.title,
    notes: row.notes,
    ...(Array.isArray(completes) ? { completesScheduleIds: completes.filter((id): id is number => isValidId(id)) } : {}),
    at: new Date().toISOString(),
  };
}
