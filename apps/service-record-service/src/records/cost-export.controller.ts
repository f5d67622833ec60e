import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  EXPORT_AT,
  exportPage,
  exportWindow,
  SERVICE_COST_EXPORT,
  SERVICE_DATA_EXPORT,
  type Actor,
  type ExportPage,
  type ExportPageRequest,
  type RpcMessage,
  type ServiceRecordExportItem,
  type ServiceRecordSavedEvent,
} from '@wrenchlog/contracts';
import { AdminCaller, Caller } from '@wrenchlog/platform';
import { ServiceImagesRepository } from '../images/service-images.repository.js';
import { RecordsRepository } from './records.repository.js';
import { toServiceRecord } from './record-row.js';

/**
 * service.costExport.page (issue 22, administrators only: report-service's rebuild, across every
 * account): every account's records by id, as the service.record.saved events report-service
 * rebuilds its read model from (stamped EXPORT_AT, so a real event always wins over them). Also the
 * account's records for "Download all my data" (issue 23, service.dataExport.page: export.run).
 */
@Controller()
export class CostExportController {
  constructor(
    private readonly records: RecordsRepository,
    private readonly images: ServiceImagesRepository,
  ) {}

  @MessagePattern(SERVICE_COST_EXPORT)
  async page(@AdminCaller() _admin: Actor, @Payload() m: RpcMessage<ExportPageRequest>): Promise<ExportPage<ServiceRecordSavedEvent>> {
    const { afterId, limit } = exportWindow(m.payload);
    const rows = await this.records.exportPage(afterId, limit);
    const items = rows.map((r) => ({
      recordId: r.id,
      accountId: r.accountId,
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

  /** service.dataExport.page ("Download all my data", issue 23): the account's records, with their images' originals. */
  @MessagePattern(SERVICE_DATA_EXPORT)
  async dataPage(@Caller('export.run') caller: Actor, @Payload() m: RpcMessage<ExportPageRequest>): Promise<ExportPage<ServiceRecordExportItem>> {
    const { afterId, limit } = exportWindow(m.payload);
    const rows = await this.records.accountPage(caller.accountId, afterId, limit);
    const images = await this.images.ofRecords(
      caller.accountId,
      rows.map((r) => r.id),
    );
    const items = rows.map((r) => ({
      ...toServiceRecord(r),
      photos: images.filter((i) => i.recordId === r.id).map((i) => ({ id: i.id, key: i.originalKey, contentType: i.contentType, label: i.fileName })),
    }));
    return exportPage(items, rows.at(-1)?.id, limit);
  }
}
