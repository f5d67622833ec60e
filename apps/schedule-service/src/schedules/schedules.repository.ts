import { Injectable } from '@nestjs/common';
import { ScheduleLimits, type ScheduleStatus } from '@wrenchlog/contracts';
import { CompiledSelect } from '@wrenchlog/platform';
import { DataSource, In, LessThan, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import { CompletionEntity } from './completion.entity.js';
import { SCHEDULE_COLUMNS, type ScheduleRow, type ScheduleState } from './schedule-state.js';
import { typeKey } from './schedule.rules.js';
import { ScheduleEntity } from './schedule.entity.js';

const RANKS: Record<ScheduleStatus, number> = { overdue: 0, due_soon: 1, upcoming: 2 };

/** SQL of schedules and their completions. */
@Injectable()
export class SchedulesRepository {
  private readonly listed: CompiledSelect<ScheduleEntity, (typeof SCHEDULE_COLUMNS)[number]>;

  constructor(private readonly dataSource: DataSource) {
    this.listed = new CompiledSelect(dataSource.getRepository(ScheduleEntity), 's', SCHEDULE_COLUMNS);
  }

  ofMachine(manager: EntityManager, accountId: number, machineId: number): Promise<ScheduleEntity[]> {
    return manager.find(ScheduleEntity, { where: { accountId, machineId }, order: { id: 'ASC' } });
  }

  owned(manager: EntityManager, accountId: number, id: number): Promise<ScheduleEntity | null> {
    return manager.findOneBy(ScheduleEntity, { id, accountId });
  }

  byIdempotencyKey(accountId: number, key: string): Promise<ScheduleEntity | null> {
    return this.dataSource.manager.findOneBy(ScheduleEntity, { accountId, idempotencyKey: key });
  }

  async insert(manager: EntityManager, row: Omit<ScheduleEntity, 'id'>): Promise<ScheduleEntity> {
    const created = manager.create(ScheduleEntity, row);
    await manager.insert(ScheduleEntity, created);
    return created;
  }

  async update(manager: EntityManager, id: number, changes: Partial<ScheduleEntity>): Promise<void> {
    if (Object.keys(changes).length > 0) {
      await manager.update(ScheduleEntity, { id }, changes);
    }
  }

  async delete(manager: EntityManager, accountId: number, id: number): Promise<void> {
    await manager.delete(CompletionEntity, { scheduleId: id, accountId });
    await manager.delete(ScheduleEntity, { id, accountId });
  }

  async deleteMachine(manager: EntityManager, accountId: number, machineId: number): Promise<ScheduleEntity[]> {
    const rows = await manager.find(ScheduleEntity, { where: { accountId, machineId } });
    if (rows.length > 0) {
      await manager.delete(CompletionEntity, { scheduleId: In(rows.map((r) => r.id)) });
      await manager.delete(ScheduleEntity, { accountId, machineId });
    }
    return rows;
  }

  /** A machine's date item (license or insurance), if it has one. */
  originItem(manager: EntityManager, machineId: number, originKey: 'license' | 'insurance'): Promise<ScheduleEntity | null> {
    return manager.findOneBy(ScheduleEntity, { machineId, originKey });
  }

  async renameMachine(manager: EntityManager, accountId: number, machineId: number, name: string, type: string | null): Promise<void> {
    await manager.update(ScheduleEntity, { accountId, machineId }, { machineName: name, machineType: type, machineTypeKey: typeKey(type) });
  }

  completions(manager: EntityManager, scheduleIds: number[]): Promise<CompletionEntity[]> {
    return scheduleIds.length === 0
      ? Promise.resolve([])
      : manager.find(CompletionEntity, { where: { scheduleId: In(scheduleIds) }, order: { doneDate: 'DESC', id: 'DESC' } });
  }

  completionsOfRecord(manager: EntityManager, serviceRecordId: number): Promise<CompletionEntity[]> {
    return manager.find(CompletionEntity, { where: { serviceRecordId } });
  }

  async addCompletion(manager: EntityManager, c: Omit<CompletionEntity, 'id'>): Promise<void> {
    await manager.createQueryBuilder().insert().into(CompletionEntity).values(c).orIgnore().execute();
  }

  async updateCompletion(manager: EntityManager, id: number, changes: Partial<Pick<CompletionEntity, 'doneDate' | 'distance' | 'hours'>>): Promise<void> {
    await manager.update(CompletionEntity, { id }, changes);
  }

  async deleteCompletions(manager: EntityManager, ids: number[]): Promise<void> {
    if (ids.length > 0) {
      await manager.delete(CompletionEntity, { id: In(ids) });
    }
  }

  /** The machines of a user with a schedule computed before `today` (the day moved on). */
  async machinesComputedBefore(accountId: number, today: string): Promise<number[]> {
    const rows = await this.dataSource.manager
      .createQueryBuilder(ScheduleEntity, 's')
      .select('DISTINCT s.machineId', 'machineId')
      .where({ accountId, computedOn: LessThan(today) })
      .getRawMany<{ machineId: number | string }>();
    return rows.map((r) => Number(r.machineId));
  }

  async setState(manager: EntityManager, id: number, state: Partial<ScheduleState>): Promise<void> {
    await this.update(manager, id, state as Partial<ScheduleEntity>);
  }

  /** A machine's schedules, most urgent first: at most ScheduleLimits.machineList (the call is unpaged). */
  async machineList(accountId: number, machineId: number): Promise<ScheduleRow[]> {
    return this.listed.rows(
      'by-machine',
      (qb) =>
        qb
          .where('s.accountId = :accountId AND s.machineId = :machineId')
          .orderBy('s.statusRank', 'ASC')
          .addOrderBy('s.sortDate', 'ASC')
          .addOrderBy('s.id', 'ASC'),
      { accountId, machineId },
      { limit: ScheduleLimits.machineList, offset: 0 },
    );
  }

  /**
   * The fleet's Due list: most urgent first (status, then expected date, then id), optionally only
   * some statuses and one machine type; a page and its total in one statement on an index that
   * starts with the account. The statuses are a fixed set of ranks written into the SQL (the shape).
   * With `machines` (a mechanic's or operator's assignment) only those machines' schedules, in the
   * same WHERE: a list of ids changes the SQL's text, so that read is built each time.
   */
  async fleetPage(
    accountId: number,
    machines: ReadonlySet<number> | null,
    statuses: ScheduleStatus[],
    machineType: string | null,
    page: number,
    size: number,
  ): Promise<{ rows: ScheduleRow[]; total: number }> {
    const ranks = [...new Set(statuses.map((s) => RANKS[s]))].sort();
    const filtered = (qb: SelectQueryBuilder<ScheduleEntity>) => {
      qb.where('s.accountId = :accountId');
      if (machineType !== null) {
        qb.andWhere('s.machineTypeKey = :machineType');
      }
      if (ranks.length > 0) {
        qb.andWhere(`s.statusRank IN (${ranks.join(', ')})`);
      }
      return qb;
    };
    const params: Record<string, unknown> = { accountId };
    if (machineType !== null) {
      params.machineType = typeKey(machineType);
    }
    const ordered = (qb: SelectQueryBuilder<ScheduleEntity>) => qb.orderBy('s.statusRank', 'ASC').addOrderBy('s.sortDate', 'ASC').addOrderBy('s.id', 'ASC');
    if (machines !== null) {
      if (machines.size === 0) {
        return { rows: [], total: 0 };
      }
      const [rows, total] = await ordered(filtered(this.dataSource.getRepository(ScheduleEntity).createQueryBuilder('s')))
        .select(SCHEDULE_COLUMNS.map((c) => `s.${c}`))
        .andWhere('s.machineId IN (:...machineIds)')
        .setParameters({ ...params, machineIds: [...machines] })
        .skip(page * size)
        .take(size)
        .getManyAndCount();
      return { rows, total };
    }
    return this.listed.page(`fleet:${ranks.join('')}:${machineType !== null ? 'type' : ''}`, filtered, ordered, params, { limit: size, offset: page * size });
  }
}
