import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  EXPORT_AT,
  exportPage,
  exportWindow,
  MACHINE_DATA_EXPORT,
  MACHINE_EXPORT,
  type Actor,
  type ExportPage,
  type ExportPageRequest,
  type MachineExportItem,
  type MachineSavedEvent,
  type RpcMessage,
} from '@wrenchlog/contracts';
import { AdminCaller, Caller } from '@wrenchlog/platform';
import { toMachine } from './machine-rules.js';
import { MachinesRepository } from './machines.repository.js';

/**
 * machine.export.page (issue 22, administrators only): every machine by id (owner, name, type,
 * archived), as the saved events report-service rebuilds its machine projection from. Also the
 * caller's account's machines for "Download all my data" (issue 23, machine.dataExport.page).
 */
@Controller()
export class MachineExportController {
  constructor(private readonly machines: MachinesRepository) {}

  @MessagePattern(MACHINE_EXPORT)
  async page(@AdminCaller() _admin: Actor, @Payload() m: RpcMessage<ExportPageRequest>): Promise<ExportPage<MachineSavedEvent>> {
    const { afterId, limit } = exportWindow(m.payload);
    const rows = await this.machines.exportPage(afterId, limit);
    const items = rows.map((r) => ({ machineId: r.id, accountId: r.accountId, name: r.name, type: r.type, archived: r.archived, at: EXPORT_AT }));
    return exportPage(items, rows.at(-1)?.id, limit);
  }

  /** machine.dataExport.page ("Download all my data", issue 23): the account's machines, archived too, with their photos' originals. */
  @MessagePattern(MACHINE_DATA_EXPORT)
  async dataPage(@Caller('export.run') caller: Actor, @Payload() m: RpcMessage<ExportPageRequest>): Promise<ExportPage<MachineExportItem>> {
    const { afterId, limit } = exportWindow(m.payload);
    const rows = await this.machines.accountPage(caller.accountId, afterId, limit);
    const photos = await this.machines.photosOf(
      caller.accountId,
      rows.map((r) => r.id),
    );
    const items = rows.map((r) => ({
      ...toMachine(r),
      photos: photos.filter((p) => p.machineId === r.id).map((p) => ({ id: p.id, key: p.originalKey, contentType: p.contentType, label: p.kind })),
    }));
    return exportPage(items, rows.at(-1)?.id, limit);
  }
}
