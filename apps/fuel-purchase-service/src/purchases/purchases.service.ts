import { Injectable } from '@nestjs/common';
import type {
  Actor,
  Audited,
  FuelPurchaseDeleted,
  ImportApplyRequest,
  ImportApplyResult,
  ImportCheckRequest,
  ImportCheckResult,
  ImportRevertRequest,
  ImportRevertResult,
  HistoryWindow,
  InventoryPurchaseDeletedEvent,
  InventoryPurchaseSavedEvent,
  Purchase,
  PurchaseInput,
  PurchasePage,
  PurchasesForMachine,
  RpcMeta,
} from '@wrenchlog/contracts';
import {
  checkImportRecord,
  INVENTORY_PURCHASE_DELETED,
  INVENTORY_PURCHASE_SAVED,
  isValidId,
  MACHINE_HISTORY_LIMITS,
  pageOf,
  PurchaseInput as PurchaseInputDto,
} from '@wrenchlog/contracts';
import {
  applyImportBatch,
  createOnce,
  DomainError,
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
import { CENTS, fromScaled, iso, refOrNull, textOrNull, toScaled } from '../common/scaled.js';
import { AccountTransactions, type Tx } from '../common/transactions.js';
import { PartsRepository } from '../inventory/parts.repository.js';
import { MACHINE_NOT_FOUND, MachineProjection } from '../machines/machine-projection.js';
import { StockEvents } from '../inventory/stock-events.js';
import { SuppliersRepository } from '../inventory/suppliers.repository.js';
import { PurchaseEntity } from './purchase.entity.js';
import { PurchasesRepository } from './purchases.repository.js';
import { EMPTY_LEDGER, planRemoval, planStock, type StockAdjustment } from './stock-ledger.js';

/** A purchase's answer but its createdBy / updatedBy (AccountAccess.answer adds them). */
export type PurchaseView = Omit<Purchase, keyof Audited>;

export function toPurchase(e: PurchaseEntity): PurchaseView {
  return {
    id: e.id,
    partName: e.partName,
    partNumber: e.partNumber,
    partDescription: e.partDescription,
    partUrl: e.partUrl,
    quantity: e.quantity,
    price: fromScaled(e.priceCents, CENTS),
    storeName: e.storeName,
    storeCity: e.storeCity,
    storeState: e.storeState,
    storeAddress: e.storeAddress,
    partStatus: e.partStatus,
    purchaseDate: iso(e.purchaseDate),
    createDate: iso(e.createDate),
    machineId: e.machineId,
    partId: e.partId,
    // The spec's field: who added the purchase (before accounts, the owner: created_by was backfilled so).
    userId: e.createdBy ?? e.accountId,
    storeId: e.storeId,
  };
}

function assign(e: PurchaseEntity, p: PurchaseInput): PurchaseEntity {
  e.partName = p.partName.trim();
  e.partNumber = textOrNull(p.partNumber);
  e.partDescription = textOrNull(p.partDescription);
  e.partUrl = textOrNull(p.partUrl);
  e.quantity = p.quantity;
  e.priceCents = toScaled(p.price, CENTS);
  e.storeName = p.storeName.trim();
  e.storeCity = textOrNull(p.storeCity);
  e.storeState = textOrNull(p.storeState);
  e.storeAddress = textOrNull(p.storeAddress);
  e.partStatus = p.partStatus ?? 'New';
  e.purchaseDate = new Date(p.purchaseDate);
  e.machineId = refOrNull(p.machineId);
  e.partId = refOrNull(p.partId);
  e.storeId = refOrNull(p.storeId);
  return e;
}

const NOT_FOUND = 'Purchase not found';

/**
 * Part purchases of the caller's account (issue 32); `userId` and `createdBy` are the member who added
 * it. A purchase may name one of the account's inventory parts (partId) and suppliers (storeId);
 * another account's ids answer 404 like missing ones. Stock effects follow stock-ledger.ts. machineId
 * is optional (0 or null: none); when given it must be one of the account's machines
 * (MachineProjection) that the caller is assigned to (a mechanic's), or 404. A mechanic sees the
 * purchases of their machines and those of no machine (the inventory's).
 */
@Injectable()
export class PurchasesService {
  constructor(
    private readonly purchases: PurchasesRepository,
    private readonly parts: PartsRepository,
    private readonly suppliers: SuppliersRepository,
    private readonly tx: AccountTransactions,
    private readonly machines: MachineProjection,
    private readonly outbox: Outbox,
    private readonly stock: StockEvents,
    private readonly dataSource: DataSource,
    private readonly access: AccountAccess,
  ) {}

  /**
   * inventory.import.apply (issue 23): one batch under the per-account lock, each row checked again
   * with PurchaseInput and written as a hand-entered purchase is (its machine, part and store checked,
   * stock added for a Purchased one), added by the import's creator (the caller), with its import id
   * and row and inventory.purchase.saved.
   */
  async importApply(caller: Actor, request: ImportApplyRequest, meta?: RpcMeta): Promise<ImportApplyResult> {
    const { accountId } = caller;
    const machineOk = new Map<number, string | null>();
    const result = await this.tx.run(accountId, (manager) =>
      applyImportBatch<PurchaseEntity>(
        manager,
        PurchaseEntity,
        request,
        async (item) => {
          const { value, problem } = checkImportRecord(PurchaseInputDto, item.record);
          if (!value) {
            return { failed: problem };
          }
          const row = assign(this.newRow(caller, { idempotencyKey: null, importId: request.importId, importRow: item.rowNumber }), value);
          if (row.machineId !== null) {
            const machineProblem = await this.machines.importProblem(caller, row.machineId, machineOk);
            if (machineProblem) {
              return { failed: machineProblem };
            }
          }
          try {
            await this.checkReferences(manager, accountId, row);
          } catch (err) {
            if (err instanceof DomainError) {
              return { failed: err.message };
            }
            throw err;
          }
          // Stock moves row by row (a later row of the same part sees it); the purchases are inserted together after the batch.
          const moves = this.planLedger(row);
          if (request.stockCounted !== true) {
            await this.moveStock(manager, row, moves, caller.userId);
          }
          return { record: row };
        },
        (rows) => this.outbox.enqueueMany(manager, INVENTORY_PURCHASE_SAVED, rows.map(savedEvent), { actor: caller, correlationId: meta?.correlationId }),
      ),
    );
    return { ...result, backlog: await this.outbox.backlog() };
  }

  /** inventory.import.check (the dry run): the rows that repeat a stored purchase of the account: same machine, day, part, quantity and price. */
  async importCheck({ accountId }: Actor, request: ImportCheckRequest): Promise<ImportCheckResult> {
    // The dry run validated these rows with PurchaseInput already: only the key's fields are read.
    const rows = (request?.rows ?? []).flatMap((row) => {
      const value = row.record as Partial<PurchaseInput>;
      return isValidId(value.machineId) &&
        typeof value.purchaseDate === 'string' &&
        typeof value.partName === 'string' &&
        typeof value.quantity === 'number' &&
        typeof value.price === 'number'
        ? [{ rowNumber: row.rowNumber, value: value as PurchaseInput, machineId: value.machineId }]
        : [];
    });
    if (rows.length === 0) {
      return { duplicates: [], problems: [] };
    }
    const key = (machineId: number, date: Date | string, partName: string, quantity: number, priceCents: number) =>
      `${machineId}|${importDay(date)}|${partName.trim().toLowerCase()}|${quantity}|${priceCents}`;
    const { from, until } = importDayRange(rows.map((r) => importDay(r.value.purchaseDate)));
    const stored = await this.purchases.onDays(accountId, [...new Set(rows.map((r) => r.machineId))], from, until);
    const duplicates = matchImportDuplicates(
      rows.map((r) => ({
        rowNumber: r.rowNumber,
        key: key(r.machineId, r.value.purchaseDate, r.value.partName, r.value.quantity, toScaled(r.value.price, CENTS)),
      })),
      stored.map((s) => ({ id: s.id, key: key(s.machineId ?? 0, s.purchaseDate, s.partName, s.quantity, s.priceCents) })),
    );
    return { duplicates, problems: [] };
  }

  /** inventory.import.revert: deletes exactly that import's purchases of the account, taking back the stock they added, with inventory.purchase.deleted. */
  async importRevert(actor: Actor, request: ImportRevertRequest, meta?: RpcMeta): Promise<ImportRevertResult> {
    const { accountId } = actor;
    const deleted = await revertImportRecords(this.dataSource, PurchaseEntity, accountId, request.importId, async (manager, rows) => {
      for (const row of rows) {
        await this.takeBack(manager, row, { actor, correlationId: meta?.correlationId });
      }
    });
    return { deleted };
  }

  /** Newest purchaseDate first (ties: newest id first); a mechanic's: their machines' and those of no machine. */
  async recent(actor: Actor, page: number, size: number): Promise<PurchasePage> {
    const [rows, total] = await this.purchases.page(await this.access.scope(actor), page * size, size);
    return pageOf(await this.access.answer(actor.accountId, rows, toPurchase), total, page, size);
  }

  /**
   * One machine's purchases, newest first: a page when the caller pages, else the newest
   * MACHINE_HISTORY_LIMITS.unpaged as {content} (issue 25, item 9). None of a machine the caller is
   * not assigned to.
   */
  async recentForMachine(actor: Actor, machineId: number, window: HistoryWindow = {}): Promise<PurchasesForMachine> {
    const { accountId } = actor;
    const sees = seesMachine(await this.access.scope(actor), machineId);
    if (window.page === undefined || window.size === undefined) {
      const rows = sees ? await this.purchases.newestOfMachine(accountId, machineId, MACHINE_HISTORY_LIMITS.unpaged) : [];
      return { content: await this.access.answer(accountId, rows, toPurchase) };
    }
    const [rows, total] = sees ? await this.purchases.pageOfMachine(accountId, machineId, window.page * window.size, window.size) : [[], 0];
    return pageOf(await this.access.answer(accountId, rows, toPurchase), total, window.page, window.size);
  }

  async get(actor: Actor, id: number): Promise<Purchase> {
    return this.access.answerOne(actor.accountId, await this.visible(actor, id), toPurchase);
  }

  /**
   * A purchase linked to a part or a supplier is made under the per-account lock (it may move stock,
   * and a supplier's delete clears its references); one with neither needs no lock, so a fleet's
   * plain purchases no longer wait for each other (docs/performance.md). A retried create (same
   * idempotency key) answers the first purchase, also when both run at once (unique account and key).
   */
  async create(caller: Actor, input: PurchaseInput, meta?: RpcMeta): Promise<Purchase> {
    const { accountId } = caller;
    const key = meta?.idempotencyKey ?? null;
    const row = assign(this.newRow(caller, { idempotencyKey: key }), input);
    if (row.machineId !== null) {
      await this.requireMachine(caller, row.machineId);
    }
    const purchase = await createOnce(
      () => (key ? this.purchases.byIdempotencyKey(accountId, key) : Promise.resolve(null)),
      () =>
        this.tx.run(
          accountId,
          async (tx) => {
            await this.checkReferences(tx, accountId, row);
            const moves = this.planLedger(row);
            await this.purchases.insert(tx, row);
            await this.moveStock(tx, row, moves, caller.userId);
            await this.saved(tx, row, { actor: caller, correlationId: meta?.correlationId });
            return row;
          },
          { lock: row.partId !== null || row.storeId !== null },
        ),
    );
    await this.undoIfMachineDeleted(accountId, purchase);
    return this.access.answerOne(accountId, purchase, toPurchase);
  }

  async update(caller: Actor, id: number, input: PurchaseInput, meta?: RpcMeta): Promise<Purchase> {
    const { accountId } = caller;
    const scope = await this.access.scope(caller);
    const purchase = await this.tx.run(accountId, async (tx) => {
      const row = await this.visible(caller, id, scope, tx);
      const previousMachineId = row.machineId;
      assign(row, input);
      row.updatedBy = caller.userId;
      if (row.machineId !== null && row.machineId !== previousMachineId) {
        await this.requireMachine(caller, row.machineId, scope);
      }
      await this.checkReferences(tx, accountId, row);
      await this.moveStock(tx, row, this.planLedger(row), caller.userId);
      const saved = await this.purchases.save(tx, row);
      await this.saved(tx, saved, { actor: caller, correlationId: meta?.correlationId });
      return saved;
    });
    await this.undoIfMachineDeleted(accountId, purchase);
    return this.access.answerOne(accountId, purchase, toPurchase);
  }

  /**
   * Deletes the purchase and takes back the stock it added (see stock-ledger.ts). Under the account's
   * lock the ledger read is current, and only the call whose delete removed the row moves stock, so
   * a retried or concurrent delete takes it back once (the others answer 404).
   */
  async remove(caller: Actor, id: number, meta?: RpcMeta): Promise<FuelPurchaseDeleted> {
    const { accountId } = caller;
    const scope = await this.access.scope(caller);
    return this.tx.run(accountId, async (tx) => {
      const row = await this.visible(caller, id, scope, tx);
      if (!(await this.purchases.delete(tx, accountId, row.id))) {
        throw notFound(NOT_FOUND);
      }
      await this.takeBack(tx, row, { actor: caller, correlationId: meta?.correlationId });
      return { deleted: true } as const;
    });
  }

  /** A deleted purchase: the stock it added goes back out, and inventory.purchase.deleted. */
  private async takeBack(tx: Tx, row: PurchaseEntity, ctx: CallContext): Promise<void> {
    const adjustments = planRemoval({ received: row.stockReceived, stockPartId: row.stockPartId, stockAdded: row.stockAdded });
    await this.parts.adjustStock(tx, row.accountId, adjustments, {
      kind: 'purchase-removed',
      purchaseId: row.id,
      label: row.storeName,
      by: ctx.actor?.userId ?? null,
    });
    await this.stock.announce(
      tx,
      row.accountId,
      adjustments.map((a) => a.partId),
    );
    const event: InventoryPurchaseDeletedEvent = { recordId: row.id, accountId: row.accountId, machineId: row.machineId, at: new Date().toISOString() };
    await this.outbox.enqueue(tx, INVENTORY_PURCHASE_DELETED, event, ctx);
  }

  /** inventory.purchase.saved: report-service counts price x quantity (nothing for a cancelled order). */
  private async saved(tx: Tx, row: PurchaseEntity, ctx: CallContext): Promise<void> {
    await this.outbox.enqueue(tx, INVENTORY_PURCHASE_SAVED, savedEvent(row), ctx);
  }

  /** A new purchase of the caller's account, added by the caller (an import's: by the import's creator). */
  private newRow(caller: Actor, fields: Partial<PurchaseEntity>): PurchaseEntity {
    return this.purchases.create({
      accountId: caller.accountId,
      createdBy: caller.userId,
      updatedBy: null,
      createDate: new Date(),
      ...EMPTY_LEDGER,
      ...fields,
    });
  }

  /** One of the account's machines that the caller may name (an unassigned one is 404 as another account's). */
  private async requireMachine(caller: Actor, machineId: number, scope?: AccessScope): Promise<void> {
    if (!seesMachine(scope ?? (await this.access.scope(caller)), machineId)) {
      throw notFound(MACHINE_NOT_FOUND);
    }
    await this.machines.requireOwned(caller, machineId);
  }

  /** A purchase the caller sees, or 404 (another account's, or of a machine a mechanic is not assigned to). */
  private async visible(actor: Actor, id: number, scope?: AccessScope, tx?: Tx): Promise<PurchaseEntity> {
    const row = await this.purchases.byId(actor.accountId, id, tx);
    if (!row || !inScope(scope ?? (await this.access.scope(actor)), row)) {
      throw notFound(NOT_FOUND);
    }
    return row;
  }

  private async checkReferences(tx: Tx, accountId: number, row: PurchaseEntity): Promise<void> {
    // An id beyond the integer columns names nothing (and PostgreSQL would refuse to compare it).
    if (row.partId !== null && (!isValidId(row.partId) || !(await this.parts.exists(tx, accountId, row.partId)))) {
      throw notFound('Part not found');
    }
    if (row.storeId !== null && (!isValidId(row.storeId) || !(await this.suppliers.exists(tx, accountId, row.storeId)))) {
      throw notFound('Store not found');
    }
  }

  /** As FuelRecordsService's: a purchase written after its machine's deletion removed its records goes too. */
  private async undoIfMachineDeleted(accountId: number, purchase: PurchaseEntity): Promise<void> {
    if (purchase.machineId !== null && (await this.machines.isDeleted(purchase.machineId))) {
      await this.tx.run(accountId, (tx) => this.purchases.delete(tx, accountId, purchase.id));
      throw notFound(MACHINE_NOT_FOUND);
    }
  }

  /** Records on the row the ledger after this save and answers the stock moves it makes (stock-ledger.ts). */
  private planLedger(row: PurchaseEntity): StockAdjustment[] {
    const plan = planStock(
      { received: row.stockReceived, stockPartId: row.stockPartId, stockAdded: row.stockAdded },
      { partStatus: row.partStatus, partId: row.partId, quantity: row.quantity },
    );
    row.stockReceived = plan.ledger.received;
    row.stockPartId = plan.ledger.stockPartId;
    row.stockAdded = plan.ledger.stockAdded;
    return plan.adjustments;
  }

  /** Moves the stock (a ledger line each, naming the purchase when it has its id yet) and announces it. */
  private async moveStock(tx: Tx, row: PurchaseEntity, adjustments: StockAdjustment[], by: number): Promise<void> {
    await this.parts.adjustStock(tx, row.accountId, adjustments, { kind: 'purchase', purchaseId: row.id ?? null, label: row.storeName, by });
    await this.stock.announce(
      tx,
      row.accountId,
      adjustments.map((a) => a.partId),
    );
  }
}

/** inventory.purchase.saved of a stored purchase: its `at` is taken now, after the row was written. */
function savedEvent(row: PurchaseEntity): InventoryPurchaseSavedEvent {
  return {
    recordId: row.id,
    accountId: row.accountId,
    machineId: row.machineId,
    date: row.purchaseDate.toISOString().slice(0, 10),
    costCents: row.partStatus === 'Cancelled' ? 0 : row.priceCents * row.quantity,
    partName: row.partName,
    notes: row.partDescription,
    at: new Date().toISOString(),
  };
}
