import { Injectable } from '@nestjs/common';
import { DataSource, In, MoreThan, type SelectQueryBuilder } from 'typeorm';
import { deleteImportedUnused } from '../common/imported.js';
import type { Tx } from '../common/transactions.js';
import type { StockAdjustment } from '../purchases/stock-ledger.js';
import { PartEntity } from './part.entity.js';
import { StockMovementEntity } from './stock-movement.entity.js';
import { StockReservationEntity } from './stock-reservation.entity.js';

/** What moved stock, for the part's ledger (stock_movements). */
export interface MovementSource {
  kind: StockMovementEntity['kind'];
  purchaseId?: number | null;
  workOrderId?: number | null;
  label?: string | null;
  by: number | null;
}

/** The stock filters of the parts list (stock.rules.ts's rule, as SQL). */
export type StockFilter = 'in-stock' | 'low-stock' | 'out-of-stock';

const ESCAPE = ` ESCAPE '\\'`;

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

/** SQL of the `parts` table, stock moves included. Every read and write is scoped to the account. */
@Injectable()
export class PartsRepository {
  constructor(private readonly dataSource: DataSource) {}

  private table(tx?: Tx) {
    return (tx ?? this.dataSource.manager).getRepository(PartEntity);
  }

  /** A new row in memory (not written yet). */
  create(fields: Partial<PartEntity>): PartEntity {
    return this.table().create(fields);
  }

  byId(accountId: number, id: number, tx?: Tx): Promise<PartEntity | null> {
    return this.table(tx).findOneBy({ id, accountId });
  }

  byIdempotencyKey(tx: Tx, accountId: number, key: string): Promise<PartEntity | null> {
    return this.table(tx).findOneBy({ accountId, idempotencyKey: key });
  }

  /** The account's parts among `ids`, as the transaction sees them. */
  byIds(tx: Tx, accountId: number, ids: number[]): Promise<PartEntity[]> {
    return this.table(tx).findBy({ accountId, id: In(ids) });
  }

  /** The account's parts after `afterId`, by id ("Download all my data" pages through them). */
  after(accountId: number, afterId: number, take: number): Promise<PartEntity[]> {
    return this.table().find({ where: { accountId, id: MoreThan(afterId) }, order: { id: 'ASC' }, take });
  }

  exists(tx: Tx, accountId: number, id: number): Promise<boolean> {
    return this.table(tx).existsBy({ id, accountId });
  }

  /**
   * One page by name (case-insensitive, then id) with the count: `search` (a LIKE pattern, see
   * likePattern) on name, part number and description, and a stock filter.
   */
  async page(accountId: number, q: { pattern?: string; stock?: string; skip: number; take: number }): Promise<[PartEntity[], number]> {
    const qb = this.table().createQueryBuilder('p').where('p.account_id = :accountId', { accountId });
    if (q.pattern) {
      qb.andWhere(`(LOWER(p.name) LIKE :q${ESCAPE} OR LOWER(p.part_number) LIKE :q${ESCAPE} OR LOWER(COALESCE(p.description, '')) LIKE :q${ESCAPE})`, {
        q: q.pattern,
      });
    }
    applyStockFilter(qb, q.stock);
    const total = await qb.getCount();
    const rows = await qb.addSelect('LOWER(p.name)', 'sort_name').orderBy('sort_name', 'ASC').addOrderBy('p.id', 'ASC').offset(q.skip).limit(q.take).getMany();
    return [rows, total];
  }

  /** How many of the account's parts pass the stock filter (all of them without one). */
  count(accountId: number, stock?: StockFilter, tx?: Tx): Promise<number> {
    const qb = this.table(tx).createQueryBuilder('p').where('p.account_id = :accountId', { accountId });
    applyStockFilter(qb, stock);
    return qb.getCount();
  }

  countOfSupplier(tx: Tx, accountId: number, supplierId: number): Promise<number> {
    return this.table(tx).countBy({ accountId, supplierId });
  }

  /** Inserts or updates the row (a new row's id lands on it). */
  save(tx: Tx, row: PartEntity): Promise<PartEntity> {
    return this.table(tx).save(row);
  }

  /** Deletes the parts of a restore (issue 23) that no purchase names (a purchase entered since keeps its part). Answers how many. */
  deleteImportedUnused(tx: Tx, accountId: number, importId: number): Promise<number> {
    return deleteImportedUnused(this.table(tx), 'p', { accountId, importId }, [
      'NOT EXISTS (SELECT 1 FROM purchases b WHERE b.account_id = p.account_id AND (b.part_id = p.id OR b.stock_part_id = p.id))',
    ]);
  }

  /** Deletes the account's part with its reservations and ledger; answers whether this call removed it. */
  async delete(tx: Tx, accountId: number, id: number): Promise<boolean> {
    const removed = ((await this.table(tx).delete({ id, accountId })).affected ?? 0) > 0;
    if (removed) {
      await tx.getRepository(StockReservationEntity).delete({ accountId, partId: id });
      await tx.getRepository(StockMovementEntity).delete({ accountId, partId: id });
    }
    return removed;
  }

  /**
   * Adds (or takes back) units of parts; stock never goes below 0. Each real change is a line of the
   * part's ledger, with what the stock really moved by (callers hold the account's lock, so the read
   * before is the stock the update changes).
   */
  async adjustStock(tx: Tx, accountId: number, adjustments: StockAdjustment[], source: MovementSource): Promise<void> {
    const ids = adjustments.filter((a) => Math.trunc(a.delta) !== 0).map((a) => a.partId);
    const before = new Map((ids.length ? await this.byIds(tx, accountId, ids) : []).map((p) => [p.id, p.quantity]));
    const now = new Date();
    for (const { partId, delta } of adjustments) {
      const was = before.get(partId);
      if (was === undefined || Math.trunc(delta) === 0) {
        continue;
      }
      const after = Math.max(0, was + Math.trunc(delta));
      before.set(partId, after);
      if (after === was) {
        continue;
      }
      await this.table(tx).update({ id: partId, accountId }, { quantity: after });
      await this.recordMovement(tx, { accountId, partId, delta: after - was, quantityAfter: after, createdAt: now, source });
    }
  }

  /** The title the ledger last gave this work order (its take's). */
  async orderLabel(tx: Tx, accountId: number, workOrderId: number): Promise<string | null> {
    const row = await tx.getRepository(StockMovementEntity).findOne({ where: { accountId, workOrderId }, order: { id: 'DESC' } });
    return row?.label ?? null;
  }

  /** A manual change of the stock (the part dialog's quantity, a new part's first stock) as a ledger line. */
  async recordMovement(
    tx: Tx,
    m: { accountId: number; partId: number; delta: number; quantityAfter: number; createdAt: Date; source: MovementSource },
  ): Promise<void> {
    await tx.getRepository(StockMovementEntity).insert({
      accountId: m.accountId,
      partId: m.partId,
      kind: m.source.kind,
      delta: m.delta,
      quantityAfter: m.quantityAfter,
      purchaseId: m.source.purchaseId ?? null,
      workOrderId: m.source.workOrderId ?? null,
      label: m.source.label?.slice(0, 200) ?? null,
      movedBy: m.source.by,
      createdAt: m.createdAt,
    });
  }
}
