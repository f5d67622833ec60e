import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import { EXPORT_AT, exportPage, exportWindow, SERVICE_COST_EXPORT, type ExportPage, type ExportPageRequest, type RpcMessage, type ServiceRecordSavedEvent } from '@wrenchlog/contracts';
import { requireAdmin } from '@wrenchlog/platform';
import { MoreThan, Repository } from 'typeorm';
import { ServiceRecordEntity } from './service-record.entity.js';

/**
 * service.costExport.page (issue 22, administrators only): every user's records by id, as the
 * service.record.saved events report-service rebuilds its read model from (stamped EXPORT_AT, so
 * a real event always wins over them).
 */
@Controller()
export class CostExportController {
  constructor(@InjectRepository(ServiceRecordEntity) private readonly records: Repository<ServiceRecordEntity>) {}

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
    const items = rows.map((r) => ({ recordId: r.id, userId: r.userId, machineId: r.machineId, serviceDate: r.serviceDate, miles: r.miles, hours: r.hours, priceCents: r.priceCents, title: r.title, notes: r.notes, at: EXPORT_AT }));
    return exportPage(items, rows.at(-1)?.id, limit);
  }
}
