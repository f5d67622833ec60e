import { Injectable, Logger } from '@nestjs/common';
import {
  eventAccountId,
  eventTime,
  eventsOfBatch,
  isTimeZone,
  isValidId,
  type NotificationTimeZoneChangedEvent,
  type FuelRecordDeletedEvent,
  type FuelRecordSavedEvent,
  type InventoryPurchaseDeletedEvent,
  type InventoryPurchaseSavedEvent,
  type EventBatch,
  type RpcMessage,
  type ServiceRecordDeletedEvent,
  type ServiceRecordSavedEvent,
} from '@wrenchlog/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { MachinesRepository } from '../machines/machines.repository.js';
import { localDate } from '../users/time-zone.rules.js';
import { UsersRepository } from '../users/users.repository.js';
import type { CostRecordEntity } from './cost-record.entity.js';
import { bucketDeltas, monthOf, type CostCategory } from './cost.rules.js';
import { CostsRepository, DeltaSums, recordKey } from './costs.repository.js';

const isDate = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
/** What a saved event tells about one costed record. */
interface SavedFact {
  category: CostCategory;
  recordId: number;
  accountId: number;
  machineKey: number;
  date: string;
  amountCents: number;
  title: string;
  notes: string | null;
  miles: number | null;
  hours: number | null;
  /** A fuel record's economy inputs. */
  fill?: { amount: number | null; fullTank: boolean; missedPrevious: boolean; purchasedAt: Date | null };
  at: Date;
}

/**
 * The read model from the owners' events: each costed record's row (its month and amount) and the
 * monthly totals, moved by the difference. Idempotent and ordered by the events' `at`: a repeated
 * or older event changes nothing, a deleted record never comes back, and the records of a deleted
 * machine are not counted again by a late event.
 */
@Injectable()
export class CostEventsService {
  private readonly logger = new Logger(CostEventsService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly costs: CostsRepository,
    private readonly machines: MachinesRepository,
    private readonly users: UsersRepository,
  ) {}

  onServiceSaved(m: RpcMessage<ServiceRecordSavedEvent>): Promise<void> {
    const e = m?.payload;
    const accountId = eventAccountId(e);
    if (!e || !isValidId(e.recordId) || !isValidId(accountId) || !isValidId(e.machineId) || !isDate(e.serviceDate)) {
      return this.malformed('service.record.saved');
    }
    const price = num(e.priceCents);
    return this.saved({
      category: 'service',
      recordId: e.recordId,
      accountId,
      machineKey: e.machineId,
      date: e.serviceDate,
      amountCents: price === null ? 0 : Math.round(price),
      title: typeof e.title === 'string' ? e.title : 'Service',
      notes: text(e.notes),
      miles: num(e.miles),
      hours: num(e.hours),
      at: eventTime(e.at),
    });
  }

  onFuelSaved(m: RpcMessage<FuelRecordSavedEvent>): Promise<void> {
    const fact = this.fuelFact(m?.payload);
    return fact ? this.saved(fact) : Promise.resolve();
  }

  onPurchaseSaved(m: RpcMessage<InventoryPurchaseSavedEvent>): Promise<void> {
    const e = m?.payload;
    const accountId = eventAccountId(e);
    if (!e || !isValidId(e.recordId) || !isValidId(accountId) || (e.machineId !== null && !isValidId(e.machineId)) || !isDate(e.date)) {
      return this.malformed('inventory.purchase.saved');
    }
    const cost = num(e.costCents);
    return this.saved({
      category: 'parts',
      recordId: e.recordId,
      accountId,
      machineKey: e.machineId ?? 0,
      date: e.date,
      amountCents: cost === null ? 0 : Math.round(cost),
      title: typeof e.partName === 'string' ? e.partName : 'Part',
      notes: text(e.notes),
      miles: null,
      hours: null,
      at: eventTime(e.at),
    });
  }

  onServiceDeleted(m: RpcMessage<ServiceRecordDeletedEvent>): Promise<void> {
    return this.deletedEvent('service', 'service.record.deleted', m?.payload);
  }

