import { Injectable } from '@nestjs/common';
import {
  checkImportRecord,
  FuelRecordInput,
  isValidId,
  FUEL_RECORD_DELETED,
  FUEL_RECORD_SAVED,
  MACHINE_HISTORY_LIMITS,
  pageOf,
  type Actor,
  type Audited,
  type FuelPurchaseDeleted,
  type FuelRecord,
  type FuelRecordDeletedEvent,
  type ImportApplyRequest,
  type ImportApplyResult,
  type ImportCheckRequest,
  type ImportCheckResult,
  type ImportRevertRequest,
  type ImportRevertResult,
  type FuelRecordSavedEvent,
  type FuelRecordsOfMachine,
  type HistoryWindow,
  type RpcMeta,
} from '@wrenchlog/contracts';
import {
  applyImportBatch,
  createOnce,
  forbidden,
  importDay,
  importDayRange,
  matchImportDuplicates,
  notFound,
  Outbox,
  revertImportRecords,
  type CallContext,
} from '@wrenchlog/platform';
import { DataSource } from 'typeorm';
import { AccountAccess, inScope, seesMachine, type AccessScope } from '../common/access.js';
import { CENTS, fromScaled, iso, textOrNull, THOUSANDTHS, toScaled } from '../common/scaled.js';
import { AccountTransactions, type Tx } from '../common/transactions.js';
import { MACHINE_NOT_FOUND, MachineProjection } from '../machines/machine-projection.js';
import { FuelRecordEntity } from './fuel-record.entity.js';
import { FuelRecordsRepository, type FuelFill } from './fuel-records.repository.js';
import { fullToFull, mayChangeFuelRecord, milesPerGallon, OPERATOR_WINDOW_PASSED, type FullToFull } from './fuel.rules.js';

/** A fuel record's answer but its createdBy / updatedBy (AccountAccess.answer adds them). */
export type FuelRecordView = Omit<FuelRecord, keyof Audited>;

export function toFuelRecord(e: FuelRecordEntity): FuelRecordView {
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
    fullTank: e.fullTank,
    missedPrevious: e.missedPrevious,
    // The full-to-full rule on one record: a partial fill or one after a missed fill-up has none.
    mpg: e.fullTank && !e.missedPrevious ? milesPerGallon(e.currentMileage, e.lastMileage, amount) : null,
  };
}

/** The form's fields onto a row (never id, owner, dateCreated). */
function assign(e: FuelRecordEntity, r: FuelRecordInput): FuelRecordEntity {
  e.machineId = r.machineId;
  e.amountMilli = toScaled(r.amount, THOUSANDTHS);
  // A member who may not see money changes a record without its prices (MoneylessFuelRecordInput): they stay.
  if (r.pricePerUnit !== undefined && r.totalPrice !== undefined) {
    e.pricePerUnitMilli = toScaled(r.pricePerUnit, THOUSANDTHS);
    e.totalPriceCents = toScaled(r.totalPrice, CENTS);
  }
  e.dateOfPurchase = new Date(r.dateOfPurchase);
  e.notes = textOrNull(r.notes);
  e.storeName = textOrNull(r.storeName);
  e.storeCity = textOrNull(r.storeCity);
  e.storeState = textOrNull(r.storeState);
  e.currentHours = r.currentHours ?? null;
  e.currentMileage = r.currentMileage ?? null;
  e.lastMileage = r.lastMileage ?? null;
  // Absent flags keep the record's value (a client from before issue 22 never changes them).
  e.fullTank = r.fullTank ?? e.fullTank ?? true;
  e.missedPrevious = r.missedPrevious ?? e.missedPrevious ?? false;
  return e;
}

const NOT_FOUND = 'Fuel record not found';
/** Machines read per statement of the full-to-full fills. */
const ECONOMY_CHUNK = 1000;

/**
 * Fuel records of the caller's account (issue 32). Machines belong to machine-service: a record names
 * one of the account's machines (checked in this service's projection, MachineProjection; any other
 * id is 404) and its records go when machine.machine.deleted arrives. A mechanic or operator sees
 * only their assigned machines' records, an operator only the ones they added, which they may
 * change or delete within OPERATOR_EDIT_WINDOW_MS (AccessScope, mayChangeFuelRecord).
 */
@Injectable()
export class FuelRecordsService {
  constructor(
    private readonly records: FuelRecordsRepository,
    private readonly tx: AccountTransactions,
    private readonly machines: MachineProjection,
    private readonly outbox: Outbox,
    private readonly dataSource: DataSource,
    private readonly access: AccountAccess,
  ) {}

