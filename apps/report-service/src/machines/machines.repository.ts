import { Injectable } from '@nestjs/common';
import { DataSource, LessThanOrEqual, type EntityManager } from 'typeorm';
import { ReportMachineEntity, typeKeyOf } from './report-machine.entity.js';

/** SQL of the machine projection. */
@Injectable()
export class MachinesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Applies a saved event not older than the one kept (an upsert; a tombstone stays one). */
  async applySaved(row: Omit<ReportMachineEntity, 'deleted' | 'typeKey' | 'distanceUnit' | 'metersAt'>): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const typeKey = typeKeyOf(row.type);
      await manager
        .createQueryBuilder()
        .insert()
        .into(ReportMachineEntity)
        .values({ ...row, typeKey, deleted: false })
        .orIgnore()
        .execute();
      await manager.update(
        ReportMachineEntity,
        { machineId: row.machineId, userId: row.userId, deleted: false, updatedAt: LessThanOrEqual(row.updatedAt) },
        { name: row.name, type: row.type, typeKey, archived: row.archived, updatedAt: row.updatedAt },
      );
    });
  }

  /** The deletion marker always wins (an atomic upsert). */
  async markDeleted(manager: EntityManager, userId: number, machineId: number): Promise<void> {
    await manager
      .createQueryBuilder()
      .insert()
      .into(ReportMachineEntity)
      .values({ machineId, userId, name: '', type: null, typeKey: null, archived: false, deleted: true, updatedAt: new Date() })
      .orUpdate(['deleted', 'updated_at'], ['machine_id'])
      .execute();
  }

  find(machineId: number, manager: EntityManager = this.dataSource.manager): Promise<ReportMachineEntity | null> {
    return manager.findOneBy(ReportMachineEntity, { machineId });
  }

  /** The user's live machines, of one type (by its key) when given. */
  live(userId: number, typeKey?: string): Promise<ReportMachineEntity[]> {
    return this.dataSource.manager.find(ReportMachineEntity, {
      where: { userId, deleted: false, ...(typeKey !== undefined ? { typeKey } : {}) },
      order: { machineId: 'ASC' },
    });
  }
}
