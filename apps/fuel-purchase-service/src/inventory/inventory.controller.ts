import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  INVENTORY_LOAD_SAMPLE,
  PART_CREATE,
  PART_DELETE,
  PART_GET,
  PART_LIST,
  PART_STATS,
  PART_UPDATE,
  SUPPLIER_ALL,
  SUPPLIER_CREATE,
  SUPPLIER_DELETE,
  SUPPLIER_GET,
  SUPPLIER_LIST,
  SUPPLIER_UPDATE,
  type InventorySampleRequest,
  type InventoryStatsRequest,
  type PartCreateRequest,
  type PartIdRequest,
  type PartListRequest,
  type PartUpdateRequest,
  type RpcMessage,
  type SupplierAllRequest,
  type SupplierCreateRequest,
  type SupplierIdRequest,
  type SupplierListRequest,
  type SupplierUpdateRequest,
  PartInput,
  PartListQuery,
  SupplierInput,
  SupplierListQuery,
} from '@wrenchlog/contracts';
import { ValidInput } from '@wrenchlog/platform';
import { InventoryService } from './inventory.service.js';

@Controller()
export class InventoryController {
  constructor(private readonly inventory: InventoryService) {}

  @ValidInput(PartListQuery)
  @MessagePattern(PART_LIST)
  listParts(@Payload() m: RpcMessage<PartListRequest>) {
    return this.inventory.listParts(m.actor, m.payload);
  }

  @MessagePattern(PART_GET)
  getPart(@Payload() m: RpcMessage<PartIdRequest>) {
    return this.inventory.getPart(m.actor, m.payload.id);
  }

  @ValidInput(PartInput, { at: 'part' })
  @MessagePattern(PART_CREATE)
  createPart(@Payload() m: RpcMessage<PartCreateRequest>) {
    return this.inventory.createPart(m.actor, m.payload.part, m.meta);
  }

  @ValidInput(PartInput, { at: 'part' })
  @MessagePattern(PART_UPDATE)
  updatePart(@Payload() m: RpcMessage<PartUpdateRequest>) {
    return this.inventory.updatePart(m.actor, m.payload.id, m.payload.part);
  }

  @MessagePattern(PART_DELETE)
  deletePart(@Payload() m: RpcMessage<PartIdRequest>) {
    return this.inventory.deletePart(m.actor, m.payload.id);
  }

  @MessagePattern(PART_STATS)
  stats(@Payload() m: RpcMessage<InventoryStatsRequest>) {
    return this.inventory.stats(m.actor);
  }

  @MessagePattern(INVENTORY_LOAD_SAMPLE)
  loadSample(@Payload() m: RpcMessage<InventorySampleRequest>) {
    return this.inventory.loadSample(m.actor);
  }

  @ValidInput(SupplierListQuery)
  @MessagePattern(SUPPLIER_LIST)
  listSuppliers(@Payload() m: RpcMessage<SupplierListRequest>) {
    return this.inventory.listSuppliers(m.actor, m.payload);
  }

  @MessagePattern(SUPPLIER_ALL)
  allSuppliers(@Payload() m: RpcMessage<SupplierAllRequest>) {
    return this.inventory.allSuppliers(m.actor);
  }

  @MessagePattern(SUPPLIER_GET)
  getSupplier(@Payload() m: RpcMessage<SupplierIdRequest>) {
    return this.inventory.getSupplier(m.actor, m.payload.id);
  }

  @ValidInput(SupplierInput, { at: 'supplier' })
  @MessagePattern(SUPPLIER_CREATE)
  createSupplier(@Payload() m: RpcMessage<SupplierCreateRequest>) {
    return this.inventory.createSupplier(m.actor, m.payload.supplier, m.meta);
  }

  @ValidInput(SupplierInput, { at: 'supplier' })
  @MessagePattern(SUPPLIER_UPDATE)
  updateSupplier(@Payload() m: RpcMessage<SupplierUpdateRequest>) {
    return this.inventory.updateSupplier(m.actor, m.payload.id, m.payload.supplier);
  }

  @MessagePattern(SUPPLIER_DELETE)
  deleteSupplier(@Payload() m: RpcMessage<SupplierIdRequest>) {
    return this.inventory.deleteSupplier(m.actor, m.payload.id);
  }
}
