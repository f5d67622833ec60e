import { Injectable } from '@nestjs/common';
import { DataSource, MoreThan } from 'typeorm';
import type { Tx } from '../common/transactions.js';
import { FuelRecordEntity } from './fuel-record.entity.js';

/** The columns of a fill that the full-to-full rule reads. */
export type FuelFill = Pick<FuelRecordEntity, 'id' | 'machineId' | 'dateOfPurchase' | 'amountMilli' | 'currentMileage' | 'fullTank' | 'missedPrevious'>;

/** Newest dateOfPurchase first, ties newest id first: how a machine's records are listed. */
// Fills of one instant (an imported day without times) by their odometer, then as entered.
const NEWEST_FIRST = { dateOfPurchase: 'DESC', currentMileage: { direction: 'DESC', nulls: 'LAST' }, id: 'DESC' } as const;

/** SQL of the `fuel_records` table. Every read and write is scoped to the user, but the administrators' export. */
@Injectable()
export class FuelRecordsRepository {
  constructor(private readonly dataSource: DataSource) {}

  private table(tx?: Tx) {
    return (tx ?? this.dataSource.manager).getRepository(FuelRecordEntity);
  }

  /** A new row in memory (not written yet). */
  create(fields: Partial<FuelRecordEntity>): FuelRecordEntity {
    return this.table().create(fields);
  }

  byId(userId: number, id: number, tx?: Tx): Promise<FuelRecordEntity | null> {
    return this.table(tx).findOneBy({ id, userId });
  }

  /** The record a create with this idempotency key made. */
  byIdempotencyKey(userId: number, key: string): Promise<FuelRecordEntity | null> {
    return this.table().findOneBy({ userId, idempotencyKey: key });
  }

  /** A machine's newest `take` records. */
  newestOfMachine(userId: number, machineId: number, take: number): Promise<FuelRecordEntity[]> {
    return this.table().find({ where: { userId, machineId }, order: NEWEST_FIRST, take });
  }

  /** One page of a machine's records, newest first, with the machine's count. */
  pageOfMachine(userId: number, machineId: number, skip: number, take: number): Promise<[FuelRecordEntity[], number]> {
    return this.table().findAndCount({ where: { userId, machineId }, order: NEWEST_FIRST, skip, take });
  }

  /**
   * The fills of these machines dated before `until`, from each machine's last full fill before
   * `since` (or its first record when it has none), by machine, date, then odometer (two fills of one
   * imported day share an instant: the ids need not follow the fills); on the (user, machine, date) index.
   */
  fillsAround(userId: number, machineIds: readonly number[], since: Date, until: Date): Promise<FuelFill[]> {
    return this.table()
      .createQueryBuilder('f')
      .select(['f.id', 'f.machineId', 'f.dateOfPurchase', 'f.amountMilli', 'f.currentMileage', 'f.fullTank', 'f.missedPrevious'])
      .where('f.userId = :userId AND f.machineId IN (:...ids) AND f.dateOfPurchase < :until', { userId, ids: machineIds, until })
      .andWhere(
        `f.dateOfPurchase >= COALESCE((SELECT MAX(p.date_of_purchase) FROM fuel_records p WHERE p.user_id = f.user_id AND p.machine_id = f.machine_id AND p.full_tank AND p.date_of_purchase < :since), :epoch)`,
        { since, epoch: new Date(0) },
      )
      .orderBy('f.machineId', 'ASC')
      .addOrderBy('f.dateOfPurchase', 'ASC')
      .addOrderBy('f.currentMileage', 'ASC', 'NULLS FIRST')
      .addOrderBy('f.id', 'ASC')
      .getMany();
  }

  /** Writes a new row (its id lands on `row`); a second row with the same user and idempotency key fails on the unique index. */
  async insert(tx: Tx, row: FuelRecordEntity): Promise<void> {
    await this.table(tx).insert(row);
  }

  save(tx: Tx, row: FuelRecordEntity): Promise<FuelRecordEntity> {
    return this.table(tx).save(row);
  }

  /** Deletes the user's record; answers its machine when this call removed it, else null. */
  async deleteOwned(tx: Tx, userId: number, id: number): Promise<{ machineId: number } | null> {
    const row = await this.table(tx).findOne({ where: { id, userId }, select: { id: true, machineId: true } });
    const result = row ? await this.table(tx).delete({ id, userId }) : { affected: 0 };
    return row && result.affected ? { machineId: row.machineId } : null;
  }

  /** Deletes a row outside any transaction (a write that raced its machine's deletion). */
  async delete(userId: number, id: number): Promise<void> {
    await this.table().delete({ id, userId });
  }

  countOfMachine(userId: number, machineId: number): Promise<number> {
    return this.table().countBy({ userId, machineId });
  }

  /** Deletes every record of a machine; answers how many. */
  async deleteOfMachine(tx: Tx, userId: number, machineId: number): Promise<number> {
    return (await this.table(tx).delete({ userId, machineId })).affected ?? 0;
  }

  /** Rows after `afterId` by id: every user's (the administrators' cost export), or one user's. */
  exportPage(afterId: number, limit: number, userId?: number): Promise<FuelRecordEntity[]> {
    return this.table().find({ where: { ...(userId === undefined ? {} : { userId }), id: MoreThan(afterId) }, order: { id: 'ASC' }, take: limit });
  }

  /** The user's records of these machines on days in [from, until), with the fields an import's duplicate check compares. */
  onDays(userId: number, machineIds: number[], from: Date, until: Date): Promise<FuelRecordEntity[]> {
    return this.table()
      .createQueryBuilder('f')
      .select(['f.id', 'f.machineId', 'f.dateOfPurchase', 'f.currentMileage', 'f.amountMilli'])
      .where('f.userId = :userId AND f.machineId IN (:...machineIds) AND f.dateOfPurchase >= :from AND f.dateOfPurchase < :until', {
        userId,
        machineIds,
        from,
        until,
      })
      .getMany();
  }
}
