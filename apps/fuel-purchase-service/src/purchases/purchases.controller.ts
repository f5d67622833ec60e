import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  PURCHASE_CREATE,
  INVENTORY_IMPORT_APPLY,
  INVENTORY_IMPORT_CHECK,
  INVENTORY_IMPORT_REVERT,
  type ImportApplyRequest,
  type ImportCheckRequest,
  type ImportRevertRequest,
  PURCHASE_DELETE,
  PURCHASE_GET,
  PURCHASE_RECENT,
  PURCHASE_RECENT_FOR_MACHINE,
  PURCHASE_UPDATE,
  type PurchaseCreateRequest,
  type PurchaseIdRequest,
  type PurchasePageRequest,
  type PurchasesForMachineRequest,
  type PurchaseUpdateRequest,
  type Actor,
  type RpcMessage,
  PurchaseInput,
  PurchasePageQuery,
} from '@wrenchlog/contracts';
import { Caller, ValidInput } from '@wrenchlog/platform';
import { PurchasesService } from './purchases.service.js';

@Controller()
export class PurchasesController {
  constructor(private readonly purchases: PurchasesService) {}

  @ValidInput(PurchasePageQuery)
  @MessagePattern(PURCHASE_RECENT)
  recent(@Caller('inventory.read') caller: Actor, @Payload() m: RpcMessage<PurchasePageRequest>) {
    return this.purchases.recent(caller, m.payload.page, m.payload.size);
  }

  @MessagePattern(PURCHASE_RECENT_FOR_MACHINE)
  recentForMachine(@Caller('inventory.read') caller: Actor, @Payload() m: RpcMessage<PurchasesForMachineRequest>) {
    return this.purchases.recentForMachine(caller, m.payload.machineId, m.payload);
  }

  @MessagePattern(PURCHASE_GET)
  get(@Caller('inventory.read') caller: Actor, @Payload() m: RpcMessage<PurchaseIdRequest>) {
    return this.purchases.get(caller, m.payload.id);
  }

  @ValidInput(PurchaseInput, { at: 'purchase' })
  @MessagePattern(PURCHASE_CREATE)
  create(@Caller('inventory.write') caller: Actor, @Payload() m: RpcMessage<PurchaseCreateRequest>) {
    return this.purchases.create(caller, m.payload.purchase, m.meta);
  }

  @ValidInput(PurchaseInput, { at: 'purchase' })
  @MessagePattern(PURCHASE_UPDATE)
  update(@Caller('inventory.write') caller: Actor, @Payload() m: RpcMessage<PurchaseUpdateRequest>) {
    return this.purchases.update(caller, m.payload.id, m.payload.purchase, m.meta);
  }

  @MessagePattern(PURCHASE_DELETE)
  remove(@Caller('inventory.write') caller: Actor, @Payload() m: RpcMessage<PurchaseIdRequest>) {
    return this.purchases.remove(caller, m.payload.id, m.meta);
  }

  @MessagePattern(INVENTORY_IMPORT_APPLY)
  importApply(@Caller('import.run') caller: Actor, @Payload() m: RpcMessage<ImportApplyRequest>) {
    return this.purchases.importApply(caller, m.payload, m.meta);
  }

  @MessagePattern(INVENTORY_IMPORT_CHECK)
  importCheck(@Caller('import.run') caller: Actor, @Payload() m: RpcMessage<ImportCheckRequest>) {
    return this.purchases.importCheck(caller, m.payload);
  }

  @MessagePattern(INVENTORY_IMPORT_REVERT)
  importRevert(@Caller('import.run') caller: Actor, @Payload() m: RpcMessage<ImportRevertRequest>) {
    return this.purchases.importRevert(caller, m.payload, m.meta);
  }
}
