import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import { EXPORT_AT, exportPage, exportWindow, MACHINE_EXPORT, type ExportPage, type ExportPageRequest, type MachineSavedEvent, type RpcMessage } from '@wrenchlog/contracts';
import { requireAdmin } from '@wrenchlog/platform';
import { MoreThan, Repository } from 'typeorm';
import { MachineEntity } from './machine.entity.js';

/**
 * machine.export.page (issue 22, administrators only): every machine by id (owner, name, type,
 * archived), as the saved events report-service rebuilds its machine projection from.
 */
@Controller()
export class MachineExportController {
  constructor(@InjectRepository(MachineEntity) private readonly machines: Repository<MachineEntity>) {}

  @MessagePattern(MACHINE_EXPORT)
  async page(@Payload() m: RpcMessage<ExportPageRequest>): Promise<ExportPage<MachineSavedEvent>> {
    requireAdmin(m.actor);
    const { afterId, limit } = exportWindow(m.payload);
    const rows = await this.machines.find({ where: { id: MoreThan(afterId) }, order: { id: 'ASC' }, take: limit, select: { id: true, userId: true, name: true, type: true, archived: true } });
    const items = rows.map((r) => ({ machineId: r.id, userId: r.userId, name: r.name, type: r.type, archived: r.archived, at: EXPORT_AT }));
    return exportPage(items, rows.at(-1)?.id, limit);
  }
}
