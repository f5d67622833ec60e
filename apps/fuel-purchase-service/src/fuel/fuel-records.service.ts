import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  FUEL_RECORD_DELETED,
  FUEL_RECORD_SAVED,
  type Actor,
  type FuelPurchaseDeleted,
  type FuelRecord,
  type FuelRecordDeletedEvent,
  type FuelRecordInput,
  type FuelRecordSavedEvent,
  type RpcMeta,
} from '@wrenchlog/contracts';
import { createOnce, notFound, Outbox, requireActor, type CallContext } from '@wrenchlog/platform';
import { Repository, type EntityManager } from 'typeorm';
import { CENTS, fromScaled, iso, textOrNull, THOUSANDTHS, toScaled } from '../common/scaled.js';
import { UserTransactions } from '../common/transactions.js';
import { FuelRecordEntity } from './fuel-record.entity.js';
import { milesPerGallon } from './fuel.rules.js';

export function toFuelRecord(e: FuelRecordEntity): FuelRecord {
  const amount = fromScaled(e.amountMilli, THOUSANDTHS);
  return {
    id: e.id,
    machineId: e.machineId,
    amount,
    pricePerUnit: fromScaled(e.pricePerUnitMilli, THOUSANDTHS),
    totalPrice: fromScaled(e.totalPriceCents, CENTS),
    dateOfPurchase: iso(e.dateOfPurchase),
    dateCreated: iso(e.dateCreated),
    notes: e.notes,
    storeName: e.storeName,
    storeCity: e.storeCity,
    storeState: e.storeState,
    currentHours: e.currentHours,
    currentMileage: e.currentMileage,
    lastMileage: e.lastMileage,
    mpg: milesPerGallon(e.currentMileage, e.lastMileage, amount),
  };
}

/** The form's fields onto a row (never id, owner, dateCreated). */
function assign(e: FuelRecordEntity, r: FuelRecordInput): FuelRecordEntity {
  e.machineId = r.machineId;
  e.amountMilli = toScaled(r.amount, THOUSANDTHS);
  e.pricePerUnitMilli = toScaled(r.pricePerUnit, THOUSANDTHS);
  e.totalPriceCents = toScaled(r.totalPrice, CENTS);
  e.dateOfPurchase = new Date(r.dateOfPurchase);
  e.notes = textOrNull(r.notes);
  e.storeName = textOrNull(r.storeName);
  e.storeCity = textOrNull(r.storeCity);
  e.storeState = textOrNull(r.storeState);
  e.currentHours = r.currentHours ?? null;
  e.currentMileage = r.currentMileage ?? null;
  e.lastMileage = r.lastMileage ?? null;
  return e;
}

const NOT_FOUND = 'Fuel record not found';

/**
 * Fuel records of the signed-in user. Machines belong to machine-service: a machineId is taken as
 * given (a positive integer; records are scoped by user, so naming someone else's machine id only
 * files a record under the caller's own account) and its records go when machine.machine.deleted arrives.
 */
@Injectable()
export class FuelRecordsService {
  constructor(
    @InjectRepository(FuelRecordEntity) private readonly records: Repository<FuelRecordEntity>,
    private readonly tx: UserTransactions,
    private readonly outbox: Outbox,
  ) {}

  /** A machine's records, newest dateOfPurchase first (ties: newest id first). */
  async listByMachine(actor: Actor | null, machineId: number): Promise<FuelRecord[]> {
    const { userId } = requireActor(actor);
    const rows = await this.records.find({ where: { userId, machineId }, order: { dateOfPurchase: 'DESC', id: 'DESC' } });
    return rows.map(toFuelRecord);
  }

  /** The record with the newest dateOfPurchase, or null when the machine has none (answered as JSON null). */
  async latest(actor: Actor | null, machineId: number): Promise<FuelRecord | null> {
    const { userId } = requireActor(actor);
    const row = await this.records.findOne({ where: { userId, machineId }, order: { dateOfPurchase: 'DESC', id: 'DESC' } });
    return row ? toFuelRecord(row) : null;
  }

  async get(actor: Actor | null, id: number): Promise<FuelRecord> {
    const { userId } = requireActor(actor);
    return toFuelRecord(await this.owned(userId, id));
  }

  /**
   * One INSERT, outside the per-user write lock: a fuel record never moves stock, and the lock made a
   * fleet's concurrent fuel entries wait for each other (docs/performance.md). A retried call with
   * the same idempotency key answers the record made the first time (createOnce).
   */
  async create(actor: Actor | null, input: FuelRecordInput, meta?: RpcMeta): Promise<FuelRecord> {
    const { userId } = requireActor(actor);
    const key = meta?.idempotencyKey ?? null;
    return createOnce(
      async () => {
        const found = key ? await this.records.findOneBy({ userId, idempotencyKey: key }) : null;
        return found && toFuelRecord(found);
      },
      // The INSERT and its fuel.record.saved (schedule-service's reading) in one transaction, without
      // the per-user lock and without save's change tracking.
      () =>
        this.tx.run(
          userId,
          async (manager) => {
            const row = assign(this.records.create({ userId, dateCreated: new Date(), idempotencyKey: key }), input);
            await manager.getRepository(FuelRecordEntity).insert(row);
            await this.saved(manager, row, { actor, correlationId: meta?.correlationId });
            return toFuelRecord(row);
          },
          { lock: false },
        ),
    );
  }

  async update(actor: Actor | null, id: number, input: FuelRecordInput, meta?: RpcMeta): Promise<FuelRecord> {
    const { userId } = requireActor(actor);
    return this.tx.run(userId, async (manager) => {
      const repo = manager.getRepository(FuelRecordEntity);
      const row = await repo.findOneBy({ id, userId });
      if (!row) {
        throw notFound(NOT_FOUND);
      }
      const saved = await repo.save(assign(row, input));
      await this.saved(manager, saved, { actor, correlationId: meta?.correlationId });
      return toFuelRecord(saved);
    });
  }

  async remove(actor: Actor | null, id: number, meta?: RpcMeta): Promise<FuelPurchaseDeleted> {
    const { userId } = requireActor(actor);
    return this.tx.run(userId, async (manager) => {
      const row = await manager.getRepository(FuelRecordEntity).findOne({ where: { id, userId }, select: { id: true, machineId: true } });
      const result = row ? await manager.getRepository(FuelRecordEntity).delete({ id, userId }) : { affected: 0 };
      if (!row || !result.affected) {
        throw notFound(NOT_FOUND);
      }
      const event: FuelRecordDeletedEvent = { recordId: id, userId, machineId: row.machineId, at: new Date().toISOString() };
      await this.outbox.enqueue(manager, FUEL_RECORD_DELETED, event, { actor, correlationId: meta?.correlationId });
      return { deleted: true } as const;
    });
  }

  /** fuel.record.saved: schedule-service keeps the record's mileage and hours as readings linked to it. */
  private async saved(manager: EntityManager, row: FuelRecordEntity, ctx: CallContext): Promise<void> {
    const event: FuelRecordSavedEvent = {
      recordId: row.id,
      userId: row.userId,
      machineId: row.machineId,
      date: row.dateOfPurchase.toISOString().slice(0, 10),
      currentMileage: row.currentMileage,
      currentHours: row.currentHours,
      at: new Date().toISOString(),
    };
    await this.outbox.enqueue(manager, FUEL_RECORD_SAVED, event, ctx);
  }

  private async owned(userId: number, id: number): Promise<FuelRecordEntity> {
    const row = await this.records.findOneBy({ id, userId });
    if (!row) {
      throw notFound(NOT_FOUND);
    }
    return row;
  }
}
