import { Injectable } from '@nestjs/common';
import type {
  Actor,
  Audited,
  FuelPurchaseDeleted,
  InventorySample,
  InventoryStats,
  Part,
  PartInput,
  PartListRequest,
  PartPage,
  RpcMeta,
  Supplier,
  SupplierInput,
  SupplierListRequest,
  SupplierPage,
} from '@wrenchlog/contracts';
import { INVENTORY_LIMITS, pageOf } from '@wrenchlog/contracts';
import { conflict, notFound } from '@wrenchlog/platform';
import { AccountAccess } from '../common/access.js';
import { CENTS, fromScaled, likePattern, textOrNull, toScaled } from '../common/scaled.js';
import { AccountTransactions, type Tx } from '../common/transactions.js';
import { PurchasesRepository } from '../purchases/purchases.repository.js';
import type { PartEntity } from './part.entity.js';
import { PartsRepository } from './parts.repository.js';
import { SAMPLE_PARTS, SAMPLE_SUPPLIERS } from './sample-inventory.js';
import { StockEvents } from './stock-events.js';
import { stockStatus } from './stock.rules.js';
import type { SupplierEntity } from './supplier.entity.js';
import { SuppliersRepository } from './suppliers.repository.js';

/** Answers but their createdBy / updatedBy (AccountAccess.answer adds them). */
export type SupplierView = Omit<Supplier, keyof Audited>;
export type PartView = Omit<Part, keyof Audited>;

export const toSupplier = (s: SupplierEntity): SupplierView => ({
  id: s.id,
  name: s.name,
  contact: s.contact,
  email: s.email,
  phone: s.phone,
  address: s.address,
});

export const toPart = (p: PartEntity, supplierName: string): PartView => ({
  id: p.id,
  partNumber: p.partNumber,
  name: p.name,
  description: p.description,
  category: p.category,
  quantity: p.quantity,
  reserved: p.reserved ?? 0,
  available: p.quantity - (p.reserved ?? 0),
  minStock: p.minStock,
  price: fromScaled(p.priceCents, CENTS),
  supplierId: p.supplierId,
  supplier: supplierName,
  brand: p.brand,
  stockStatus: stockStatus(p.quantity, p.minStock),
});

export function assignPart(e: PartEntity, p: PartInput): PartEntity {
  e.partNumber = p.partNumber.trim();
  e.name = p.name.trim();
  e.description = textOrNull(p.description);
  e.category = p.category;
  e.quantity = p.quantity;
  e.minStock = p.minStock;
  e.priceCents = toScaled(p.price, CENTS);
  e.supplierId = p.supplierId;
  e.brand = textOrNull(p.brand);
  return e;
}

export function assignSupplier(e: SupplierEntity, s: SupplierInput): SupplierEntity {
  e.name = s.name.trim();
  e.contact = s.contact.trim();
  e.email = s.email.trim();
  e.phone = s.phone.trim();
  e.address = textOrNull(s.address);
  return e;
}

/** A new row's owner and author: the caller's account, added by the caller (a restore's: by its creator). */
export const addedBy = (caller: Actor) => ({ accountId: caller.accountId, createdBy: caller.userId, updatedBy: null });

const PART_NOT_FOUND = 'Part not found';
const SUPPLIER_NOT_FOUND = 'Supplier not found';

/**
 * The parts and suppliers inventory of the caller's account (issue 32: one inventory a crew shares), persisted (the spec's screen works on
 * local sample data; this is the real store behind it). A part answers its supplier's current
 * name, so renaming a supplier shows on its parts at once. Deletes really delete; a supplier that
 * still supplies parts cannot be deleted (409).
 */
@Injectable()
export class InventoryService {
  constructor(
    private readonly parts: PartsRepository,
    private readonly suppliers: SuppliersRepository,
    private readonly purchases: PurchasesRepository,
    private readonly tx: AccountTransactions,
    private readonly stock: StockEvents,
    private readonly access: AccountAccess,
  ) {}

  // ---- parts ----

  /** Case-insensitive substring search on name, part number and description; stock filter; name order. */
  async listParts({ accountId }: Actor, q: PartListRequest): Promise<PartPage> {
    const search = q.search?.trim();
    const [rows, total] = await this.parts.page(accountId, {
      pattern: search ? likePattern(search) : undefined,
      stock: q.stock,
      skip: q.page * q.size,
      take: q.size,
    });
    return pageOf(await this.partAnswers(accountId, rows), total, q.page, q.size);
  }

