import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
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
import { conflict, notFound, requireActor } from '@wrenchlog/platform';
import { In, Repository, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import { CENTS, fromScaled, likePattern, textOrNull, toScaled } from '../common/scaled.js';
import { UserTransactions } from '../common/transactions.js';
import { PurchaseEntity } from '../purchases/purchase.entity.js';
import { PartEntity } from './part.entity.js';
import { SAMPLE_PARTS, SAMPLE_SUPPLIERS } from './sample-inventory.js';
import { StockEvents } from './stock-events.js';
import { stockStatus } from './stock.rules.js';
import { SupplierEntity } from './supplier.entity.js';

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

function assignPart(e: PartEntity, p: PartInput): PartEntity {
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

function assignSupplier(e: SupplierEntity, s: SupplierInput): SupplierEntity {
  e.name = s.name.trim();
  e.contact = s.contact.trim();
  e.email = s.email.trim();
  e.phone = s.phone.trim();
  e.address = textOrNull(s.address);
  return e;
}

const PART_NOT_FOUND = 'Part not found';
const SUPPLIER_NOT_FOUND = 'Supplier not found';
const ESCAPE = ` ESCAPE '\\'`;

/**
 * The parts and suppliers inventory of the signed-in user, persisted (the spec's screen works on
 * local sample data; this is the real store behind it). A part answers its supplier's current
 * name, so renaming a supplier shows on its parts at once. Deletes really delete; a supplier that
 * still supplies parts cannot be deleted (409).
 */
@Injectable()
export class InventoryService {
  constructor(
    @InjectRepository(PartEntity) private readonly parts: Repository<PartEntity>,
    @InjectRepository(SupplierEntity) private readonly suppliers: Repository<SupplierEntity>,
    private readonly tx: UserTransactions,
    private readonly stock: StockEvents,
  ) {}

  // ---- parts ----

  /** Case-insensitive substring search on name, part number and description; stock filter; name order. */
  async listParts(actor: Actor | null, q: PartListRequest): Promise<PartPage> {
    const { userId } = requireActor(actor);
    const qb = this.parts.createQueryBuilder('p').where('p.user_id = :userId', { userId });
    const search = q.search?.trim();
    if (search) {
      qb.andWhere(`(LOWER(p.name) LIKE :q${ESCAPE} OR LOWER(p.part_number) LIKE :q${ESCAPE} OR LOWER(COALESCE(p.description, '')) LIKE :q${ESCAPE})`, {
        q: likePattern(search),
      });
    }
    applyStockFilter(qb, q.stock);
    const total = await qb.getCount();
    const rows = await qb
      .addSelect('LOWER(p.name)', 'sort_name')
      .orderBy('sort_name', 'ASC')
      .addOrderBy('p.id', 'ASC')
      .offset(q.page * q.size)
      .limit(q.size)
      .getMany();
    return pageOf(await this.withSupplierNames(rows), total, q.page, q.size);
  }

  async getPart(actor: Actor | null, id: number): Promise<Part> {
    const { userId } = requireActor(actor);
    const part = await this.parts.findOneBy({ id, userId });
    if (!part) {
      throw notFound(PART_NOT_FOUND);
    }
    return (await this.withSupplierNames([part]))[0];
  }

  async createPart(actor: Actor | null, input: PartInput, meta?: RpcMeta): Promise<Part> {
    const { userId } = requireActor(actor);
    const key = meta?.idempotencyKey ?? null;
    return this.tx.run(userId, async (manager) => {
      const repo = manager.getRepository(PartEntity);
      const earlier = key ? await repo.findOneBy({ userId, idempotencyKey: key }) : null;
      if (earlier) {
        return toPart(earlier, (await ownedSupplier(manager, userId, earlier.supplierId)).name);
      }
      const supplier = await ownedSupplier(manager, userId, input.supplierId);
      const part = await repo.save(assignPart(repo.create({ userId, idempotencyKey: key }), input));
      await this.stock.announce(manager, userId, [part.id]);
      return toPart(part, supplier.name);
    });
  }

  async updatePart(actor: Actor | null, id: number, input: PartInput): Promise<Part> {
    const { userId } = requireActor(actor);
    return this.tx.run(userId, async (manager) => {
      const repo = manager.getRepository(PartEntity);
      const part = await repo.findOneBy({ id, userId });
      if (!part) {
        throw notFound(PART_NOT_FOUND);
      }
      const supplier = await ownedSupplier(manager, userId, input.supplierId);
      const saved = await repo.save(assignPart(part, input));
      await this.stock.announce(manager, userId, [saved.id]);
      return toPart(saved, supplier.name);
    });
  }

  /** Deletes the part; purchases that named it keep their own text and lose the link (and its stock ledger). */
  async deletePart(actor: Actor | null, id: number): Promise<FuelPurchaseDeleted> {
    const { userId } = requireActor(actor);
    return this.tx.run(userId, async (manager) => {
      const result = await manager.getRepository(PartEntity).delete({ id, userId });
      if (!result.affected) {
        throw notFound(PART_NOT_FOUND);
      }
      const purchases = manager.getRepository(PurchaseEntity);
      await purchases.update({ userId, partId: id }, { partId: null });
      await purchases.update({ userId, stockPartId: id }, { stockPartId: null, stockAdded: 0 });
      return { deleted: true } as const;
    });
  }

  /** The Quick Stats counts. */
  async stats(actor: Actor | null): Promise<InventoryStats> {
    const { userId } = requireActor(actor);
    const count = (stock?: 'low-stock' | 'out-of-stock') => {
      const qb = this.parts.createQueryBuilder('p').where('p.user_id = :userId', { userId });
      applyStockFilter(qb, stock);
      return qb.getCount();
    };
    const [totalParts, lowStock, outOfStock, suppliers] = await Promise.all([
      count(),
      count('low-stock'),
      count('out-of-stock'),
      this.suppliers.countBy({ userId }),
    ]);
    return { totalParts, lowStock, outOfStock, suppliers };
  }

  /** Loads the sample inventory into an empty inventory (never silently; 409 when anything is there). */
  async loadSample(actor: Actor | null): Promise<InventorySample> {
    const { userId } = requireActor(actor);
    return this.tx.run(userId, async (manager) => {
      const partRepo = manager.getRepository(PartEntity);
      const supplierRepo = manager.getRepository(SupplierEntity);
      if ((await partRepo.countBy({ userId })) > 0 || (await supplierRepo.countBy({ userId })) > 0) {
        throw conflict('The sample inventory can only be loaded into an empty inventory: this account already has parts or suppliers.');
      }
      const byKey = new Map<string, SupplierEntity>();
      for (const s of SAMPLE_SUPPLIERS) {
        const { key, ...fields } = s;
        byKey.set(key, await supplierRepo.save(supplierRepo.create({ userId, ...fields, idempotencyKey: null })));
      }
      const parts: Part[] = [];
      for (const p of SAMPLE_PARTS) {
        const { supplier: key, ...fields } = p;
        const supplier = byKey.get(key)!;
        const saved = await partRepo.save(partRepo.create({ userId, ...fields, supplierId: supplier.id, idempotencyKey: null }));
        parts.push(toPart(saved, supplier.name));
      }
      return { suppliers: [...byKey.values()].map(toSupplier), parts };
    });
  }

  // ---- suppliers ----

  /** Case-insensitive substring search on name, contact, email and address (the box says 'by name or location'). */
  async listSuppliers(actor: Actor | null, q: SupplierListRequest): Promise<SupplierPage> {
    const { userId } = requireActor(actor);
    const qb = this.suppliers.createQueryBuilder('s').where('s.user_id = :userId', { userId });
    const search = q.search?.trim();
    if (search) {
      qb.andWhere(
        `(LOWER(s.name) LIKE :q${ESCAPE} OR LOWER(s.contact) LIKE :q${ESCAPE} OR LOWER(s.email) LIKE :q${ESCAPE} OR LOWER(COALESCE(s.address, '')) LIKE :q${ESCAPE})`,
        { q: likePattern(search) },
      );
    }
    const total = await qb.getCount();
    const rows = await qb
      .addSelect('LOWER(s.name)', 'sort_name')
      .orderBy('sort_name', 'ASC')
      .addOrderBy('s.id', 'ASC')
      .offset(q.page * q.size)
      .limit(q.size)
      .getMany();
    return pageOf(rows.map(toSupplier), total, q.page, q.size);
  }

  /** The suppliers by name, at most INVENTORY_LIMITS.suppliersAll: the part dialog's supplier select. */
  async allSuppliers(actor: Actor | null): Promise<Supplier[]> {
    const { userId } = requireActor(actor);
    const rows = await this.suppliers
      .createQueryBuilder('s')
      .where('s.user_id = :userId', { userId })
      .addSelect('LOWER(s.name)', 'sort_name')
      .orderBy('sort_name', 'ASC')
      .addOrderBy('s.id', 'ASC')
      .take(INVENTORY_LIMITS.suppliersAll)
      .getMany();
    return rows.map(toSupplier);
  }

  async getSupplier(actor: Actor | null, id: number): Promise<Supplier> {
    const { userId } = requireActor(actor);
    const row = await this.suppliers.findOneBy({ id, userId });
    if (!row) {
      throw notFound(SUPPLIER_NOT_FOUND);
    }
    return toSupplier(row);
  }

  async createSupplier(actor: Actor | null, input: SupplierInput, meta?: RpcMeta): Promise<Supplier> {
    const { userId } = requireActor(actor);
    const key = meta?.idempotencyKey ?? null;
    return this.tx.run(userId, async (manager) => {
      const repo = manager.getRepository(SupplierEntity);
      const earlier = key ? await repo.findOneBy({ userId, idempotencyKey: key }) : null;
      if (earlier) {
        return toSupplier(earlier);
      }
      return toSupplier(await repo.save(assignSupplier(repo.create({ userId, idempotencyKey: key }), input)));
    });
  }

  async updateSupplier(actor: Actor | null, id: number, input: SupplierInput): Promise<Supplier> {
    const { userId } = requireActor(actor);
    return this.tx.run(userId, async (manager) => {
      const row = await ownedSupplier(manager, userId, id);
      return toSupplier(await manager.getRepository(SupplierEntity).save(assignSupplier(row, input)));
    });
  }

  /** 409 while parts still name the supplier; purchases bought there keep their store text and lose the link. */
  async deleteSupplier(actor: Actor | null, id: number): Promise<FuelPurchaseDeleted> {
    const { userId } = requireActor(actor);
    return this.tx.run(userId, async (manager) => {
      await ownedSupplier(manager, userId, id);
      const inUse = await manager.getRepository(PartEntity).countBy({ userId, supplierId: id });
      if (inUse > 0) {
        throw conflict(
          `This supplier cannot be deleted: ${inUse} ${inUse === 1 ? 'part is' : 'parts are'} still supplied by it. Delete those parts or choose another supplier for them first.`,
        );
      }
      await manager.getRepository(PurchaseEntity).update({ userId, storeId: id }, { storeId: null });
      await manager.getRepository(SupplierEntity).delete({ id, userId });
      return { deleted: true } as const;
    });
  }

  private async withSupplierNames(rows: PartEntity[]): Promise<Part[]> {
    const ids = [...new Set(rows.map((p) => p.supplierId))];
    const suppliers = ids.length ? await this.suppliers.findBy({ id: In(ids) }) : [];
    const names = new Map(suppliers.map((s) => [s.id, s.name]));
    return rows.map((p) => toPart(p, names.get(p.supplierId) ?? ''));
  }
}

/** The caller's supplier, or 404 (also for another user's supplier). */
async function ownedSupplier(manager: EntityManager, userId: number, id: number): Promise<SupplierEntity> {
  const supplier = await manager.getRepository(SupplierEntity).findOneBy({ id, userId });
  if (!supplier) {
    throw notFound(SUPPLIER_NOT_FOUND);
  }
  return supplier;
}

/** The stock rule of stock.rules.ts as SQL. */
function applyStockFilter(qb: SelectQueryBuilder<PartEntity>, stock: string | undefined): void {
  switch (stock) {
    case 'in-stock':
      qb.andWhere('p.quantity > 0 AND p.quantity > p.min_stock');
      break;
    case 'low-stock':
      qb.andWhere('p.quantity > 0 AND p.quantity <= p.min_stock');
      break;
    case 'out-of-stock':
      qb.andWhere('p.quantity <= 0');
      break;
    default:
      break;
  }
}
