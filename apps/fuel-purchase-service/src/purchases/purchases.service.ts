import { Injectable } from '@nestjs/common';
import type {
  Actor,
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
import { CENTS, fromScaled, iso, refOrNull, textOrNull, toScaled } from '../common/scaled.js';
import { UserTransactions, type Tx } from '../common/transactions.js';
import { PartsRepository } from '../inventory/parts.repository.js';
import { MACHINE_NOT_FOUND, MachineProjection } from '../machines/machine-projection.js';
import { StockEvents } from '../inventory/stock-events.js';
import { SuppliersRepository } from '../inventory/suppliers.repository.js';
import { PurchaseEntity } from './purchase.entity.js';
import { PurchasesRepository } from './purchases.repository.js';
import { EMPTY_LEDGER, planRemoval, planStock } from './stock-ledger.js';

export function toPurchase(e: PurchaseEntity): Purchase {
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
    userId: e.userId,
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
 * Part purchases of the signed-in user. userId always comes from the caller. A purchase may name
 * one of the caller's inventory parts (partId) and suppliers (storeId); another user's ids answer
 * 404 like missing ones. Stock effects follow stock-ledger.ts. machineId is optional (0 or null:
 * none); when given it must be one of the caller's machines (MachineProjection), or 404.
 */
@Injectable()
export class PurchasesService {
  constructor(
    private readonly purchases: PurchasesRepository,
    private readonly parts: PartsRepository,
    private readonly suppliers: SuppliersRepository,
    private readonly tx: UserTransactions,
    private readonly machines: MachineProjection,
    private readonly outbox: Outbox,
    private readonly stock: StockEvents,
    private readonly dataSource: DataSource,
  ) {}

  /**
   * inventory.import.apply (issue 23): one batch under the per-user lock, each row checked again with
   * PurchaseInput and written as a hand-entered purchase is (its machine, part and store checked,
   * stock added for a Purchased one), with its import id and row and inventory.purchase.saved.
   */
  async importApply(caller: Actor, request: ImportApplyRequest, meta?: RpcMeta): Promise<ImportApplyResult> {
    const { userId } = caller;
    const machineOk = new Map<number, string | null>();
    const result = await this.tx.run(userId, (manager) =>
      applyImportBatch<PurchaseEntity>(
        manager,
        PurchaseEntity,
        request,
        async (item) => {
          const { value, problem } = checkImportRecord(PurchaseInputDto, item.record);
          if (!value) {
            return { failed: problem };
          }
          const row = assign(
            this.purchases.create({
              userId,
              createDate: new Date(),
              idempotencyKey: null,
              importId: request.importId,
              importRow: item.rowNumber,
              ...EMPTY_LEDGER,
            }),
            value,
          );
          if (row.machineId !== null) {
            const machineProblem = await this.machines.importProblem(caller, row.machineId, machineOk);
            if (machineProblem) {
              return { failed: machineProblem };
            }
          }
          try {
            await this.checkReferences(manager, userId, row);
          } catch (err) {
            if (err instanceof DomainError) {
              return { failed: err.message };
            }
            throw err;
          }
          // Stock moves row by row (a later row of the same part sees it); the purchases are inserted together after the batch.
          await this.applyStock(manager, row, { counted: request.stockCounted === true });
          return { record: row };
        },
        (rows) => this.outbox.enqueueMany(manager, INVENTORY_PURCHASE_SAVED, rows.map(savedEvent), { actor: caller, correlationId: meta?.correlationId }),
      ),
    );
    return { ...result, backlog: await this.outbox.backlog() };
  }

  /** inventory.import.check (the dry run): the rows that repeat a stored purchase of the caller: same machine, day, part, quantity and price. */
  async importCheck({ userId }: Actor, request: ImportCheckRequest): Promise<ImportCheckResult> {
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
    const stored = await this.purchases.onDays(userId, [...new Set(rows.map((r) => r.machineId))], from, until);
    const duplicates = matchImportDuplicates(
      rows.map((r) => ({
        rowNumber: r.rowNumber,
        key: key(r.machineId, r.value.purchaseDate, r.value.partName, r.value.quantity, toScaled(r.value.price, CENTS)),
      })),
      stored.map((s) => ({ id: s.id, key: key(s.machineId ?? 0, s.purchaseDate, s.partName, s.quantity, s.priceCents) })),
    );
    return { duplicates, problems: [] };
  }

  /** inventory.import.revert: deletes exactly that import's purchases of the caller, taking back the stock they added, with inventory.purchase.deleted. */
  async importRevert(actor: Actor, request: ImportRevertRequest, meta?: RpcMeta): Promise<ImportRevertResult> {
    const { userId } = actor;
    const deleted = await revertImportRecords(this.dataSource, PurchaseEntity, userId, request.importId, async (manager, rows) => {
      for (const row of rows) {
        const adjustments = planRemoval({ received: row.stockReceived, stockPartId: row.stockPartId, stockAdded: row.stockAdded });
        await this.parts.adjustStock(manager, userId, adjustments);
        await this.stock.announce(
          manager,
          userId,
          adjustments.map((a) => a.partId),
        );
        const event: InventoryPurchaseDeletedEvent = { recordId: row.id, userId, machineId: row.machineId, at: new Date().toISOString() };
        await this.outbox.enqueue(manager, INVENTORY_PURCHASE_DELETED, event, { actor, correlationId: meta?.correlationId });
      }
    });
    return { deleted };
  }

  /** Newest purchaseDate first (ties: newest id first). */
  async recent({ userId }: Actor, page: number, size: number): Promise<PurchasePage> {
    const [rows, total] = await this.purchases.page(userId, page * size, size);
    return pageOf(rows.map(toPurchase), total, page, size);
  }

  /**
   * One machine's purchases, newest first: a page when the caller pages, else the newest
   * MACHINE_HISTORY_LIMITS.unpaged as {content} (issue 25, item 9).
   */
  async recentForMachine({ userId }: Actor, machineId: number, window: HistoryWindow = {}): Promise<PurchasesForMachine> {
    if (window.page === undefined || window.size === undefined) {
      return { content: (await this.purchases.newestOfMachine(userId, machineId, MACHINE_HISTORY_LIMITS.unpaged)).map(toPurchase) };
    }
    const [rows, total] = await this.purchases.pageOfMachine(userId, machineId, window.page * window.size, window.size);
    return pageOf(rows.map(toPurchase), total, window.page, window.size);
  }

  async get({ userId }: Actor, id: number): Promise<Purchase> {
    const row = await this.purchases.byId(userId, id);
    if (!row) {
      throw notFound(NOT_FOUND);
    }
    return toPurchase(row);
  }

  /**
   * A purchase linked to a part or a supplier is made under the per-user lock (it may move stock, and
   * a supplier's delete clears its references); one with neither needs no lock, so a fleet's plain
   * purchases no longer wait for each other (docs/performance.md). A retried create (same
   * idempotency key) answers the first purchase, also when both run at once (unique user and key).
   */
  async create(caller: Actor, input: PurchaseInput, meta?: RpcMeta): Promise<Purchase> {
    const { userId } = caller;
    const key = meta?.idempotencyKey ?? null;
    const row = assign(this.purchases.create({ userId, createDate: new Date(), idempotencyKey: key, ...EMPTY_LEDGER }), input);
    if (row.machineId !== null) {
      await this.machines.requireOwned(caller, row.machineId);
    }
    const purchase = await createOnce(
      async () => {
        const found = key ? await this.purchases.byIdempotencyKey(userId, key) : null;
        return found && toPurchase(found);
      },
      () =>
        this.tx.run(
          userId,
          async (tx) => {
            await this.checkReferences(tx, userId, row);
            await this.applyStock(tx, row);
            await this.purchases.insert(tx, row);
            await this.saved(tx, row, { actor: caller, correlationId: meta?.correlationId });
            return toPurchase(row);
          },
          { lock: row.partId !== null || row.storeId !== null },
        ),
    );
    await this.undoIfMachineDeleted(userId, purchase);
    return purchase;
  }

  async update(caller: Actor, id: number, input: PurchaseInput, meta?: RpcMeta): Promise<Purchase> {
    const { userId } = caller;
    const purchase = await this.tx.run(userId, async (tx) => {
      const row = await this.purchases.byId(userId, id, tx);
      if (!row) {
        throw notFound(NOT_FOUND);
      }
      const previousMachineId = row.machineId;
      assign(row, input);
      if (row.machineId !== null && row.machineId !== previousMachineId) {
        await this.machines.requireOwned(caller, row.machineId);
      }
      await this.checkReferences(tx, userId, row);
      await this.applyStock(tx, row);
      const saved = await this.purchases.save(tx, row);
      await this.saved(tx, saved, { actor: caller, correlationId: meta?.correlationId });
      return toPurchase(saved);
    });
    await this.undoIfMachineDeleted(userId, purchase);
    return purchase;
  }

  /**
   * Deletes the purchase and takes back the stock it added (see stock-ledger.ts). Under the user's
   * lock the ledger read is current, and only the call whose delete removed the row moves stock, so
   * a retried or concurrent delete takes it back once (the others answer 404).
   */
  async remove(caller: Actor, id: number, meta?: RpcMeta): Promise<FuelPurchaseDeleted> {
    const { userId } = caller;
    return this.tx.run(userId, async (tx) => {
      const row = await this.purchases.deleteOwned(tx, userId, id);
      if (!row) {
        throw notFound(NOT_FOUND);
      }
      const adjustments = planRemoval({ received: row.stockReceived, stockPartId: row.stockPartId, stockAdded: row.stockAdded });
      await this.parts.adjustStock(tx, userId, adjustments);
      await this.stock.announce(
        tx,
        userId,
        adjustments.map((a) => a.partId),
      );
      const event: InventoryPurchaseDeletedEvent = { recordId: row.id, userId, machineId: row.machineId, at: new Date().toISOString() };
      await this.outbox.enqueue(tx, INVENTORY_PURCHASE_DELETED, event, { actor: caller, correlationId: meta?.correlationId });
      return { deleted: true } as const;
    });
  }

  /** inventory.purchase.saved: report-service counts price x quantity (nothing for a cancelled order). */
  private async saved(tx: Tx, row: PurchaseEntity, ctx: CallContext): Promise<void> {
    await this.outbox.enqueue(tx, INVENTORY_PURCHASE_SAVED, savedEvent(row), ctx);
  }

  private async checkReferences(tx: Tx, userId: number, row: PurchaseEntity): Promise<void> {
    // An id beyond the integer columns names nothing (and PostgreSQL would refuse to compare it).
    if (row.partId !== null && (!isValidId(row.partId) || !(await this.parts.exists(tx, userId, row.partId)))) {
      throw notFound('Part not found');
    }
    if (row.storeId !== null && (!isValidId(row.storeId) || !(await this.suppliers.exists(tx, userId, row.storeId)))) {
      throw notFound('Store not found');
    }
  }

  /** As FuelRecordsService's: a purchase written after its machine's deletion removed its records goes too. */
  private async undoIfMachineDeleted(userId: number, purchase: Purchase): Promise<void> {
    if (purchase.machineId !== null && (await this.machines.isDeleted(purchase.machineId))) {
      await this.tx.run(userId, (tx) => this.purchases.delete(tx, userId, purchase.id));
      throw notFound(MACHINE_NOT_FOUND);
    }
  }

  /**
   * Moves stock by the change of this purchase's contribution and records the new ledger on the row.
   * `counted`: a restored purchase, whose part's restored stock already holds its units: only the ledger is recorded.
   */
  private async applyStock(tx: Tx, row: PurchaseEntity, { counted = false }: { counted?: boolean } = {}): Promise<void> {
    const plan = planStock(
      { received: row.stockReceived, stockPartId: row.stockPartId, stockAdded: row.stockAdded },
      { partStatus: row.partStatus, partId: row.partId, quantity: row.quantity },
    );
    if (!counted) {
      await this.parts.adjustStock(tx, row.userId, plan.adjustments);
      await this.stock.announce(
        tx,
        row.userId,
        plan.adjustments.map((a) => a.partId),
      );
    }
    row.stockReceived = plan.ledger.received;
    row.stockPartId = plan.ledger.stockPartId;
    row.stockAdded = plan.ledger.stockAdded;
  }
}

/** inventory.purchase.saved of a stored purchase: its `at` is taken now, after the row was written. */
function savedEvent(row: PurchaseEntity): InventoryPurchaseSavedEvent {
  return {
    recordId: row.id,
    userId: row.userId,
    machineId: row.machineId,
    date: row.purchaseDate.toISOString().slice(0, 10),
    costCents: row.partStatus === 'Cancelled' ? 0 : row.priceCents * row.quantity,
    partName: row.partName,
    notes: row.partDescription,
    at: new Date().toISOString(),
  };
}
