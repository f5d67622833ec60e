import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import {
  exportPage,
  exportWindow,
  PART_DATA_EXPORT,
  SUPPLIER_DATA_EXPORT,
  type ExportPage,
  type ExportPageRequest,
  type Part,
  type RpcMessage,
  type Supplier,
} from '@wrenchlog/contracts';
import { requireActor } from '@wrenchlog/platform';
import { In, MoreThan, Repository } from 'typeorm';
import { toPart, toSupplier } from './inventory.service.js';
import { PartEntity } from './part.entity.js';
import { SupplierEntity } from './supplier.entity.js';

/**
 * inventory.dataExport.suppliers and inventory.dataExport.parts ("Download all my data", issue 23,
 * format 2): the caller's suppliers and parts by id, as their reads answer them.
 */
@Controller()
export class InventoryExportController {
  constructor(
    @InjectRepository(PartEntity) private readonly parts: Repository<PartEntity>,
    @InjectRepository(SupplierEntity) private readonly suppliers: Repository<SupplierEntity>,
  ) {}

  @MessagePattern(SUPPLIER_DATA_EXPORT)
  async supplierPage(@Payload() m: RpcMessage<ExportPageRequest>): Promise<ExportPage<Supplier>> {
    const { userId } = requireActor(m.actor);
    const { afterId, limit } = exportWindow(m.payload);
    const rows = await this.suppliers.find({ where: { userId, id: MoreThan(afterId) }, order: { id: 'ASC' }, take: limit });
    return exportPage(rows.map(toSupplier), rows.at(-1)?.id, limit);
  }

  @MessagePattern(PART_DATA_EXPORT)
  async partPage(@Payload() m: RpcMessage<ExportPageRequest>): Promise<ExportPage<Part>> {
    const { userId } = requireActor(m.actor);
    const { afterId, limit } = exportWindow(m.payload);
    const rows = await this.parts.find({ where: { userId, id: MoreThan(afterId) }, order: { id: 'ASC' }, take: limit });
    const supplierIds = [...new Set(rows.map((p) => p.supplierId))];
    const names = new Map(
      (supplierIds.length === 0 ? [] : await this.suppliers.find({ select: { id: true, name: true }, where: { userId, id: In(supplierIds) } })).map((s) => [
        s.id,
        s.name,
      ]),
    );
    return exportPage(
      rows.map((p) => toPart(p, names.get(p.supplierId) ?? '')),
      rows.at(-1)?.id,
      limit,
    );
  }
}
