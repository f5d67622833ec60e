import { Injectable } from '@nestjs/common';
import { queryNamed } from '@wrenchlog/platform';
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
        { machineId: row.machineId, accountId: row.accountId, deleted: false, updatedAt: LessThanOrEqual(row.updatedAt) },
        { name: row.name, type: row.type, typeKey, archived: row.archived, updatedAt: row.updatedAt },
      );
    });
  }

  /** The deletion marker always wins (an atomic upsert). */
  async markDeleted(manager: EntityManager, accountId: number, machineId: number): Promise<void> {
    await manager
      .createQueryBuilder()
      .insert()
      .into(ReportMachineEntity)
      .values({ machineId, accountId, name: '', type: null, typeKey: null, archived: false, deleted: true, updatedAt: new Date() })
      .orUpdate(['deleted', 'updated_at'], ['machine_id'])
      .execute();
  }

  find(machineId: number, manager: EntityManager = this.dataSource.manager): Promise<ReportMachineEntity | null> {
    return manager.findOneBy(ReportMachineEntity, { machineId });
  }

  /**
   * The account's live machines, of one type (by its key) when given: only what a report reads, in one
   * plain statement (a report's first read after each change; TypeORM's entity find costs more CPU
   * than the statement).
   */
  async live(accountId: number, typeKey?: string): Promise<ScopeMachine[]> {
    const rows = await queryNamed<{ machineId: number | string; name: string; archived: boolean | number; distanceUnit: 'mi' | 'km' | null }[]>(
      this.dataSource.manager,
      `SELECT machine_id AS "machineId", name, archived, distance_unit AS "distanceUnit" FROM report_machines
       WHERE account_id = :accountId AND NOT deleted${typeKey !== undefined ? ' AND type_key = :typeKey' : ''} ORDER BY machine_id`,
      { accountId, typeKey },
    );
    return rows.map((r) => ({ machineId: Number(r.machineId), name: r.name, archived: Boolean(r.archived), distanceUnit: r.distanceUnit }));
  }
}

/** A machine as a report reads it. */
export type ScopeMachine = Pick<ReportMachineEntity, 'machineId' | 'name' | 'archived' | 'distanceUnit'>;
