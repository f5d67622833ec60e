import { Injectable } from '@nestjs/common';
import { DataSource, MoreThan } from 'typeorm';
import type { Tx } from '../common/transactions.js';
import { PurchaseEntity } from './purchase.entity.js';
import type { StockLedger } from './stock-ledger.js';

/** Newest purchaseDate first, ties newest id first. */
const NEWEST_FIRST = { purchaseDate: 'DESC', id: 'DESC' } as const;

/** SQL of the `purchases` table. Every read and write is scoped to the user, but the administrators' export. */
@Injectable()
export class PurchasesRepository {
  constructor(private readonly dataSource: DataSource) {}

  private table(tx?: Tx) {
    return (tx ?? this.dataSource.manager).getRepository(PurchaseEntity);
  }

  /** A new row in memory (not written yet). */
  create(fields: Partial<PurchaseEntity>): PurchaseEntity {
    return this.table().create(fields);
  }

  byId(userId: number, id: number, tx?: Tx): Promise<PurchaseEntity | null> {
    return this.table(tx).findOneBy({ id, userId });
  }

  /** The purchase a create with this idempotency key made. */
  byIdempotencyKey(userId: number, key: string): Promise<PurchaseEntity | null> {
    return this.table().findOneBy({ userId, idempotencyKey: key });
  }

  /** One page of the user's purchases, newest first, with their count. */
  page(userId: number, skip: number, take: number): Promise<[PurchaseEntity[], number]> {
    return this.table().findAndCount({ where: { userId }, order: NEWEST_FIRST, skip, take });
  }

  /** A machine's newest `take` purchases. */
  newestOfMachine(userId: number, machineId: number, take: number): Promise<PurchaseEntity[]> {
    return this.table().find({ where: { userId, machineId }, order: NEWEST_FIRST, take });
  }

  /** One page of a machine's purchases, newest first, with the machine's count. */
  pageOfMachine(userId: number, machineId: number, skip: number, take: number): Promise<[PurchaseEntity[], number]> {
    return this.table().findAndCount({ where: { userId, machineId }, order: NEWEST_FIRST, skip, take });
  }

  /** Writes a new row (its id lands on `row`); a second row with the same user and idempotency key fails on the unique index. */
  async insert(tx: Tx, row: PurchaseEntity): Promise<void> {
    await this.table(tx).insert(row);
  }

  save(tx: Tx, row: PurchaseEntity): Promise<PurchaseEntity> {
    return this.table(tx).save(row);
  }

  /** Deletes the user's purchase; answers the row when this call removed it (a concurrent delete gets null). */
  async deleteOwned(tx: Tx, userId: number, id: number): Promise<PurchaseEntity | null> {
    const row = await this.table(tx).findOneBy({ id, userId });
    const result = row ? await this.table(tx).delete({ id, userId }) : null;
    return row && result?.affected ? row : null;
  }

  async delete(tx: Tx, userId: number, id: number): Promise<void> {
    await this.table(tx).delete({ id, userId });
  }

  countOfMachine(userId: number, machineId: number): Promise<number> {
    return this.table().countBy({ userId, machineId });
  }

  /** Deletes every purchase of a machine; answers how many and the stock ledgers of the rows removed. */
  async deleteOfMachine(tx: Tx, userId: number, machineId: number): Promise<{ deleted: number; ledgers: StockLedger[] }> {
    const counted = await this.table(tx).find({ select: { stockPartId: true, stockAdded: true, stockReceived: true }, where: { userId, machineId } });
    const result = await this.table(tx).delete({ userId, machineId });
    return {
      deleted: result.affected ?? 0,
      ledgers: counted.map((p) => ({ received: p.stockReceived, stockPartId: p.stockPartId, stockAdded: p.stockAdded })),
    };
  }

  /** A deleted part: purchases that named it keep their own text and lose the link, and their stock ledger. */
  async unlinkPart(tx: Tx, userId: number, partId: number): Promise<void> {
    await this.table(tx).update({ userId, partId }, { partId: null });
    await this.table(tx).update({ userId, stockPartId: partId }, { stockPartId: null, stockAdded: 0 });
  }

  /** A deleted supplier: purchases bought there keep their store text and lose the link. */
  async unlinkStore(tx: Tx, userId: number, storeId: number): Promise<void> {
    await this.table(tx).update({ userId, storeId }, { storeId: null });
  }

  /** Rows after `afterId` by id: every user's (the administrators' cost export), or one user's. */
  exportPage(afterId: number, limit: number, userId?: number): Promise<PurchaseEntity[]> {
    return this.table().find({ where: { ...(userId === undefined ? {} : { userId }), id: MoreThan(afterId) }, order: { id: 'ASC' }, take: limit });
  }

  /** The user's purchases for these machines on days in [from, until), with the fields an import's duplicate check compares. */
  onDays(userId: number, machineIds: number[], from: Date, until: Date): Promise<PurchaseEntity[]> {
    return this.table()
      .createQueryBuilder('p')
      .select(['p.id', 'p.machineId', 'p.purchaseDate', 'p.partName', 'p.quantity', 'p.priceCents'])
      .where('p.userId = :userId AND p.machineId IN (:...machineIds) AND p.purchaseDate >= :from AND p.purchaseDate < :until', {
        userId,
        machineIds,
        from,
        until,
      })
      .getMany();
  }
}
