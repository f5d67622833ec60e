import { Injectable } from '@nestjs/common';
import { DataSource, In, MoreThan } from 'typeorm';
import { MeterEntity } from '../meters/meter.entity.js';
import { ReadingEntity } from '../meters/reading.entity.js';
import { CompletionEntity } from '../schedules/completion.entity.js';
import { ScheduleEntity } from '../schedules/schedule.entity.js';

/** SQL of "Download all my data" (issue 23): the account's readings and schedules by id, and what their rows need. */
@Injectable()
export class DataExportRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The account's readings after `afterId`, void ones too. */
  readingsAfter(accountId: number, afterId: number, take: number): Promise<ReadingEntity[]> {
    return this.dataSource.manager.find(ReadingEntity, { where: { accountId, id: MoreThan(afterId) }, order: { id: 'ASC' }, take });
  }

  /** The account's schedules after `afterId`. */
  schedulesAfter(accountId: number, afterId: number, take: number): Promise<ScheduleEntity[]> {
    return this.dataSource.manager.find(ScheduleEntity, { where: { accountId, id: MoreThan(afterId) }, order: { id: 'ASC' }, take });
  }

  /** The completions of these schedules (the service records that completed them). */
  completionsOf(scheduleIds: number[]): Promise<CompletionEntity[]> {
    return scheduleIds.length === 0 ? Promise.resolve([]) : this.dataSource.manager.find(CompletionEntity, { where: { scheduleId: In(scheduleIds) } });
  }

  /** The account's meters with these ids. */
  metersByIds(accountId: number, ids: number[]): Promise<MeterEntity[]> {
    return this.dataSource.manager.find(MeterEntity, { where: { accountId, id: In(ids) }, order: { id: 'ASC' } });
  }

  /** The account's distance meters of these machines, oldest first (a machine's first one gives the schedules' unit). */
  distanceMetersOf(accountId: number, machineIds: number[]): Promise<MeterEntity[]> {
    return this.dataSource.manager.find(MeterEntity, { where: { accountId, machineId: In(machineIds), kind: 'distance' }, order: { id: 'ASC' } });
  }
}
