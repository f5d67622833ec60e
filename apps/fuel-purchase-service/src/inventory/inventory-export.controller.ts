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
import { AccountAccess } from '../common/access.js';
import { InventoryService, toPart, toSupplier } from './inventory.service.js';
import { PartsRepository } from './parts.repository.js';
import { SuppliersRepository } from './suppliers.repository.js';

/**
 * inventory.dataExport.suppliers and inventory.dataExport.parts ("Download all my data", issue 23,
 * format 2): the account's suppliers and parts by id, as their reads answer them.
 */
@Controller()
export class InventoryExportController {
  constructor(
    private readonly parts: PartsRepository,
    private readonly suppliers: SuppliersRepository,
    private readonly inventory: InventoryService,
    private readonly access: AccountAccess,
  ) {}

  @MessagePattern(SUPPLIER_DATA_EXPORT)
  async supplierPage(@Caller('export.run') caller: Actor, @Payload() m: RpcMessage<ExportPageRequest>): Promise<ExportPage<Supplier>> {
    const { afterId, limit } = exportWindow(m.payload);
    const rows = await this.suppliers.after(caller.accountId, afterId, limit);
    return exportPage(await this.access.answer(caller.accountId, rows, toSupplier), rows.at(-1)?.id, limit);
  }

  @MessagePattern(PART_DATA_EXPORT)
  async partPage(@Caller('export.run') caller: Actor, @Payload() m: RpcMessage<ExportPageRequest>): Promise<ExportPage<Part>> {
    const { afterId, limit } = exportWindow(m.payload);
    const rows = await this.parts.after(caller.accountId, afterId, limit);
    const names = await this.inventory.supplierNames(rows);
    return exportPage(await this.access.answer(caller.accountId, rows, (p) => toPart(p, names.get(p.supplierId) ?? '')), rows.at(-1)?.id, limit);
  }
}
