import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  EXPORT_AT,
  type Actor,
  exportWindow,
  SCHEDULE_READING_EXPORT,
  type ExportPage,
  type ExportPageRequest,
  type RpcMessage,
  type ScheduleReadingChangedEvent,
} from '@wrenchlog/contracts';
import { AdminCaller } from '@wrenchlog/platform';
import { DataSource, In, MoreThan } from 'typeorm';
import { MeterEntity } from '../meters/meter.entity.js';
import { ReadingEntity } from '../meters/reading.entity.js';

/**
 * schedule.readingExport.page (issue 22, administrators only): every reading by id as the
 * schedule.reading.changed event report-service rebuilds its copy from (stamped EXPORT_AT, so a
 * real event always wins over it), with its meter's current unit.
 */
@Controller()
export class ReadingExportController {
  constructor(private readonly dataSource: DataSource) {}

  @MessagePattern(SCHEDULE_READING_EXPORT)
  async page(@Payload() m: RpcMessage<ExportPageRequest>, @AdminCaller() _caller: Actor): Promise<ExportPage<ScheduleReadingChangedEvent>> {
    const { afterId, limit } = exportWindow(m.payload);
    const rows = await this.dataSource.manager.find(ReadingEntity, { where: { id: MoreThan(afterId) }, order: { id: 'ASC' }, take: limit });
    const meterIds = [...new Set(rows.map((r) => r.meterId))];
    const meters = new Map((meterIds.length === 0 ? [] : await this.dataSource.manager.findBy(MeterEntity, { id: In(meterIds) })).map((m) => [m.id, m]));
    const items: ScheduleReadingChangedEvent[] = [];
    for (const r of rows) {
      const meter = meters.get(r.meterId);
      if (meter) {
        items.push({
          readingId: r.id,
          meterId: r.meterId,
          machineId: r.machineId,
          accountId: r.accountId,
          kind: meter.kind,
          unit: meter.unit,
          lifetimeValue: r.lifetime,
          date: r.readAt,
          live: !r.void,
          at: EXPORT_AT,
        });
      }
    }
    // Paged by the rows read, not the items kept (a reading whose meter is gone is left out).
    return { items, nextAfterId: rows.length === limit ? rows.at(-1)!.id : null };
  }
}
