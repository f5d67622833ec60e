import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  exportPage,
  exportWindow,
  PART_DATA_EXPORT,
  SUPPLIER_DATA_EXPORT,
  type Actor,
  type ExportPage,
  type ExportPageRequest,
  type Part,
  type RpcMessage,
  type Supplier,
} from '@wrenchlog/contracts';
import { Caller } from '@wrenchlog/platform';
import { toPart, toSupplier } from './inventory.service.js';
import { PartsRepository } from './parts.repository.js';
import { SuppliersRepository } from './suppliers.repository.js';

/**
 * inventory.dataExport.suppliers and inventory.dataExport.parts ("Download all my data", issue 23,
 * format 2): the caller's suppliers and parts by id, as their reads answer them.
 */
@Controller()
export class InventoryExportController {
  constructor(
    private readonly parts: PartsRepository,
    private readonly suppliers: SuppliersRepository,
  ) {}

  @MessagePattern(SUPPLIER_DATA_EXPORT)
  async supplierPage(@Caller() caller: Actor, @Payload() m: RpcMessage<ExportPageRequest>): Promise<ExportPage<Supplier>> {
    const { afterId, limit } = exportWindow(m.payload);
    const rows = await this.suppliers.after(caller.userId, afterId, limit);
    return exportPage(rows.map(toSupplier), rows.at(-1)?.id, limit);
  }

  @MessagePattern(PART_DATA_EXPORT)
  async partPage(@Caller() caller: Actor, @Payload() m: RpcMessage<ExportPageRequest>): Promise<ExportPage<Part>> {
    const { afterId, limit } = exportWindow(m.payload);
    const rows = await this.parts.after(caller.userId, afterId, limit);
    // A part's supplier is always its user's (suppliers.byIds relies on that too).
    const names = new Map((await this.suppliers.byIds([...new Set(rows.map((p) => p.supplierId))])).map((s) => [s.id, s.name]));
    return exportPage(
      rows.map((p) => toPart(p, names.get(p.supplierId) ?? '')),
      rows.at(-1)?.id,
      limit,
    );
  }
}