  onFuelDeleted(m: RpcMessage<FuelRecordDeletedEvent>): Promise<void> {
    return this.deletedEvent('fuel', 'fuel.record.deleted', m?.payload);
  }

  onPurchaseDeleted(m: RpcMessage<InventoryPurchaseDeletedEvent>): Promise<void> {
    return this.deletedEvent('parts', 'inventory.purchase.deleted', m?.payload);
  }

  /** Applies a saved fact (also the rebuild's way in). */
  saved(f: SavedFact): Promise<void> {
    return this.savedMany([f]);
  }

  /** A batch of fuel.record.saved (EVENT_BATCH_TARGETS): applied in one transaction, in order. */
  onFuelSavedBatch(m: RpcMessage<EventBatch<FuelRecordSavedEvent>>): Promise<void> {
    return this.savedMany(eventsOfBatch(m).flatMap((e) => this.fuelFact(e.payload) ?? []));
  }

  /**
   * Applies saved facts in order in one transaction: each record's row is read (and locked) once
   * and written once, and the monthly totals move by their summed differences, one upsert per
   * (machine, month, category). A repeated or older fact changes nothing, as applied one by one.
   */
  async savedMany(facts: readonly SavedFact[]): Promise<void> {
    if (facts.length === 0) {
      return;
    }
    await this.dataSource.transaction(async (manager) => {
      // The machines first: a deleted machine's (or a forged) record counts nowhere and gets no row.
      const machines = new Map<number, Awaited<ReturnType<MachinesRepository['find']>>>();
      const counted: SavedFact[] = [];
      for (const f of facts) {
        if (f.machineKey !== 0) {
          if (!machines.has(f.machineKey)) {
            machines.set(f.machineKey, await this.machines.find(f.machineKey, manager));
          }
          const machine = machines.get(f.machineKey);
          if (machine && (machine.deleted || machine.accountId !== f.accountId)) {
            continue;
          }
        }
        counted.push(f);
      }
      // Then the accounts' time zones (their lock before the rows', in the order a zone change takes them).
      const zones = new Map<number, string>();
      for (const f of counted) {
        if (f.fill?.purchasedAt && !zones.has(f.accountId)) {
          zones.set(f.accountId, await this.users.lockedAccountZone(manager, f.accountId));
        }
      }
      const rows = await this.costs.lockRecords(manager, counted);
      const changed = new Set<CostRecordEntity>();
      const deltas = new DeltaSums();
      for (const f of counted) {
        // A fuel record's time of purchase counts on its day in the account's time zone (the others are plain dates).
        const date = f.fill?.purchasedAt ? localDate(f.fill.purchasedAt, zones.get(f.accountId)!) : f.date;
        const key = recordKey(f.category, f.recordId);
        const row = rows.get(key)!;
        if (row.accountId !== f.accountId || row.deleted || row.updatedAt > f.at) {
          continue;
        }
        const next: CostRecordEntity = {
          ...row,
          machineKey: f.machineKey,
          recordDate: date,
          month: monthOf(date),
          amountCents: f.amountCents,
          title: f.title,
          notes: f.notes,
          miles: f.miles,
          hours: f.hours,
          fuelAmount: f.fill?.amount ?? null,
          fullTank: f.fill?.fullTank ?? true,
          missedPrevious: f.fill?.missedPrevious ?? false,
          purchasedAt: f.fill?.purchasedAt ?? null,
          updatedAt: f.at,
        };
        deltas.add(f.accountId, f.category, bucketDeltas(placeOf(row), placeOf(next)));
        changed.delete(row);
        changed.add(next);
        rows.set(key, next);
      }
      for (const { accountId, category, deltas: merged } of deltas.merged()) {
        await this.costs.applyDeltas(manager, accountId, category, merged);
      }
      for (const row of changed) {
        await this.costs.saveRecord(manager, row);
      }
    });
  }

