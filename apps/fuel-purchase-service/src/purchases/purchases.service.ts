import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type {
  Actor,
  FuelPurchaseDeleted,
  ImportApplyRequest,
  ImportApplyResult,
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
import { applyImportBatch, createOnce, DomainError, notFound, Outbox, requireActor, revertImportRecords, type CallContext } from '@wrenchlog/platform';
import { DataSource, Repository, type EntityManager } from 'typeorm';
import { CENTS, fromScaled, iso, refOrNull, textOrNull, toScaled } from '../common/scaled.js';
import { UserTransactions } from '../common/transactions.js';
import { PartEntity } from '../inventory/part.entity.js';
import { MACHINE_NOT_FOUND, MachineProjection } from '../machines/machine-projection.js';
import { SupplierEntity } from '../inventory/supplier.entity.js';
import { StockEvents } from '../inventory/stock-events.js';
import { PurchaseEntity } from './purchase.entity.js';
import { EMPTY_LEDGER, planRemoval, planStock, type StockAdjustment } from './stock-ledger.js';

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

/** Adds (or takes back) units of a part; stock never goes below 0. */
export async function adjustStock(manager: EntityManager, userId: number, adjustments: StockAdjustment[]): Promise<void> {
  for (const { partId, delta } of adjustments) {
    await manager
      .createQueryBuilder()
      .update(PartEntity)
      .set({ quantity: () => `CASE WHEN quantity + (${Math.trunc(delta)}) < 0 THEN 0 ELSE quantity + (${Math.trunc(delta)}) END` })
      .where('id = :partId AND user_id = :userId', { partId, userId })
      .execute();
  }
}

/**
 * Part purchases of the signed-in user. userId always comes from the caller. A purchase may name
 * one of the caller's inventory parts (partId) and suppliers (storeId); another user's ids answer
 * 404 like missing ones. Stock effects follow stock-ledger.ts. machineId is optional (0 or null:
 * none); when given it must be one of the caller's machines (MachineProjection), or 404.
 */
@Injectable()
export class PurchasesService {
  constructor(
    @InjectRepository(PurchaseEntity) private readonly purchases: Repository<PurchaseEntity>,
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
  async importApply(actor: Actor | null, request: ImportApplyRequest, meta?: RpcMeta): Promise<ImportApplyResult> {
    const caller = requireActor(actor);
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
          await this.applyStock(manager, row);
          return { record: row };
        },
        (rows) => this.outbox.enqueueMany(manager, INVENTORY_PURCHASE_SAVED, rows.map(savedEvent), { actor, correlationId: meta?.correlationId }),
      ),
    );
    return { ...result, backlog: await this.outbox.backlog() };
  }

  /** inventory.import.revert: deletes exactly that import's purchases of the caller, taking back the stock they added, with inventory.purchase.deleted. */
  async importRevert(actor: Actor | null, request: ImportRevertRequest, meta?: RpcMeta): Promise<ImportRevertResult> {
    const { userId } = requireActor(actor);
    const deleted = await revertImportRecords(this.dataSource, PurchaseEntity, userId, request.importId, async (manager, rows) => {
      for (const row of rows) {
        const adjustments = planRemoval({ received: row.stockReceived, stockPartId: row.stockPartId, stockAdded: row.stockAdded });
        await adjustStock(manager, userId, adjustments);
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
  async recent(actor: Actor | null, page: number, size: number): Promise<PurchasePage> {
    const { userId } = requireActor(actor);
    const [rows, total] = await this.purchases.findAndCount({
      where: { userId },
      order: { purchaseDate: 'DESC', id: 'DESC' },
      skip: page * size,
      take: size,
    });
    return pageOf(rows.map(toPurchase), total, page, size);
  }

  /**
   * One machine's purchases, newest first: a page when the caller pages, else the newest
   * MACHINE_HISTORY_LIMITS.unpaged as {content} (issue 25, item 9).
   */
  async recentForMachine(actor: Actor | null, machineId: number, window: HistoryWindow = {}): Promise<PurchasesForMachine> {
    const { userId } = requireActor(actor);
    const query = { where: { userId, machineId }, order: { purchaseDate: 'DESC', id: 'DESC' } } as const;
    if (window.page === undefined || window.size === undefined) {
      return { content: (await this.purchases.find({ ...query, take: MACHINE_HISTORY_LIMITS.unpaged })).map(toPurchase) };
    }
    const [rows, total] = await this.purchases.findAndCount({ ...query, skip: window.page * window.size, take: window.size });
    return pageOf(rows.map(toPurchase), total, window.page, window.size);
  }

  async get(actor: Actor | null, id: number): Promise<Purchase> {
    const { userId } = requireActor(actor);
    const row = await this.purchases.findOneBy({ id, userId });
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
  async create(actor: Actor | null, input: PurchaseInput, meta?: RpcMeta): Promise<Purchase> {
    const caller = requireActor(actor);
    const { userId } = caller;
    const key = meta?.idempotencyKey ?? null;
    const row = assign(this.purchases.create({ userId, createDate: new Date(), idempotencyKey: key, ...EMPTY_LEDGER }), input);
    if (row.machineId !== null) {
      await this.machines.requireOwned(caller, row.machineId);
    }
    const purchase = await createOnce(
      async () => {
        const found = key ? await this.purchases.findOneBy({ userId, idempotencyKey: key }) : null;
        return found && toPurchase(found);
      },
      () =>
        this.tx.run(
          userId,
          async (manager) => {
            await this.checkReferences(manager, userId, row);
            await this.applyStock(manager, row);
            await manager.getRepository(PurchaseEntity).insert(row);
            await this.saved(manager, row, { actor, correlationId: meta?.correlationId });
            return toPurchase(row);
          },
          { lock: row.partId !== null || row.storeId !== null },
        ),
    );
    await this.undoIfMachineDeleted(userId, purchase);
    return purchase;
  }

  async update(actor: Actor | null, id: number, input: PurchaseInput, meta?: RpcMeta): Promise<Purchase> {
    const caller = requireActor(actor);
    const { userId } = caller;
    const purchase = await this.tx.run(userId, async (manager) => {
      const repo = manager.getRepository(PurchaseEntity);
      const row = await repo.findOneBy({ id, userId });
      if (!row) {
        throw notFound(NOT_FOUND);
      }
      const previousMachineId = row.machineId;
      assign(row, input);
      if (row.machineId !== null && row.machineId !== previousMachineId) {
        await this.machines.requireOwned(caller, row.machineId);
      }
      await this.checkReferences(manager, userId, row);
      await this.applyStock(manager, row);
      const saved = await repo.save(row);
      await this.saved(manager, saved, { actor, correlationId: meta?.correlationId });
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
  async remove(actor: Actor | null, id: number, meta?: RpcMeta): Promise<FuelPurchaseDeleted> {
    const { userId } = requireActor(actor);
    return this.tx.run(userId, async (manager) => {
      const repo = manager.getRepository(PurchaseEntity);
      const row = await repo.findOneBy({ id, userId });
      const result = row ? await repo.delete({ id, userId }) : null;
      if (!row || !result?.affected) {
        throw notFound(NOT_FOUND);
      }
      const adjustments = planRemoval({ received: row.stockReceived, stockPartId: row.stockPartId, stockAdded: row.stockAdded });
      await adjustStock(manager, userId, adjustments);
      await this.stock.announce(
        manager,
        userId,
        adjustments.map((a) => a.partId),
      );
      const event: InventoryPurchaseDeletedEvent = { recordId: row.id, userId, machineId: row.machineId, at: new Date().toISOString() };
      await this.outbox.enqueue(manager, INVENTORY_PURCHASE_DELETED, event, { actor, correlationId: meta?.correlationId });
      return { deleted: true } as const;
    });
  }

  /** inventory.purchase.saved: report-service counts price x quantity (nothing for a cancelled order). */
  private async saved(manager: EntityManager, row: PurchaseEntity, ctx: CallContext): Promise<void> {
    await this.outbox.enqueue(manager, INVENTORY_PURCHASE_SAVED, savedEvent(row), ctx);
  }

  private async checkReferences(manager: EntityManager, userId: number, row: PurchaseEntity): Promise<void> {
    // An id beyond the integer columns names nothing (and PostgreSQL would refuse to compare it).
    if (row.partId !== null && (!isValidId(row.partId) || !(await manager.getRepository(PartEntity).existsBy({ id: row.partId, userId })))) {
      throw notFound('Part not found');
    }
    if (row.storeId !== null && (!isValidId(row.storeId) || !(await manager.getRepository(SupplierEntity).existsBy({ id: row.storeId, userId })))) {
      throw notFound('Store not found');
    }
  }

  /** As FuelRecordsService's: a purchase written after its machine's deletion removed its records goes too. */
  private async undoIfMachineDeleted(userId: number, purchase: Purchase): Promise<void> {
    if (purchase.machineId !== null && (await this.machines.isDeleted(purchase.machineId))) {
      await this.tx.run(userId, (manager) => manager.getRepository(PurchaseEntity).delete({ id: purchase.id, userId }));
      throw notFound(MACHINE_NOT_FOUND);
    }
  }

  /** Moves stock by the change of this purchase's contribution and records the new ledger on the row. */
  private async applyStock(manager: EntityManager, row: PurchaseEntity): Promise<void> {
    const plan = planStock(
      { received: row.stockReceived, stockPartId: row.stockPartId, stockAdded: row.stockAdded },
      { partStatus: row.partStatus, partId: row.partId, quantity: row.quantity },
    );
    await adjustStock(manager, row.userId, plan.adjustments);
    await this.stock.announce(
      manager,
      row.userId,
      plan.adjustments.map((a) => a.partId),
    );
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
