import { Injectable } from '@nestjs/common';
import { DataSource, LessThanOrEqual, type EntityManager } from 'typeorm';
import { ReportMachine, typeKeyOf } from './report-machine.entity.js';

/** SQL of the machine projection. */
@Injectable()
export class MachinesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Applies a saved event not older than the one kept (an upsert; a tombstone stays one). */
  async applySaved(row: Omit<ReportMachine, 'deleted' | 'typeKey' | 'distanceUnit' | 'metersAt'>): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const typeKey = typeKeyOf(row.type);
      await manager.createQueryBuilder().insert().into(ReportMachine).values({ ...row, typeKey, deleted: false }).orIgnore().execute();
      await manager.update(ReportMachine, { machineId: row.machineId, userId: row.userId, deleted: false, updatedAt: LessThanOrEqual(row.updatedAt) }, { name: row.name, type: row.type, typeKey, archived: row.archived, updatedAt: row.updatedAt });
    });
  }

  /** The deletion marker always wins (an atomic upsert). */
  async markDeleted(manager: EntityManager, userId: number, machineId: number): Promise<void> {
    await manager
      .createQueryBuilder()
      .insert()
      .into(ReportMachine)
      .values({ machineId, userId, name: '', type: null, typeKey: null, archived: false, deleted: true, updatedAt: new Date() })
      .orUpdate(['deleted', 'updated_at'], ['machine_id'])
      .execute();
  }

  find(machineId: number, manager: EntityManager = this.dataSource.manager): Promise<ReportMachine | null> {
    return manager.findOneBy(ReportMachine, { machineId });
  }

  /** The user's live machines, of one type (by its key) when given. */
  live(userId: number, typeKey?: string): Promise<ReportMachine[]> {
    return this.dataSource.manager.find(ReportMachine, { where: { userId, deleted: false, ...(typeKey !== undefined ? { typeKey } : {}) }, order: { machineId: 'ASC' } });
  }
}