  /**
   * notification.timeZone.changed: a person's zone, and the fuel records of the account whose id is
   * theirs (the account they own of record) dated anew when it changed.
   */
  async onTimeZoneChanged(m: RpcMessage<NotificationTimeZoneChangedEvent>): Promise<void> {
    const e = m?.payload;
    if (!e || !isValidId(e.userId) || typeof e.timeZone !== 'string' || !isTimeZone(e.timeZone)) {
      return this.malformed('notification.timeZone.changed');
    }
    await this.dataSource.transaction(async (manager) => {
      if (await this.users.apply(manager, e.userId, e.timeZone, eventTime(e.at))) {
        await this.redateFuel(manager, e.userId, e.timeZone);
      }
    });
  }

  /**
   * The account's time zone changed: each fuel record with a time of purchase moves to its day (and
   * month) in the new zone, its amount with it. Call in the transaction that stored the zone.
   */
  async redateFuel(manager: EntityManager, accountId: number, timeZone: string): Promise<number> {
    let moved = 0;
    for (const row of await this.costs.datedFuel(manager, accountId)) {
      const date = localDate(row.purchasedAt!, timeZone);
      if (date === row.recordDate) {
        continue;
      }
      const next: CostRecordEntity = { ...row, recordDate: date, month: monthOf(date) };
      await this.costs.applyDeltas(manager, accountId, 'fuel', bucketDeltas(placeOf(row), placeOf(next)));
      await this.costs.saveRecord(manager, next);
      moved += 1;
    }
    return moved;
  }

  private async deletedEvent(category: CostCategory, name: string, e: { recordId: number; accountId: number; at: string } | undefined): Promise<void> {
    const accountId = eventAccountId(e);
    if (!e || !isValidId(e.recordId) || !isValidId(accountId)) {
      return this.malformed(name);
    }
    const at = eventTime(e.at);
    await this.dataSource.transaction(async (manager) => {
      if (category === 'fuel') {
        await this.users.lockedAccountZone(manager, accountId); // not while a zone change re-dates them
      }
      const row = await this.costs.lockRecord(manager, category, e.recordId, accountId);
      if (row.accountId !== accountId || row.deleted) {
        return;
      }
      await this.costs.applyDeltas(manager, accountId, category, bucketDeltas(placeOf(row), null));
      await this.costs.saveRecord(manager, { ...row, amountCents: 0, deleted: true, updatedAt: at > row.updatedAt ? at : row.updatedAt });
    });
  }

  /** What a fuel.record.saved tells (null, logged, when it is malformed). */
  private fuelFact(e: FuelRecordSavedEvent | undefined): SavedFact | null {
    const accountId = eventAccountId(e);
    if (!e || !isValidId(e.recordId) || !isValidId(accountId) || !isValidId(e.machineId) || !isDate(e.date)) {
      this.logger.warn('ignored a malformed fuel.record.saved event');
      return null;
    }
    const price = num(e.totalPriceCents);
    const amount = num(e.amount);
    return {
      category: 'fuel',
      recordId: e.recordId,
      accountId,
      machineKey: e.machineId,
      date: e.date,
      amountCents: price === null ? 0 : Math.round(price),
      title: amount === null ? 'Fuel' : `Fuel: ${amount} gal`,
      notes: text(e.notes),
      miles: num(e.currentMileage),
      hours: num(e.currentHours),
      // Flags absent (an event from before them): the defaults every record had then.
      fill: {
        amount,
        fullTank: e.fullTank !== false,
        missedPrevious: e.missedPrevious === true,
        purchasedAt: typeof e.purchasedAt === 'string' && !Number.isNaN(Date.parse(e.purchasedAt)) ? new Date(e.purchasedAt) : null,
      },
      at: eventTime(e.at),
    };
  }

  private malformed(name: string): Promise<void> {
    this.logger.warn(`ignored a malformed ${name} event`);
    return Promise.resolve();
  }
}

/** Where a row counts now (nowhere for a placeholder). */
const placeOf = (r: CostRecordEntity) => (r.month === null ? null : { machineKey: r.machineKey, month: r.month, amountCents: r.amountCents });
