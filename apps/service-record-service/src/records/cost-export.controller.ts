import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import {
  EXPORT_AT,
  exportPage,
  exportWindow,
  SERVICE_COST_EXPORT,
  SERVICE_DATA_EXPORT,
  type ExportPage,
  type ExportPageRequest,
  type RpcMessage,
  type ServiceRecordExportItem,
  type ServiceRecordSavedEvent,
} from '@wrenchlog/contracts';
import { requireActor, requireAdmin } from '@wrenchlog/platform';
import { In, MoreThan, Repository } from 'typeorm';
import { ServiceImageEntity } from '../images/service-image.entity.js';
import { toServiceRecord } from './records.service.js';
import { ServiceRecordEntity } from './service-record.entity.js';

/**
 * service.costExport.page (issue 22, administrators only): every user's records by id, as the
 * service.record.saved events report-service rebuilds its read model from (stamped EXPORT_AT, so
 * a real event always wins over them). Also the caller's own records for "Download all my data"
 * (issue 23, service.dataExport.page).
 */
@Controller()
export class CostExportController {
  constructor(
    @InjectRepository(ServiceRecordEntity) private readonly records: Repository<ServiceRecordEntity>,
    @InjectRepository(ServiceImageEntity) private readonly images: Repository<ServiceImageEntity>,
  ) {}

  @MessagePattern(SERVICE_COST_EXPORT)
  async page(@Payload() m: RpcMessage<ExportPageRequest>): Promise<ExportPage<ServiceRecordSavedEvent>> {
    requireAdmin(m.actor);
    const { afterId, limit } = exportWindow(m.payload);
    const rows = await this.records.find({
      where: { id: MoreThan(afterId) },
      order: { id: 'ASC' },
      take: limit,
      select: { id: true, userId: true, machineId: true, serviceDate: true, miles: true, hours: true, priceCents: true, title: true, notes: true },
    });
    const items = rows.map((r) => ({
      recordId: r.id,
      userId: r.userId,
      machineId: r.machineId,
      serviceDate: r.serviceDate,
      miles: r.miles,
      hours: r.hours,
      priceCents: r.priceCents,
      title: r.title,
      notes: r.notes,
      at: EXPORT_AT,
    }));
    return exportPage(items, rows.at(-1)?.id, limit);
  }

  /** service.dataExport.page ("Download all my data", issue 23): the caller's records, with their images' originals. */
  @MessagePattern(SERVICE_DATA_EXPORT)
  async dataPage(@Payload() m: RpcMessage<ExportPageRequest>): Promise<ExportPage<ServiceRecordExportItem>> {
    const { userId } = requireActor(m.actor);
    const { afterId, limit } = exportWindow(m.payload);
    const rows = await this.records.find({ where: { userId, id: MoreThan(afterId) }, order: { id: 'ASC' }, take: limit });
    const images = rows.length === 0 ? [] : await this.images.find({ where: { userId, recordId: In(rows.map((r) => r.id)) }, order: { id: 'ASC' } });
    const items = rows.map((r) => ({
      ...toServiceRecord(r),
      photos: images.filter((i) => i.recordId === r.id).map((i) => ({ id: i.id, key: i.originalKey, contentType: i.contentType, label: i.fileName })),
    }));
    return exportPage(items, rows.at(-1)?.id, limit);
  }
}