  /**
   * fuel.import.apply (issue 23): one batch of an import in one transaction, each row checked again
   * with FuelRecordInput and the account's machines as a hand-entered record, written with its import
   * id and row, added by the import's creator (the caller), and its fuel.record.saved (so readings
   * and report totals follow).
   */
  async importApply(caller: Actor, request: ImportApplyRequest, meta?: RpcMeta): Promise<ImportApplyResult> {
    const { accountId } = caller;
    const machineOk = new Map<number, string | null>();
    const result = await this.tx.run(
      accountId,
      (manager) =>
        applyImportBatch<FuelRecordEntity>(
          manager,
          FuelRecordEntity,
          request,
          async (row) => {
            const { value, problem } = checkImportRecord(FuelRecordInput, row.record);
            if (!value) {
              return { failed: problem };
            }
            const machineProblem = await this.machines.importProblem(caller, value.machineId, machineOk);
            if (machineProblem) {
              return { failed: machineProblem };
            }
            const record = assign(this.newRow(caller, { idempotencyKey: null, importId: request.importId, importRow: row.rowNumber }), value);
            return { record };
          },
          (records) => this.outbox.enqueueMany(manager, FUEL_RECORD_SAVED, records.map(savedEvent), { actor: caller, correlationId: meta?.correlationId }),
        ),
      { lock: false },
    );
    return { ...result, backlog: await this.outbox.backlog() };
  }

  /**
   * fuel.import.check (the dry run): the rows that repeat a stored fill of the account: same machine,
   * day, odometer and amount (fuel.import.apply writes whatever it is sent: a kept duplicate too).
   */
  async importCheck({ accountId }: Actor, request: ImportCheckRequest): Promise<ImportCheckResult> {
    // The dry run validated these rows with FuelRecordInput already: only the key's fields are read (class-validator per row is the cost of a large file).
    const rows = (request?.rows ?? []).flatMap((row) => {
      const value = row.record as Partial<FuelRecordInput>;
      return isValidId(value.machineId) && typeof value.dateOfPurchase === 'string' && typeof value.amount === 'number'
        ? [{ rowNumber: row.rowNumber, value: value as FuelRecordInput }]
        : [];
    });
    if (rows.length === 0) {
      return { duplicates: [], problems: [] };
    }
    const key = (machineId: number, date: Date | string, mileage: number | null | undefined, amountMilli: number) =>
      `${machineId}|${importDay(date)}|${mileage ?? ''}|${amountMilli}`;
    const { from, until } = importDayRange(rows.map((r) => importDay(r.value.dateOfPurchase)));
    const stored = await this.records.onDays(accountId, [...new Set(rows.map((r) => r.value.machineId))], from, until);
    const duplicates = matchImportDuplicates(
      rows.map((r) => ({
        rowNumber: r.rowNumber,
        key: key(r.value.machineId, r.value.dateOfPurchase, r.value.currentMileage, toScaled(r.value.amount, THOUSANDTHS)),
      })),
      stored.map((s) => ({ id: s.id, key: key(s.machineId, s.dateOfPurchase, s.currentMileage, s.amountMilli) })),
    );
    return { duplicates, problems: [] };
  }

  /** fuel.import.revert: deletes exactly that import's records of the account, with their fuel.record.deleted. */
  async importRevert(actor: Actor, request: ImportRevertRequest, meta?: RpcMeta): Promise<ImportRevertResult> {
    const { accountId } = actor;
    const deleted = await revertImportRecords(this.dataSource, FuelRecordEntity, accountId, request.importId, async (manager, rows) => {
      for (const row of rows) {
        const event: FuelRecordDeletedEvent = { recordId: row.id, accountId, machineId: row.machineId, at: new Date().toISOString() };
        await this.outbox.enqueue(manager, FUEL_RECORD_DELETED, event, { actor, correlationId: meta?.correlationId });
      }
    });
    return { deleted };
  }

  /**
   * A machine's records, newest dateOfPurchase first (ties: newest id first): one page when the
   * caller pages, else the newest MACHINE_HISTORY_LIMITS.unpaged (issue 25, item 9). A machine the
   * caller is not assigned to has none for them, as another account's.
   */
  async listByMachine(actor: Actor, machineId: number, window: HistoryWindow = {}): Promise<FuelRecordsOfMachine> {
    const scope = await this.access.scope(actor);
    const paged = window.page !== undefined && window.size !== undefined;
    if (!seesMachine(scope, machineId)) {
      return paged ? pageOf([], 0, window.page!, window.size!) : [];
    }
    if (!paged) {
      return this.answer(actor.accountId, await this.records.newestOfMachine(scope, machineId, MACHINE_HISTORY_LIMITS.unpaged));
    }
    const [rows, total] = await this.records.pageOfMachine(scope, machineId, window.page! * window.size!, window.size!);
    return pageOf(await this.answer(actor.accountId, rows), total, window.page!, window.size!);
  }

