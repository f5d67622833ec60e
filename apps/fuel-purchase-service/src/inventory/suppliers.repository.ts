import { Injectable } from '@nestjs/common';
import { DataSource, In, MoreThan } from 'typeorm';
import { deleteImportedUnused } from '../common/imported.js';
import type { Tx } from '../common/transactions.js';
import { SupplierEntity } from './supplier.entity.js';

const ESCAPE = ` ESCAPE '\\'`;

/** SQL of the `suppliers` table. Every read and write is scoped to the account. */
@Injectable()
export class SuppliersRepository {
  constructor(private readonly dataSource: DataSource) {}

  private table(tx?: Tx) {
    return (tx ?? this.dataSource.manager).getRepository(SupplierEntity);
  }

  /** A new row in memory (not written yet). */
  create(fields: Partial<SupplierEntity>): SupplierEntity {
    return this.table().create(fields);
  }

  byId(accountId: number, id: number, tx?: Tx): Promise<SupplierEntity | null> {
    return this.table(tx).findOneBy({ id, accountId });
  }

  byIdempotencyKey(tx: Tx, accountId: number, key: string): Promise<SupplierEntity | null> {
    return this.table(tx).findOneBy({ accountId, idempotencyKey: key });
  }

  /** Suppliers by id, for their names on parts (a part's supplier is always its account's). */
  byIds(ids: number[]): Promise<SupplierEntity[]> {
    return ids.length ? this.table().findBy({ id: In(ids) }) : Promise.resolve([]);
  }

  /** The account's suppliers after `afterId`, by id ("Download all my data" pages through them). */
  after(accountId: number, afterId: number, take: number): Promise<SupplierEntity[]> {
    return this.table().find({ where: { accountId, id: MoreThan(afterId) }, order: { id: 'ASC' }, take });
  }

  exists(tx: Tx, accountId: number, id: number): Promise<boolean> {
    return this.table(tx).existsBy({ id, accountId });
  }

  count(accountId: number, tx?: Tx): Promise<number> {
    return this.table(tx).countBy({ accountId });
  }

  /** One page by name (case-insensitive, then id) with the count; `pattern` (see likePattern) on name, contact, email and address. */
  async page(accountId: number, q: { pattern?: string; skip: number; take: number }): Promise<[SupplierEntity[], number]> {
    const qb = this.table().createQueryBuilder('s').where('s.account_id = :accountId', { accountId });
    if (q.pattern) {
      qb.andWhere(
        `(LOWER(s.name) LIKE :q${ESCAPE} OR LOWER(s.contact) LIKE :q${ESCAPE} OR LOWER(s.email) LIKE :q${ESCAPE} OR LOWER(COALESCE(s.address, '')) LIKE :q${ESCAPE})`,
        { q: q.pattern },
      );
    }
    const total = await qb.getCount();
    const rows = await qb.addSelect('LOWER(s.name)', 'sort_name').orderBy('sort_name', 'ASC').addOrderBy('s.id', 'ASC').offset(q.skip).limit(q.take).getMany();
    return [rows, total];
  }

  /** The first `take` suppliers by name (case-insensitive, then id). */
  byName(accountId: number, take: number): Promise<SupplierEntity[]> {
    return this.table()
      .createQueryBuilder('s')
      .where('s.account_id = :accountId', { accountId })
      .addSelect('LOWER(s.name)', 'sort_name')
      .orderBy('sort_name', 'ASC')
      .addOrderBy('s.id', 'ASC')
      .take(take)
      .getMany();
  }

  /** Inserts or updates the row (a new row's id lands on it). */
  save(tx: Tx, row: SupplierEntity): Promise<SupplierEntity> {
    return this.table(tx).save(row);
  }

  /** Deletes the suppliers of a restore (issue 23) that no part or purchase names. Answers how many. */
  deleteImportedUnused(tx: Tx, accountId: number, importId: number): Promise<number> {
    return deleteImportedUnused(this.table(tx), 's', { accountId, importId }, [
      'NOT EXISTS (SELECT 1 FROM parts p WHERE p.account_id = s.account_id AND p.supplier_id = s.id)',
      'NOT EXISTS (SELECT 1 FROM purchases b WHERE b.account_id = s.account_id AND b.store_id = s.id)',
    ]);
  }

  async delete(tx: Tx, accountId: number, id: number): Promise<void> {
    await this.table(tx).delete({ id, accountId });
  }
}
