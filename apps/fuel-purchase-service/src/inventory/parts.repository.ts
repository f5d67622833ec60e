import { Injectable } from '@nestjs/common';
import { DataSource, In, MoreThan, type SelectQueryBuilder } from 'typeorm';
import { deleteImportedUnused } from '../common/imported.js';
import type { Tx } from '../common/transactions.js';
import type { StockAdjustment } from '../purchases/stock-ledger.js';
import { PartEntity } from './part.entity.js';

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

/** SQL of the `parts` table, stock moves included. Every read and write is scoped to the user. */
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

  byId(userId: number, id: number, tx?: Tx): Promise<PartEntity | null> {
    return this.table(tx).findOneBy({ id, userId });
  }

  byIdempotencyKey(tx: Tx, userId: number, key: string): Promise<PartEntity | null> {
    return this.table(tx).findOneBy({ userId, idempotencyKey: key });
  }

  /** The user's parts among `ids`, as the transaction sees them. */
  byIds(tx: Tx, userId: number, ids: number[]): Promise<PartEntity[]> {
    return this.table(tx).findBy({ userId, id: In(ids) });
  }

  /** The user's parts after `afterId`, by id ("Download all my data" pages through them). */
  after(userId: number, afterId: number, take: number): Promise<PartEntity[]> {
    return this.table().find({ where: { userId, id: MoreThan(afterId) }, order: { id: 'ASC' }, take });
  }

  exists(tx: Tx, userId: number, id: number): Promise<boolean> {
    return this.table(tx).existsBy({ id, userId });
  }

  /**
   * One page by name (case-insensitive, then id) with the count: `search` (a LIKE pattern, see
   * likePattern) on name, part number and description, and a stock filter.
   */
  async page(userId: number, q: { pattern?: string; stock?: string; skip: number; take: number }): Promise<[PartEntity[], number]> {
    const qb = this.table().createQueryBuilder('p').where('p.user_id = :userId', { userId });
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

  /** How many of the user's parts pass the stock filter (all of them without one). */
  count(userId: number, stock?: StockFilter, tx?: Tx): Promise<number> {
    const qb = this.table(tx).createQueryBuilder('p').where('p.user_id = :userId', { userId });
    applyStockFilter(qb, stock);
    return qb.getCount();
  }

  countOfSupplier(tx: Tx, userId: number, supplierId: number): Promise<number> {
    return this.table(tx).countBy({ userId, supplierId });
  }

  /** Inserts or updates the row (a new row's id lands on it). */
  save(tx: Tx, row: PartEntity): Promise<PartEntity> {
    return this.table(tx).save(row);
  }

  /** Deletes the parts of a restore (issue 23) that no purchase names (a purchase entered since keeps its part). Answers how many. */
  deleteImportedUnused(tx: Tx, userId: number, importId: number): Promise<number> {
    return deleteImportedUnused(this.table(tx), 'p', { userId, importId }, [
      'NOT EXISTS (SELECT 1 FROM purchases b WHERE b.user_id = p.user_id AND (b.part_id = p.id OR b.stock_part_id = p.id))',
    ]);
  }

  /** Deletes the user's part; answers whether this call removed it. */
  async delete(tx: Tx, userId: number, id: number): Promise<boolean> {
    return ((await this.table(tx).delete({ id, userId })).affected ?? 0) > 0;
  }

  /** Adds (or takes back) units of parts; stock never goes below 0. */
  async adjustStock(tx: Tx, userId: number, adjustments: StockAdjustment[]): Promise<void> {
    for (const { partId, delta } of adjustments) {
      await tx
        .createQueryBuilder()
        .update(PartEntity)
        .set({ quantity: () => `CASE WHEN quantity + (${Math.trunc(delta)}) < 0 THEN 0 ELSE quantity + (${Math.trunc(delta)}) END` })
        .where('id = :partId AND user_id = :userId', { partId, userId })
        .execute();
    }
  }
}
