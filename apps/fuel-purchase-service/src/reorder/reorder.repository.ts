import { Injectable } from '@nestjs/common';
import { DataSource, Like } from 'typeorm';
import { PartEntity } from '../inventory/part.entity.js';
import { StockMovementEntity } from '../inventory/stock-movement.entity.js';
import { PurchaseEntity } from '../purchases/purchase.entity.js';

/** A part below its minimum, as the to-reorder query reads it. */
export interface LowPartRow {
  partId: number;
  name: string;
  partNumber: string;
  quantity: number;
  reserved: number;
  minStock: number;
  priceCents: number;
  supplierId: number;
  supplier: string;
  onOrder: number;
}

/** The longest list "To reorder" answers (an inventory far beyond a shop's shelf). */
const LOW_PARTS_MAX = 1000;
const LEDGER_MAX = 200;

/** SQL of the parts loop: parts below their minimum with what is on order, drafts by key, a part's ledger. */
@Injectable()
export class ReorderRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The account's parts whose available stock (quantity - reserved) is below their minimum, by
   * supplier name then part name, with the units on purchases still Ordered and not received.
   */
  async lowParts(accountId: number, supplierIds?: number[]): Promise<LowPartRow[]> {
    const q = this.dataSource.manager
      .createQueryBuilder(PartEntity, 'p')
      .innerJoin('suppliers', 's', 's.id = p.supplier_id AND s.account_id = p.account_id')
      .select('p.id', 'partId')
      .addSelect('p.name', 'name')
      .addSelect('p.part_number', 'partNumber')
      .addSelect('p.quantity', 'quantity')
      .addSelect('p.reserved', 'reserved')
      .addSelect('p.min_stock', 'minStock')
      .addSelect('p.price_cents', 'priceCents')
      .addSelect('p.supplier_id', 'supplierId')
      .addSelect('s.name', 'supplier')
      .addSelect(
        "(SELECT COALESCE(SUM(b.quantity), 0) FROM purchases b WHERE b.account_id = p.account_id AND b.part_id = p.id AND b.part_status = 'Ordered' AND NOT b.stock_received)",
        'onOrder',
      )
      .where('p.account_id = :accountId AND p.quantity - p.reserved < p.min_stock', { accountId });
    if (supplierIds) {
      q.andWhere('p.supplier_id IN (:...supplierIds)', { supplierIds: supplierIds.length ? supplierIds : [0] });
    }
    const rows = await q
      .orderBy('LOWER(s.name)', 'ASC')
      .addOrderBy('s.id', 'ASC')
      .addOrderBy('LOWER(p.name)', 'ASC')
      .addOrderBy('p.id', 'ASC')
      .limit(LOW_PARTS_MAX)
      .getRawMany();
    // PostgreSQL answers sums and some integers as strings.
    return rows.map((r: Record<string, unknown>) => ({
      partId: Number(r.partId),
      name: String(r.name),
      partNumber: String(r.partNumber),
      quantity: Number(r.quantity),
      reserved: Number(r.reserved),
      minStock: Number(r.minStock),
      priceCents: Number(r.priceCents),
      supplierId: Number(r.supplierId),
      supplier: String(r.supplier),
      onOrder: Number(r.onOrder),
    }));
  }

  /** The purchases a reorder drafted under this key prefix (a retry answers them again). */
  drafted(accountId: number, keyPrefix: string): Promise<PurchaseEntity[]> {
    return this.dataSource.manager.find(PurchaseEntity, { where: { accountId, idempotencyKey: Like(`${keyPrefix}%`) }, order: { id: 'ASC' } });
  }

  /** A part's ledger, newest first. */
  ledger(accountId: number, partId: number): Promise<StockMovementEntity[]> {
    return this.dataSource.manager.find(StockMovementEntity, { where: { accountId, partId }, order: { id: 'DESC' }, take: LEDGER_MAX });
  }
}
