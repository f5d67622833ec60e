import { Injectable } from '@nestjs/common';
import { rowLock } from '@wrenchlog/platform';
import { LessThanOrEqual, type EntityManager } from 'typeorm';
import { KnownMachineEntity } from './known-machine.entity.js';

/** SQL of the machine projection. */
@Injectable()
export class MachinesRepository {
  /**
   * The account's live machine, locked on PostgreSQL so the writes for one machine (readings,
   * schedules, events) take turns and each recompute sees the one before; null when unknown,
   * deleted or another account's. SQLite queues write transactions already.
   */
  async ownedForWrite(manager: EntityManager, accountId: number, machineId: number): Promise<KnownMachineEntity | null> {
    const row = await manager.findOne(KnownMachineEntity, { where: { machineId }, ...rowLock(manager) });
    return row && !row.deleted && row.accountId === accountId ? row : null;
  }

  async owned(manager: EntityManager, accountId: number, machineId: number): Promise<KnownMachineEntity | null> {
    const row = await manager.findOneBy(KnownMachineEntity, { machineId });
    return row && !row.deleted && row.accountId === accountId ? row : null;
  }

  /** Inserts the machine when first heard of (nothing when it is known, or a tombstone). */
  async insertIgnore(manager: EntityManager, row: Omit<KnownMachineEntity, 'deleted'>): Promise<void> {
    await manager
      .createQueryBuilder()
      .insert()
      .into(KnownMachineEntity)
      .values({ ...row, deleted: false })
      .orIgnore()
      .execute();
  }

  /** Applies a saved event not older than the one kept; answers whether it applied. */
  async applySaved(
    manager: EntityManager,
    machineId: number,
    at: Date,
    changes: Pick<KnownMachineEntity, 'name' | 'type' | 'lastMiles' | 'lastHours'>,
  ): Promise<boolean> {
    const applied = await manager.update(KnownMachineEntity, { machineId, deleted: false, updatedAt: LessThanOrEqual(at) }, { ...changes, updatedAt: at });
    return (applied.affected ?? 0) > 0;
  }

  /** The deletion marker always wins (an atomic upsert). */
  async markDeleted(manager: EntityManager, accountId: number, machineId: number): Promise<void> {
    await manager
      .createQueryBuilder()
      .insert()
      .into(KnownMachineEntity)
      .values({ machineId, accountId, name: '', type: null, deleted: true, lastMiles: null, lastHours: null, updatedAt: new Date() })
      .orUpdate(['deleted', 'updated_at'], ['machine_id'])
      .execute();
  }

  /** A placeholder taken over by the machine's real account. */
  async reassign(manager: EntityManager, machineId: number, accountId: number): Promise<void> {
    await manager.update(KnownMachineEntity, { machineId }, { accountId });
  }

  lock(manager: EntityManager, machineId: number): Promise<KnownMachineEntity | null> {
    return manager.findOne(KnownMachineEntity, { where: { machineId }, ...rowLock(manager) });
  }
}
