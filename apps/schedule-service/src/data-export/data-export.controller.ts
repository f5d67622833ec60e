import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  exportWindow,
  READING_DATA_EXPORT,
  SCHEDULE_DATA_EXPORT,
  type Actor,
  type ExportPage,
  type ExportPageRequest,
  type MeterReadingExportItem,
  type RpcMessage,
  type ScheduleExportItem,
} from '@wrenchlog/contracts';
import { Caller, MemberDirectory } from '@wrenchlog/platform';
import { toReading } from '../readings/reading-events.js';
import { toSchedule } from '../schedules/schedule-state.js';
import { DataExportRepository } from './data-export.repository.js';

/**
 * schedule.dataExport.readings and schedule.dataExport.schedules ("Download all my data", issue 23,
 * format 2): the account's meter readings (void ones too, each with its meter's kind and unit) and
 * maintenance schedules by id, as their reads answer them (who added and changed each included)
 * plus what a restore needs.
 */
@Controller()
export class DataExportController {
  constructor(
    private readonly data: DataExportRepository,
    private readonly members: MemberDirectory,
  ) {}

  @MessagePattern(READING_DATA_EXPORT)
  async readings(@Caller('export.run') { accountId }: Actor, @Payload() m: RpcMessage<ExportPageRequest>): Promise<ExportPage<MeterReadingExportItem>> {
    const { afterId, limit } = exportWindow(m.payload);
    const rows = await this.data.readingsAfter(accountId, afterId, limit);
    const meters = await this.data.metersByIds(accountId, [...new Set(rows.map((r) => r.meterId))]);
    const people = await this.members.audit(accountId, rows);
    const items: MeterReadingExportItem[] = [];
    rows.forEach((r, i) => {
      const meter = meters.find((x) => x.id === r.meterId);
      if (meter) {
        items.push({ ...toReading(r), ...people[i], meterKind: meter.kind, unit: meter.unit });
      }
    });
    // Paged by the rows read, not the items kept (a reading whose meter is gone is left out).
    return { items, nextAfterId: rows.length === limit ? rows.at(-1)!.id : null };
  }

  @MessagePattern(SCHEDULE_DATA_EXPORT)
  async schedules(@Caller('export.run') { accountId }: Actor, @Payload() m: RpcMessage<ExportPageRequest>): Promise<ExportPage<ScheduleExportItem>> {
    const { afterId, limit } = exportWindow(m.payload);
    const rows = await this.data.schedulesAfter(accountId, afterId, limit);
    const people = await this.members.audit(accountId, rows);
    const completions = await this.data.completionsOf(rows.map((r) => r.id));
    // The unit of a machine's first distance meter, as the schedules' reads count distances in.
    const distanceMeters = await this.data.distanceMetersOf(accountId, [...new Set(rows.map((r) => r.machineId))]);
    const unitOf = (machineId: number) => (distanceMeters.find((x) => x.machineId === machineId)?.unit === 'km' ? 'km' : 'mi');
    const items = rows.map((r, i): ScheduleExportItem => ({
      ...toSchedule(
        r,
        unitOf(r.machineId),
        completions.filter((c) => c.scheduleId === r.id).map((c) => c.serviceRecordId),
      ),
      ...people[i],
      ownSoonDays: r.soonDays,
      ownSoonDistance: r.soonDistance,
      ownSoonHours: r.soonHours,
      baseDate: r.baseDate,
      baseDistance: r.baseDistance,
      baseHours: r.baseHours,
    }));
    return { items, nextAfterId: rows.length === limit ? rows.at(-1)!.id : null };
  }
}
