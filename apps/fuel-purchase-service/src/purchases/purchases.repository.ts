import { Injectable } from '@nestjs/common';
import { CompiledWrites } from '@wrenchlog/platform';
import { DataSource, In, IsNull, MoreThan, type FindOptionsWhere } from 'typeorm';
import type { AccessScope } from '../common/access.js';
import type { Tx } from '../common/transactions.js';
import { PurchaseEntity } from './purchase.entity.js';
import type { StockLedger } from './stock-ledger.js';

/** Newest purchaseDate first, ties newest id first. */
const NEWEST_FIRST = { purchaseDate: 'DESC', id: 'DESC' } as const;

/** The purchases a scope sees, as one WHERE: an assigned member's machines' and those of no machine (the inventory's). */
function visible(scope: AccessScope): FindOptionsWhere<PurchaseEntity>[] {
  const base = { accountId: scope.accountId, ...(scope.createdBy === null ? {} : { createdBy: scope.createdBy }) };
  return scope.machines === null
    ? [base]
    : [
        { ...base, machineId: IsNull() },
        { ...base, machineId: In([...scope.machines]) },
      ];
}

/** SQL of the `purchases` table. Every read and write is scoped to the account, but the administrators' export. */
@Injectable()
export class PurchasesRepository {
  /** The create's INSERT and the update's UPDATE, prepared once (issue 37). */
  private readonly writes: CompiledWrites<PurchaseEntity>;

  constructor(private readonly dataSource: DataSource) {
    this.writes = new CompiledWrites(dataSource.getRepository(PurchaseEntity));
  }

  private table(tx?: Tx) {
    return (tx ?? this.dataSource.manager).getRepository(PurchaseEntity);
  }

  /** A new row in memory (not written yet). */
  create(fields: Partial<PurchaseEntity>): PurchaseEntity {
    return this.table().create(fields);
  }

  byId(accountId: number, id: number, tx?: Tx): Promise<PurchaseEntity | null> {
    return this.table(tx).findOneBy({ id, accountId });
  }

  /** The purchase a create with this idempotency key made. */
  byIdempotencyKey(accountId: number, key: string): Promise<PurchaseEntity | null> {
    return this.table().findOneBy({ accountId, idempotencyKey: key });
  }

  /** One page of the purchases the scope sees, newest first, with their count. */
  page(scope: AccessScope, skip: number, take: number): Promise<[PurchaseEntity[], number]> {
    return this.table().findAndCount({ where: visible(scope), order: NEWEST_FIRST, skip, take });
  }

  /** A machine's newest `take` purchases (the machine's assignment is the service's check, before any query). */
  newestOfMachine(accountId: number, machineId: number, take: number): Promise<PurchaseEntity[]> {
    return this.table().find({ where: { accountId, machineId }, order: NEWEST_FIRST, take });
  }

  /** One page of a machine's purchases, newest first, with the machine's count. */
  pageOfMachine(accountId: number, machineId: number, skip: number, take: number): Promise<[PurchaseEntity[], number]> {
    return this.table().findAndCount({ where: { accountId, machineId }, order: NEWEST_FIRST, skip, take });
  }

  /** Writes a new row (its id lands on `row`); a second row with the same account and idempotency key fails on the unique index. */
  async insert(tx: Tx, row: PurchaseEntity): Promise<void> {
    await this.writes.insertEntity(tx, row);
  }

  /** Writes every column of a stored row (one prepared UPDATE, where save() read the row back first), scoped to its account. */
  async save(tx: Tx, row: PurchaseEntity): Promise<PurchaseEntity> {
    const { id, ...columns } = row;
    await this.writes.update(tx, { id, accountId: row.accountId }, columns);
    return row;
  }

  /** Deletes the account's purchase: true when this call removed it (a concurrent delete gets false). */
  async delete(tx: Tx, accountId: number, id: number): Promise<boolean> {
    return ((await this.table(tx).delete({ id, accountId })).affected ?? 0) > 0;
  }

  countOfMachine(accountId: number, machineId: number): Promise<number> {
    return this.table().countBy({ accountId, machineId });
  }

  /** Deletes every purchase of a machine; answers how many and the stock ledgers of the rows removed. */
  async deleteOfMachine(tx: Tx, accountId: number, machineId: number): Promise<{ deleted: number; ledgers: StockLedger[] }> {
    const counted = await this.table(tx).find({ select: { stockPartId: true, stockAdded: true, stockReceived: true }, where: { accountId, machineId } });
    const result = await this.table(tx).delete({ accountId, machineId });
    return {
      deleted: result.affected ?? 0,
      ledgers: counted.map((p) => ({ received: p.stockReceived, stockPartId: p.stockPartId, stockAdded: p.stockAdded })),
    };
  }

  /** A deleted part: purchases that named it keep their own text and lose the link, and their stock ledger. */
  async unlinkPart(tx: Tx, accountId: number, partId: number): Promise<void> {
    await this.table(tx).update({ accountId, partId }, { partId: null });
    await this.table(tx).update({ accountId, stockPartId: partId }, { stockPartId: null, stockAdded: 0 });
  }

  /** A deleted supplier: purchases bought there keep their store text and lose the link. */
  async unlinkStore(tx: Tx, accountId: number, storeId: number): Promise<void> {
    await this.table(tx).update({ accountId, storeId }, { storeId: null });
  }

  /** Rows after `afterId` by id: every account's (the administrators' cost export), or one account's. */
  exportPage(afterId: number, limit: number, accountId?: number): Promise<PurchaseEntity[]> {
    return this.table().find({ where: { ...(accountId === undefined ? {} : { accountId }), id: MoreThan(afterId) }, order: { id: 'ASC' }, take: limit });
  }

  /** The account's purchases for these machines on days in [from, until), with the fields an import's duplicate check compares. */
  onDays(accountId: number, machineIds: number[], from: Date, until: Date): Promise<PurchaseEntity[]> {
    return this.table()
      .createQueryBuilder('p')
      .select(['p.id', 'p.machineId', 'p.purchaseDate', 'p.partName', 'p.quantity', 'p.priceCents'])
      .where('p.accountId = :accountId AND p.machineId IN (:...machineIds) AND p.purchaseDate >= :from AND p.purchaseDate < :until', {
        accountId,
        machineIds,
        from,
        until,
      })
      .getMany();
  }
}
