import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import {
  EXPORT_AT,
  exportPage,
  exportWindow,
  MACHINE_DATA_EXPORT,
  MACHINE_EXPORT,
  type ExportPage,
  type ExportPageRequest,
  type MachineExportItem,
  type MachineSavedEvent,
  type RpcMessage,
} from '@wrenchlog/contracts';
import { requireActor, requireAdmin } from '@wrenchlog/platform';
import { In, MoreThan, Repository } from 'typeorm';
import { MachinePhotoEntity } from '../photos/machine-photo.entity.js';
import { toMachine } from './machine-rules.js';
import { MachineEntity } from './machine.entity.js';

/**
 * machine.export.page (issue 22, administrators only): every machine by id (owner, name, type,
 * archived), as the saved events report-service rebuilds its machine projection from. Also the
 * caller's own machines for "Download all my data" (issue 23, machine.dataExport.page).
 */
@Controller()
export class MachineExportController {
  constructor(
    @InjectRepository(MachineEntity) private readonly machines: Repository<MachineEntity>,
    @InjectRepository(MachinePhotoEntity) private readonly photos: Repository<MachinePhotoEntity>,
  ) {}

  @MessagePattern(MACHINE_EXPORT)
  async page(@Payload() m: RpcMessage<ExportPageRequest>): Promise<ExportPage<MachineSavedEvent>> {
    requireAdmin(m.actor);
    const { afterId, limit } = exportWindow(m.payload);
    const rows = await this.machines.find({
      where: { id: MoreThan(afterId) },
      order: { id: 'ASC' },
      take: limit,
      select: { id: true, userId: true, name: true, type: true, archived: true },
    });
    const items = rows.map((r) => ({ machineId: r.id, userId: r.userId, name: r.name, type: r.type, archived: r.archived, at: EXPORT_AT }));
    return exportPage(items, rows.at(-1)?.id, limit);
  }

  /** machine.dataExport.page ("Download all my data", issue 23): the caller's machines, archived too, with their photos' originals. */
  @MessagePattern(MACHINE_DATA_EXPORT)
  async dataPage(@Payload() m: RpcMessage<ExportPageRequest>): Promise<ExportPage<MachineExportItem>> {
    const { userId } = requireActor(m.actor);
    const { afterId, limit } = exportWindow(m.payload);
    const rows = await this.machines.find({ where: { userId, id: MoreThan(afterId) }, order: { id: 'ASC' }, take: limit });
    const photos = rows.length === 0 ? [] : await this.photos.find({ where: { userId, machineId: In(rows.map((r) => r.id)) }, order: { id: 'ASC' } });
    const items = rows.map((r) => ({
      ...toMachine(r),
      photos: photos.filter((p) => p.machineId === r.id).map((p) => ({ id: p.id, key: p.originalKey, contentType: p.contentType, label: p.kind })),
    }));
    return exportPage(items, rows.at(-1)?.id, limit);
  }
}
