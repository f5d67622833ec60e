import { Injectable } from '@nestjs/common';
import type {
  Actor,
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
import { CENTS, fromScaled, likePattern, textOrNull, toScaled } from '../common/scaled.js';
import { UserTransactions, type Tx } from '../common/transactions.js';
import { PurchasesRepository } from '../purchases/purchases.repository.js';
import type { PartEntity } from './part.entity.js';
import { PartsRepository } from './parts.repository.js';
import { SAMPLE_PARTS, SAMPLE_SUPPLIERS } from './sample-inventory.js';
import { StockEvents } from './stock-events.js';
import { stockStatus } from './stock.rules.js';
import type { SupplierEntity } from './supplier.entity.js';
import { SuppliersRepository } from './suppliers.repository.js';

export const toSupplier = (s: SupplierEntity): Supplier => ({ id: s.id, name: s.name, contact: s.contact, email: s.email, phone: s.phone, address: s.address });

export const toPart = (p: PartEntity, supplierName: string): Part => ({
  id: p.id,
  partNumber: p.partNumber,
  name: p.name,
  description: p.description,
  category: p.category,
  quantity: p.quantity,
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

const PART_NOT_FOUND = 'Part not found';
const SUPPLIER_NOT_FOUND = 'Supplier not found';

/**
 * The parts and suppliers inventory of the signed-in user, persisted (the spec's screen works on
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
    private readonly tx: UserTransactions,
    private readonly stock: StockEvents,
  ) {}

  // ---- parts ----

  /** Case-insensitive substring search on name, part number and description; stock filter; name order. */
  async listParts({ userId }: Actor, q: PartListRequest): Promise<PartPage> {
    const search = q.search?.trim();
    const [rows, total] = await this.parts.page(userId, {
      pattern: search ? likePattern(search) : undefined,
      stock: q.stock,
      skip: q.page * q.size,
      take: q.size,
    });
    return pageOf(await this.withSupplierNames(rows), total, q.page, q.size);
  }

  async getPart({ userId }: Actor, id: number): Promise<Part> {
    const part = await this.parts.byId(userId, id);
    if (!part) {
      throw notFound(PART_NOT_FOUND);
    }
    return (await this.withSupplierNames([part]))[0];
  }

  /** A retried create (same idempotency key) answers the part made the first time. */
  async createPart({ userId }: Actor, input: PartInput, meta?: RpcMeta): Promise<Part> {
    const key = meta?.idempotencyKey ?? null;
    return this.tx.run(userId, async (tx) => {
      const earlier = key ? await this.parts.byIdempotencyKey(tx, userId, key) : null;
      if (earlier) {
        return toPart(earlier, (await this.ownedSupplier(tx, userId, earlier.supplierId)).name);
      }
      const supplier = await this.ownedSupplier(tx, userId, input.supplierId);
      const part = await this.parts.save(tx, assignPart(this.parts.create({ userId, idempotencyKey: key }), input));
      await this.stock.announce(tx, userId, [part.id]);
      return toPart(part, supplier.name);
    });
  }

  async updatePart({ userId }: Actor, id: number, input: PartInput): Promise<Part> {
    return this.tx.run(userId, async (tx) => {
      const part = await this.parts.byId(userId, id, tx);
      if (!part) {
        throw notFound(PART_NOT_FOUND);
      }
      const supplier = await this.ownedSupplier(tx, userId, input.supplierId);
      const saved = await this.parts.save(tx, assignPart(part, input));
      await this.stock.announce(tx, userId, [saved.id]);
      return toPart(saved, supplier.name);
    });
  }

  /** Deletes the part; purchases that named it keep their own text and lose the link (and its stock ledger). */
  async deletePart({ userId }: Actor, id: number): Promise<FuelPurchaseDeleted> {
    return this.tx.run(userId, async (tx) => {
      if (!(await this.parts.delete(tx, userId, id))) {
        throw notFound(PART_NOT_FOUND);
      }
      await this.purchases.unlinkPart(tx, userId, id);
      return { deleted: true } as const;
    });
  }

  /** The Quick Stats counts. */
  async stats({ userId }: Actor): Promise<InventoryStats> {
    const [totalParts, lowStock, outOfStock, suppliers] = await Promise.all([
      this.parts.count(userId),
      this.parts.count(userId, 'low-stock'),
      this.parts.count(userId, 'out-of-stock'),
      this.suppliers.count(userId),
    ]);
    return { totalParts, lowStock, outOfStock, suppliers };
  }

  /** Loads the sample inventory into an empty inventory (never silently; 409 when anything is there). */
  async loadSample({ userId }: Actor): Promise<InventorySample> {
    return this.tx.run(userId, async (tx) => {
      if ((await this.parts.count(userId, undefined, tx)) > 0 || (await this.suppliers.count(userId, tx)) > 0) {
        throw conflict('The sample inventory can only be loaded into an empty inventory: this account already has parts or suppliers.');
      }
      const byKey = new Map<string, SupplierEntity>();
      for (const s of SAMPLE_SUPPLIERS) {
        const { key, ...fields } = s;
        byKey.set(key, await this.suppliers.save(tx, this.suppliers.create({ userId, ...fields, idempotencyKey: null })));
      }
      const parts: Part[] = [];
      for (const p of SAMPLE_PARTS) {
        const { supplier: key, ...fields } = p;
        const supplier = byKey.get(key)!;
        const saved = await this.parts.save(tx, this.parts.create({ userId, ...fields, supplierId: supplier.id, idempotencyKey: null }));
        parts.push(toPart(saved, supplier.name));
      }
      return { suppliers: [...byKey.values()].map(toSupplier), parts };
    });
  }

  // ---- suppliers ----

  /** Case-insensitive substring search on name, contact, email and address (the box says 'by name or location'). */
  async listSuppliers({ userId }: Actor, q: SupplierListRequest): Promise<SupplierPage> {
    const search = q.search?.trim();
    const [rows, total] = await this.suppliers.page(userId, { pattern: search ? likePattern(search) : undefined, skip: q.page * q.size, take: q.size });
    return pageOf(rows.map(toSupplier), total, q.page, q.size);
  }

  /** The suppliers by name, at most INVENTORY_LIMITS.suppliersAll: the part dialog's supplier select. */
  async allSuppliers({ userId }: Actor): Promise<Supplier[]> {
    return (await this.suppliers.byName(userId, INVENTORY_LIMITS.suppliersAll)).map(toSupplier);
  }

  async getSupplier({ userId }: Actor, id: number): Promise<Supplier> {
    const row = await this.suppliers.byId(userId, id);
    if (!row) {
      throw notFound(SUPPLIER_NOT_FOUND);
    }
    return toSupplier(row);
  }

  async createSupplier({ userId }: Actor, input: SupplierInput, meta?: RpcMeta): Promise<Supplier> {
    const key = meta?.idempotencyKey ?? null;
    return this.tx.run(userId, async (tx) => {
      const earlier = key ? await this.suppliers.byIdempotencyKey(tx, userId, key) : null;
      if (earlier) {
        return toSupplier(earlier);
      }
      return toSupplier(await this.suppliers.save(tx, assignSupplier(this.suppliers.create({ userId, idempotencyKey: key }), input)));
    });
  }

  async updateSupplier({ userId }: Actor, id: number, input: SupplierInput): Promise<Supplier> {
    return this.tx.run(userId, async (tx) => {
      const row = await this.ownedSupplier(tx, userId, id);
      return toSupplier(await this.suppliers.save(tx, assignSupplier(row, input)));
    });
  }

  /** 409 while parts still name the supplier; purchases bought there keep their store text and lose the link. */
  async deleteSupplier({ userId }: Actor, id: number): Promise<FuelPurchaseDeleted> {
    return this.tx.run(userId, async (tx) => {
      await this.ownedSupplier(tx, userId, id);
      const inUse = await this.parts.countOfSupplier(tx, userId, id);
      if (inUse > 0) {
        throw conflict(
          `This supplier cannot be deleted: ${inUse} ${inUse === 1 ? 'part is' : 'parts are'} still supplied by it. Delete those parts or choose another supplier for them first.`,
        );
      }
      await this.purchases.unlinkStore(tx, userId, id);
      await this.suppliers.delete(tx, userId, id);
      return { deleted: true } as const;
    });
  }

  private async withSupplierNames(rows: PartEntity[]): Promise<Part[]> {
    const suppliers = await this.suppliers.byIds([...new Set(rows.map((p) => p.supplierId))]);
    const names = new Map(suppliers.map((s) => [s.id, s.name]));
    return rows.map((p) => toPart(p, names.get(p.supplierId) ?? ''));
  }

  /** The caller's supplier, or 404 (also for another user's supplier). */
  private async ownedSupplier(tx: Tx, userId: number, id: number): Promise<SupplierEntity> {
    const supplier = await this.suppliers.byId(userId, id, tx);
    if (!supplier) {
      throw notFound(SUPPLIER_NOT_FOUND);
    }
    return supplier;
  }
}
