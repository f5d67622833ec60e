import { Injectable } from '@nestjs/common';
import { isValidId } from '@wrenchlog/contracts';
import { CompiledWrites, forUpdate, hasRowLocks, KnownMachineEntity } from '@wrenchlog/platform';
import { DataSource, LessThanOrEqual } from 'typeorm';
import type { Tx } from '../common/transactions.js';
import { ServiceRecordEntity } from './service-record.entity.js';

/**
 * SQL of the `known_machines` projection (account and name of each machine, from machine-service's
 * events) and its row locks: where the engine has them (PostgreSQL) the writes for one machine take
 * turns on its row; on SQLite the writes take turns already (libs/platform queues them).
 */
@Injectable()
export class KnownMachinesRepository {
  /** The row every record write reads (and locks), prepared once (issue 37). */
  private readonly writes: CompiledWrites<KnownMachineEntity>;

  constructor(private readonly dataSource: DataSource) {
    this.writes = new CompiledWrites(dataSource.getRepository(KnownMachineEntity));
  }

  private table(tx?: Tx) {
    return (tx ?? this.dataSource.manager).getRepository(KnownMachineEntity);
  }

  /** A machine's projection row, locked where the engine has row locks; null for a machine not heard of yet. */
  locked(tx: Tx, machineId: number): Promise<KnownMachineEntity | null> {
    return this.writes.one(tx, 'locked', 'm', (qb) => forUpdate(qb.where('m.machineId = :machineId')), { machineId });
  }

  /**
   * Locks the projection rows of a record's machine and of `movingTo` in one statement, lowest id
   * first (two moves between the same machines in opposite directions wait for each other instead of
   * deadlocking). Answers the ids it holds (a machine not heard of yet has no row to hold), or null
   * where the engine has no row locks (nothing to hold: the writes take turns already).
   */
  async lockOfRecord(tx: Tx, accountId: number, recordId: number, movingTo: unknown): Promise<Set<number> | null> {
    if (!hasRowLocks(tx)) {
      return null;
    }
    const qb = tx.createQueryBuilder(KnownMachineEntity, 'm').select('m.machineId', 'machineId');
    const ofRecord = qb.subQuery().select('r.machineId').from(ServiceRecordEntity, 'r').where('r.id = :id AND r.accountId = :accountId').getQuery();
    qb.where(`m.machineId IN ${ofRecord}`, { id: recordId, accountId });
    if (isValidId(movingTo)) {
      qb.orWhere('m.machineId = :movingTo', { movingTo });
    }
    const rows = await forUpdate(qb.orderBy('m.machineId')).getRawMany<{ machineId: number | string }>();
    return new Set(rows.map((r) => Number(r.machineId)));
  }

  /** Inserts a live machine's row unless the machine is known already (in any state). */
  async addIfAbsent(tx: Tx, row: Omit<KnownMachineEntity, 'deleted'>): Promise<void> {
    await tx
      .createQueryBuilder()
      .insert()
      .into(KnownMachineEntity)
      .values({ ...row, deleted: false })
      .orIgnore()
      .execute();
  }

  /** Takes the name of a saved event unless the machine is deleted or knows a newer one; answers whether it did. */
  async rename(tx: Tx, machineId: number, name: string, at: Date): Promise<boolean> {
    const applied = await this.table(tx).update({ machineId, deleted: false, updatedAt: LessThanOrEqual(at) }, { name, updatedAt: at });
    return Boolean(applied.affected);
  }

  /** Marks the machine deleted, whatever was known of it before (an atomic upsert): a later saved event cannot revive it. */
  async tombstone(tx: Tx, machineId: number, accountId: number, at: Date): Promise<void> {
    await tx
      .createQueryBuilder()
      .insert()
      .into(KnownMachineEntity)
      .values({ machineId, accountId, name: '', deleted: true, updatedAt: at })
      .orUpdate(['deleted', 'updated_at'], ['machine_id'])
      .execute();
  }
}