  async getPart({ accountId }: Actor, id: number): Promise<Part> {
    const part = await this.parts.byId(accountId, id);
    if (!part) {
      throw notFound(PART_NOT_FOUND);
    }
    return (await this.partAnswers(accountId, [part]))[0]!;
  }

  /** A retried create (same idempotency key) answers the part made the first time. */
  async createPart(caller: Actor, input: PartInput, meta?: RpcMeta): Promise<Part> {
    const { accountId } = caller;
    const key = meta?.idempotencyKey ?? null;
    const [part, supplier] = await this.tx.run(accountId, async (tx) => {
      const earlier = key ? await this.parts.byIdempotencyKey(tx, accountId, key) : null;
      if (earlier) {
        return [earlier, await this.ownedSupplier(tx, accountId, earlier.supplierId)] as const;
      }
      const named = await this.ownedSupplier(tx, accountId, input.supplierId);
      const saved = await this.parts.save(tx, assignPart(this.parts.create({ ...addedBy(caller), idempotencyKey: key }), input));
      await this.manualMove(tx, caller, saved, 0, 'Opening stock');
      await this.stock.announce(tx, accountId, [saved.id]);
      return [saved, named] as const;
    });
    return this.access.answerOne(accountId, part, (p) => toPart(p, supplier.name));
  }

  async updatePart(caller: Actor, id: number, input: PartInput): Promise<Part> {
    const { accountId } = caller;
    const [part, supplier] = await this.tx.run(accountId, async (tx) => {
      const row = await this.parts.byId(accountId, id, tx);
      if (!row) {
        throw notFound(PART_NOT_FOUND);
      }
      const named = await this.ownedSupplier(tx, accountId, input.supplierId);
      const was = row.quantity;
      const saved = await this.parts.save(tx, Object.assign(assignPart(row, input), { updatedBy: caller.userId }));
      await this.manualMove(tx, caller, saved, was, 'Counted by hand');
      await this.stock.announce(tx, accountId, [saved.id]);
      return [saved, named] as const;
    });
    return this.access.answerOne(accountId, part, (p) => toPart(p, supplier.name));
  }

  /** Deletes the part; purchases that named it keep their own text and lose the link (and its stock ledger). */
  async deletePart({ accountId }: Actor, id: number): Promise<FuelPurchaseDeleted> {
    return this.tx.run(accountId, async (tx) => {
      if (!(await this.parts.delete(tx, accountId, id))) {
        throw notFound(PART_NOT_FOUND);
      }
      await this.purchases.unlinkPart(tx, accountId, id);
      return { deleted: true } as const;
    });
  }

  /** The Quick Stats counts. */
  async stats({ accountId }: Actor): Promise<InventoryStats> {
    const [totalParts, lowStock, outOfStock, suppliers] = await Promise.all([
      this.parts.count(accountId),
      this.parts.count(accountId, 'low-stock'),
      this.parts.count(accountId, 'out-of-stock'),
      this.suppliers.count(accountId),
    ]);
    return { totalParts, lowStock, outOfStock, suppliers };
  }

  /** Loads the sample inventory into an empty inventory (never silently; 409 when anything is there), added by the caller. */
  async loadSample(caller: Actor): Promise<InventorySample> {
    const { accountId } = caller;
    const { suppliers, parts } = await this.tx.run(accountId, async (tx) => {
      if ((await this.parts.count(accountId, undefined, tx)) > 0 || (await this.suppliers.count(accountId, tx)) > 0) {
        throw conflict('The sample inventory can only be loaded into an empty inventory: this account already has parts or suppliers.');
      }
      const byKey = new Map<string, SupplierEntity>();
      for (const s of SAMPLE_SUPPLIERS) {
        const { key, ...fields } = s;
        byKey.set(key, await this.suppliers.save(tx, this.suppliers.create({ ...addedBy(caller), ...fields, idempotencyKey: null })));
      }
      const made: PartEntity[] = [];
      for (const p of SAMPLE_PARTS) {
        const { supplier: key, ...fields } = p;
        made.push(await this.parts.save(tx, this.parts.create({ ...addedBy(caller), ...fields, supplierId: byKey.get(key)!.id, idempotencyKey: null })));
      }
      return { suppliers: [...byKey.values()], parts: made };
    });
    const names = new Map(suppliers.map((s) => [s.id, s.name]));
    return {
      suppliers: await this.access.answer(accountId, suppliers, toSupplier),
      parts: await this.access.answer(accountId, parts, (p) => toPart(p, names.get(p.supplierId) ?? '')),
    };
  }

  // ---- suppliers ----

