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
  type PartCreateRequest,
  type PartIdRequest,
  type PartListRequest,
  type PartUpdateRequest,
  type Actor,
  type RpcMessage,
  type SupplierCreateRequest,
  type SupplierIdRequest,
  type SupplierListRequest,
  type SupplierUpdateRequest,
  PartInput,
  PartListQuery,
  SupplierInput,
  SupplierListQuery,
} from '@wrenchlog/contracts';
import { Caller, ValidInput } from '@wrenchlog/platform';
import { InventoryService } from './inventory.service.js';

@Controller()
export class InventoryController {
  constructor(private readonly inventory: InventoryService) {}

  @ValidInput(PartListQuery)
  @MessagePattern(PART_LIST)
  listParts(@Caller('inventory.read') caller: Actor, @Payload() m: RpcMessage<PartListRequest>) {
    return this.inventory.listParts(caller, m.payload);
  }

  @MessagePattern(PART_GET)
  getPart(@Caller('inventory.read') caller: Actor, @Payload() m: RpcMessage<PartIdRequest>) {
    return this.inventory.getPart(caller, m.payload.id);
  }

  @ValidInput(PartInput, { at: 'part' })
  @MessagePattern(PART_CREATE)
  createPart(@Caller('inventory.write') caller: Actor, @Payload() m: RpcMessage<PartCreateRequest>) {
    return this.inventory.createPart(caller, m.payload.part, m.meta);
  }

  @ValidInput(PartInput, { at: 'part' })
  @MessagePattern(PART_UPDATE)
  updatePart(@Caller('inventory.write') caller: Actor, @Payload() m: RpcMessage<PartUpdateRequest>) {
    return this.inventory.updatePart(caller, m.payload.id, m.payload.part);
  }

  @MessagePattern(PART_DELETE)
  deletePart(@Caller('inventory.write') caller: Actor, @Payload() m: RpcMessage<PartIdRequest>) {
    return this.inventory.deletePart(caller, m.payload.id);
  }

  @MessagePattern(PART_STATS)
  stats(@Caller('inventory.read') caller: Actor) {
    return this.inventory.stats(caller);
  }

  @MessagePattern(INVENTORY_LOAD_SAMPLE)
  loadSample(@Caller('inventory.write') caller: Actor) {
    return this.inventory.loadSample(caller);
  }

  @ValidInput(SupplierListQuery)
  @MessagePattern(SUPPLIER_LIST)
  listSuppliers(@Caller('inventory.read') caller: Actor, @Payload() m: RpcMessage<SupplierListRequest>) {
    return this.inventory.listSuppliers(caller, m.payload);
  }

  @MessagePattern(SUPPLIER_ALL)
  allSuppliers(@Caller('inventory.read') caller: Actor) {
    return this.inventory.allSuppliers(caller);
  }

  @MessagePattern(SUPPLIER_GET)
  getSupplier(@Caller('inventory.read') caller: Actor, @Payload() m: RpcMessage<SupplierIdRequest>) {
    return this.inventory.getSupplier(caller, m.payload.id);
  }

  @ValidInput(SupplierInput, { at: 'supplier' })
  @MessagePattern(SUPPLIER_CREATE)
  createSupplier(@Caller('inventory.write') caller: Actor, @Payload() m: RpcMessage<SupplierCreateRequest>) {
    return this.inventory.createSupplier(caller, m.payload.supplier, m.meta);
  }

  @ValidInput(SupplierInput, { at: 'supplier' })
  @MessagePattern(SUPPLIER_UPDATE)
  updateSupplier(@Caller('inventory.write') caller: Actor, @Payload() m: RpcMessage<SupplierUpdateRequest>) {
    return this.inventory.updateSupplier(caller, m.payload.id, m.payload.supplier);
  }

  @MessagePattern(SUPPLIER_DELETE)
  deleteSupplier(@Caller('inventory.write') caller: Actor, @Payload() m: RpcMessage<SupplierIdRequest>) {
    return this.inventory.deleteSupplier(caller, m.payload.id);
  }
}