  /** The record with the newest dateOfPurchase, or null when the machine has none the caller sees (answered as JSON null). */
  async latest(actor: Actor, machineId: number): Promise<FuelRecord | null> {
    const scope = await this.access.scope(actor);
    const [row] = seesMachine(scope, machineId) ? await this.records.newestOfMachine(scope, machineId, 1) : [];
    return row ? (await this.answer(actor.accountId, [row]))[0]! : null;
  }

  /**
   * The full-to-full segments of each machine's fills dated before `until`, read from its last full
   * fill before `since` (where the first segment that ends at or after `since` starts), not from its
   * first record ever.
   */
  private async fullToFullOf(accountId: number, machineIds: readonly number[], since: Date, until: Date): Promise<Map<number, FullToFull[]>> {
    const out = new Map<number, FullToFull[]>();
    for (let i = 0; i < machineIds.length; i += ECONOMY_CHUNK) {
      const rows = await this.records.fillsAround(accountId, machineIds.slice(i, i + ECONOMY_CHUNK), since, until);
      const byMachine = new Map<number, FuelFill[]>();
      for (const r of rows) {
        const list = byMachine.get(r.machineId) ?? [];
        list.push(r);
        byMachine.set(r.machineId, list);
      }
      for (const [machineId, fills] of byMachine) {
        out.set(
          machineId,
          fullToFull(
            fills.map((r) => ({
              id: r.id,
              date: r.dateOfPurchase.toISOString().slice(0, 10),
              amount: fromScaled(r.amountMilli, THOUSANDTHS),
              mileage: r.currentMileage,
              fullTank: r.fullTank,
              missedPrevious: r.missedPrevious,
            })),
          ),
        );
      }
    }
    return out;
  }

  /**
   * The spec's computed MPG of each record by the full-to-full rule (issue 22): a full fill after
   * another full fill of its machine answers the distance since that one over the fuel added since
   * (partial fills included, whoever added them); a machine's first full fill keeps the single-record
   * formula with the mileage the user gave as the last one; a partial fill or one after a missed
   * fill-up has none.
   */
  private async withEconomy<R extends FuelRecordView>(accountId: number, records: R[]): Promise<R[]> {
    const byMachine = new Map<number, R[]>();
    for (const r of records.filter((x) => x.fullTank && !x.missedPrevious)) {
      const list = byMachine.get(r.machineId) ?? [];
      list.push(r);
      byMachine.set(r.machineId, list);
    }
    for (const [machineId, list] of byMachine) {
      const times = list.map((r) => Date.parse(r.dateOfPurchase));
      const segments = (await this.fullToFullOf(accountId, [machineId], new Date(Math.min(...times)), new Date(Math.max(...times) + 1))).get(machineId) ?? [];
      const economy = new Map(segments.map((s) => [s.id, Math.round((s.distance / s.fuel) * 10) / 10]));
      for (const r of list) {
        r.mpg = economy.get(r.id) ?? r.mpg;
      }
    }
    return records;
  }

  /** The rows as every call answers them: their people (one query) and their economy. */
  private async answer(accountId: number, rows: FuelRecordEntity[]): Promise<FuelRecord[]> {
    return this.withEconomy(accountId, await this.access.answer(accountId, rows, toFuelRecord));
  }

  async get(actor: Actor, id: number): Promise<FuelRecord> {
    return (await this.answer(actor.accountId, [await this.visible(actor, id)]))[0]!;
  }

  /**
   * One INSERT, outside the per-account write lock: a fuel record never moves stock, and the lock made
   * a fleet's concurrent fuel entries wait for each other (docs/performance.md). A retried call with
   * the same idempotency key answers the record made the first time (createOnce).
   */
  async create(caller: Actor, input: FuelRecordInput, meta?: RpcMeta): Promise<FuelRecord> {
    const { accountId } = caller;
    const key = meta?.idempotencyKey ?? null;
    await this.requireMachine(caller, input.machineId);
    const row = await createOnce(
      () => (key ? this.records.byIdempotencyKey(accountId, key) : Promise.resolve(null)),
      // The INSERT and its fuel.record.saved (schedule-service's reading) in one transaction, without
      // the per-account lock and without save's change tracking.
      () =>
        this.tx.run(
          accountId,
          async (tx) => {
            const fresh = assign(this.newRow(caller, { idempotencyKey: key }), input);
            await this.records.insert(tx, fresh);
            await this.saved(tx, fresh, { actor: caller, correlationId: meta?.correlationId });
            return fresh;
          },
          { lock: false },
        ),
    );
    await this.undoIfMachineDeleted(accountId, row);
    return (await this.answer(accountId, [row]))[0]!;
  }

