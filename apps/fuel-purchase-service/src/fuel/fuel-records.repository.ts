import { Injectable } from '@nestjs/common';
import { CompiledWrites } from '@wrenchlog/platform';
import { DataSource, MoreThan } from 'typeorm';
import type { AccessScope } from '../common/access.js';
import type { Tx } from '../common/transactions.js';
import { FuelRecordEntity } from './fuel-record.entity.js';

/** The columns of a fill that the full-to-full rule reads. */
export type FuelFill = Pick<FuelRecordEntity, 'id' | 'machineId' | 'dateOfPurchase' | 'amountMilli' | 'currentMileage' | 'fullTank' | 'missedPrevious'>;

/** Newest dateOfPurchase first, ties newest id first: how a machine's records are listed. */
// Fills of one instant (an imported day without times) by their odometer, then as entered.
const NEWEST_FIRST = { dateOfPurchase: 'DESC', currentMileage: { direction: 'DESC', nulls: 'LAST' }, id: 'DESC' } as const;

/** A machine's records the scope sees (its machine assignment is the service's check, before any query). */
const ofMachine = (scope: AccessScope, machineId: number) => ({
  accountId: scope.accountId,
  machineId,
  ...(scope.createdBy === null ? {} : { createdBy: scope.createdBy }),
});

/** SQL of the `fuel_records` table. Every read and write is scoped to the account, but the administrators' export. */
@Injectable()
export class FuelRecordsRepository {
  /** The create's INSERT and the update's UPDATE, prepared once (issue 37). */
  private readonly writes: CompiledWrites<FuelRecordEntity>;

  constructor(private readonly dataSource: DataSource) {
    this.writes = new CompiledWrites(dataSource.getRepository(FuelRecordEntity));
  }

  private table(tx?: Tx) {
    return (tx ?? this.dataSource.manager).getRepository(FuelRecordEntity);
  }

  /** A new row in memory (not written yet). */
  create(fields: Partial<FuelRecordEntity>): FuelRecordEntity {
    return this.table().create(fields);
  }

  byId(accountId: number, id: number, tx?: Tx): Promise<FuelRecordEntity | null> {
    return this.table(tx).findOneBy({ id, accountId });
  }

  /** The record a create with this idempotency key made. */
  byIdempotencyKey(accountId: number, key: string): Promise<FuelRecordEntity | null> {
    return this.table().findOneBy({ accountId, idempotencyKey: key });
  }

  /** A machine's newest `take` records. */
  newestOfMachine(scope: AccessScope, machineId: number, take: number): Promise<FuelRecordEntity[]> {
    return this.table().find({ where: ofMachine(scope, machineId), order: NEWEST_FIRST, take });
  }

  /** One page of a machine's records, newest first, with the machine's count. */
  pageOfMachine(scope: AccessScope, machineId: number, skip: number, take: number): Promise<[FuelRecordEntity[], number]> {
    return this.table().findAndCount({ where: ofMachine(scope, machineId), order: NEWEST_FIRST, skip, take });
  }

  /**
   * The fills of these machines dated before `until`, from each machine's last full fill before
   * `since` (or its first record when it has none), by machine, date, then odometer (two fills of one
   * imported day share an instant: the ids need not follow the fills); on the (account, machine, date) index.
   */
  fillsAround(accountId: number, machineIds: readonly number[], since: Date, until: Date): Promise<FuelFill[]> {
    return this.table()
      .createQueryBuilder('f')
      .select(['f.id', 'f.machineId', 'f.dateOfPurchase', 'f.amountMilli', 'f.currentMileage', 'f.fullTank', 'f.missedPrevious'])
      .where('f.accountId = :accountId AND f.machineId IN (:...ids) AND f.dateOfPurchase < :until', { accountId, ids: machineIds, until })
      .andWhere(
        `f.dateOfPurchase >= COALESCE((SELECT MAX(p.date_of_purchase) FROM fuel_records p WHERE p.account_id = f.account_id AND p.machine_id = f.machine_id AND p.full_tank AND p.date_of_purchase < :since), :epoch)`,
        { since, epoch: new Date(0) },
      )
      .orderBy('f.machineId', 'ASC')
      .addOrderBy('f.dateOfPurchase', 'ASC')
      .addOrderBy('f.currentMileage', 'ASC', 'NULLS FIRST')
      .addOrderBy('f.id', 'ASC')
      .getMany();
  }

  /** Writes a new row (its id lands on `row`); a second row with the same account and idempotency key fails on the unique index. */
  async insert(tx: Tx, row: FuelRecordEntity): Promise<void> {
    await this.writes.insertEntity(tx, row);
  }

  /** Writes every column of a stored row (one prepared UPDATE, where save() read the row back first), scoped to its account. */
  async save(tx: Tx, row: FuelRecordEntity): Promise<FuelRecordEntity> {
    const { id, ...columns } = row;
    await this.writes.update(tx, { id, accountId: row.accountId }, columns);
    return row;
  }

  /** Deletes the account's record: true when this call removed it (a concurrent delete gets false). */
  async delete(accountId: number, id: number, tx?: Tx): Promise<boolean> {
    return ((await this.table(tx).delete({ id, accountId })).affected ?? 0) > 0;
  }

  countOfMachine(scope: AccessScope, machineId: number): Promise<number> {
    return this.table().countBy(ofMachine(scope, machineId));
  }

  /** Deletes every record of a machine; answers how many. */
  async deleteOfMachine(tx: Tx, accountId: number, machineId: number): Promise<number> {
    return (await this.table(tx).delete({ accountId, machineId })).affected ?? 0;
  }

  /** Rows after `afterId` by id: every account's (the administrators' cost export), or one account's. */
  exportPage(afterId: number, limit: number, accountId?: number): Promise<FuelRecordEntity[]> {
    return this.table().find({ where: { ...(accountId === undefined ? {} : { accountId }), id: MoreThan(afterId) }, order: { id: 'ASC' }, take: limit });
  }

  /** The account's records of these machines on days in [from, until), with the fields an import's duplicate check compares. */
  onDays(accountId: number, machineIds: number[], from: Date, until: Date): Promise<FuelRecordEntity[]> {
    return this.table()
      .createQueryBuilder('f')
      .select(['f.id', 'f.machineId', 'f.dateOfPurchase', 'f.currentMileage', 'f.amountMilli'])
      .where('f.accountId = :accountId AND f.machineId IN (:...machineIds) AND f.dateOfPurchase >= :from AND f.dateOfPurchase < :until', {
        accountId,
        machineIds,
        from,
        until,
      })
      .getMany();
  }
}