  /** Case-insensitive substring search on name, contact, email and address (the box says 'by name or location'). */
  async listSuppliers({ accountId }: Actor, q: SupplierListRequest): Promise<SupplierPage> {
    const search = q.search?.trim();
    const [rows, total] = await this.suppliers.page(accountId, { pattern: search ? likePattern(search) : undefined, skip: q.page * q.size, take: q.size });
    return pageOf(await this.access.answer(accountId, rows, toSupplier), total, q.page, q.size);
  }

  /** The suppliers by name, at most INVENTORY_LIMITS.suppliersAll: the part dialog's supplier select. */
  async allSuppliers({ accountId }: Actor): Promise<Supplier[]> {
    return this.access.answer(accountId, await this.suppliers.byName(accountId, INVENTORY_LIMITS.suppliersAll), toSupplier);
  }

  async getSupplier({ accountId }: Actor, id: number): Promise<Supplier> {
    const row = await this.suppliers.byId(accountId, id);
    if (!row) {
      throw notFound(SUPPLIER_NOT_FOUND);
    }
    return this.access.answerOne(accountId, row, toSupplier);
  }

  async createSupplier(caller: Actor, input: SupplierInput, meta?: RpcMeta): Promise<Supplier> {
    const { accountId } = caller;
    const key = meta?.idempotencyKey ?? null;
    const row = await this.tx.run(accountId, async (tx) => {
      const earlier = key ? await this.suppliers.byIdempotencyKey(tx, accountId, key) : null;
      return earlier ?? this.suppliers.save(tx, assignSupplier(this.suppliers.create({ ...addedBy(caller), idempotencyKey: key }), input));
    });
    return this.access.answerOne(accountId, row, toSupplier);
  }

  async updateSupplier(caller: Actor, id: number, input: SupplierInput): Promise<Supplier> {
    const { accountId } = caller;
    const row = await this.tx.run(accountId, async (tx) => {
      const found = await this.ownedSupplier(tx, accountId, id);
      return this.suppliers.save(tx, Object.assign(assignSupplier(found, input), { updatedBy: caller.userId }));
    });
    return this.access.answerOne(accountId, row, toSupplier);
  }

  /** 409 while parts still name the supplier; purchases bought there keep their store text and lose the link. */
  async deleteSupplier({ accountId }: Actor, id: number): Promise<FuelPurchaseDeleted> {
    return this.tx.run(accountId, async (tx) => {
      await this.ownedSupplier(tx, accountId, id);
      const inUse = await this.parts.countOfSupplier(tx, accountId, id);
      if (inUse > 0) {
        throw conflict(
          `This supplier cannot be deleted: ${inUse} ${inUse === 1 ? 'part is' : 'parts are'} still supplied by it. Delete those parts or choose another supplier for them first.`,
        );
      }
      await this.purchases.unlinkStore(tx, accountId, id);
      await this.suppliers.delete(tx, accountId, id);
      return { deleted: true } as const;
    });
  }

  /** A quantity typed in the part dialog is a manual adjustment in the part's ledger (none when it did not change). */
  private async manualMove(tx: Tx, caller: Actor, part: PartEntity, was: number, label: string): Promise<void> {
    if (part.quantity !== was) {
      const source = { kind: 'adjustment' as const, label, by: caller.userId };
      await this.parts.recordMovement(tx, {
        accountId: caller.accountId,
        partId: part.id,
        delta: part.quantity - was,
        quantityAfter: part.quantity,
        createdAt: new Date(),
        source,
      });
    }
  }

  /** Parts as every call answers them: their supplier's current name and their people (one query each). */
  private async partAnswers(accountId: number, rows: PartEntity[]): Promise<Part[]> {
    const names = await this.supplierNames(rows);
    return this.access.answer(accountId, rows, (p) => toPart(p, names.get(p.supplierId) ?? ''));
  }

  /** The names of these parts' suppliers, by id (a part's supplier is always of its account). */
  async supplierNames(rows: readonly PartEntity[]): Promise<Map<number, string>> {
    const suppliers = await this.suppliers.byIds([...new Set(rows.map((p) => p.supplierId))]);
    return new Map(suppliers.map((s) => [s.id, s.name]));
  }

  /** The account's supplier, or 404 (also for another account's supplier). */
  private async ownedSupplier(tx: Tx, accountId: number, id: number): Promise<SupplierEntity> {
    const supplier = await this.suppliers.byId(accountId, id, tx);
    if (!supplier) {
      throw notFound(SUPPLIER_NOT_FOUND);
    }
    return supplier;
  }
}