  async update(caller: Actor, id: number, input: FuelRecordInput, meta?: RpcMeta): Promise<FuelRecord> {
    const { accountId } = caller;
    const scope = await this.access.scope(caller);
    const row = await this.tx.run(accountId, async (tx) => {
      const found = await this.changeable(caller, scope, id, tx);
      if (found.machineId !== input.machineId) {
        await this.requireMachine(caller, input.machineId, scope);
      }
      const saved = await this.records.save(tx, Object.assign(assign(found, input), { updatedBy: caller.userId }));
      await this.saved(tx, saved, { actor: caller, correlationId: meta?.correlationId });
      return saved;
    });
    await this.undoIfMachineDeleted(accountId, row);
    return (await this.answer(accountId, [row]))[0]!;
  }

  async remove(caller: Actor, id: number, meta?: RpcMeta): Promise<FuelPurchaseDeleted> {
    const { accountId } = caller;
    const scope = await this.access.scope(caller);
    return this.tx.run(accountId, async (tx) => {
      const row = await this.changeable(caller, scope, id, tx);
      if (!(await this.records.delete(accountId, id, tx))) {
        throw notFound(NOT_FOUND);
      }
      const event: FuelRecordDeletedEvent = { recordId: id, accountId, machineId: row.machineId, at: new Date().toISOString() };
      await this.outbox.enqueue(tx, FUEL_RECORD_DELETED, event, { actor: caller, correlationId: meta?.correlationId });
      return { deleted: true } as const;
    });
  }

  /** A new row of the caller's account, added by the caller (an import's rows: by the import's creator). */
  private newRow(caller: Actor, fields: Partial<FuelRecordEntity>): FuelRecordEntity {
    return this.records.create({ accountId: caller.accountId, createdBy: caller.userId, updatedBy: null, dateCreated: new Date(), ...fields });
  }

  /** One of the account's machines that the caller may name (an unassigned one is 404 as another account's). */
  private async requireMachine(caller: Actor, machineId: number, scope?: AccessScope): Promise<void> {
    if (!seesMachine(scope ?? (await this.access.scope(caller)), machineId)) {
      throw notFound(MACHINE_NOT_FOUND);
    }
    await this.machines.requireOwned(caller, machineId);
  }

  /**
   * A write that raced its machine's deletion: the deletion's tombstone commits before it removes
   * the machine's records, so a row written after that removal finds the tombstone here and goes too.
   */
  private async undoIfMachineDeleted(accountId: number, row: FuelRecordEntity): Promise<void> {
    if (await this.machines.isDeleted(row.machineId)) {
      await this.records.delete(accountId, row.id);
      throw notFound(MACHINE_NOT_FOUND);
    }
  }

  /** fuel.record.saved: report-service counts its total price; schedule-service keeps the record's mileage and hours as readings linked to it. */
  private async saved(tx: Tx, row: FuelRecordEntity, ctx: CallContext): Promise<void> {
    await this.outbox.enqueue(tx, FUEL_RECORD_SAVED, savedEvent(row), ctx);
  }

  /** A record the caller sees, or 404 (another account's, an unassigned machine's, another member's for an operator). */
  private async visible(actor: Actor, id: number, scope?: AccessScope, tx?: Tx): Promise<FuelRecordEntity> {
    const row = await this.records.byId(actor.accountId, id, tx);
    if (!row || !inScope(scope ?? (await this.access.scope(actor)), row)) {
      throw notFound(NOT_FOUND);
    }
    return row;
  }

  /** A record the caller sees and may still change: an operator's own, within OPERATOR_EDIT_WINDOW_MS (403 after). */
  private async changeable(actor: Actor, scope: AccessScope, id: number, tx: Tx): Promise<FuelRecordEntity> {
    const row = await this.visible(actor, id, scope, tx);
    if (!mayChangeFuelRecord(actor.role, row.dateCreated, new Date())) {
      throw forbidden(OPERATOR_WINDOW_PASSED);
    }
    return row;
  }
}

/** fuel.record.saved of a stored record: its `at` is taken now, after the row was written. */
function savedEvent(row: FuelRecordEntity): FuelRecordSavedEvent {
  return {
    recordId: row.id,
    accountId: row.accountId,
    machineId: row.machineId,
    date: row.dateOfPurchase.toISOString().slice(0, 10),
    currentMileage: row.currentMileage,
    currentHours: row.currentHours,
    totalPriceCents: row.totalPriceCents,
    amount: fromScaled(row.amountMilli, THOUSANDTHS),
    notes: row.notes,
    fullTank: row.fullTank,
    missedPrevious: row.missedPrevious,
    purchasedAt: row.dateOfPurchase.toISOString(),
    at: new Date().toISOString(),
  };
}
