import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  PURCHASE_CREATE,
  INVENTORY_IMPORT_APPLY,
  INVENTORY_IMPORT_REVERT,
  type ImportApplyRequest,
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
  type RpcMessage,
  PurchaseInput,
  PurchasePageQuery,
} from '@wrenchlog/contracts';
import { ValidInput } from '@wrenchlog/platform';
import { PurchasesService } from './purchases.service.js';

@Controller()
export class PurchasesController {
  constructor(private readonly purchases: PurchasesService) {}

  @ValidInput(PurchasePageQuery)
  @MessagePattern(PURCHASE_RECENT)
  recent(@Payload() m: RpcMessage<PurchasePageRequest>) {
    return this.purchases.recent(m.actor, m.payload.page, m.payload.size);
  }

  @MessagePattern(PURCHASE_RECENT_FOR_MACHINE)
  recentForMachine(@Payload() m: RpcMessage<PurchasesForMachineRequest>) {
    return this.purchases.recentForMachine(m.actor, m.payload.machineId, m.payload);
  }

  @MessagePattern(PURCHASE_GET)
  get(@Payload() m: RpcMessage<PurchaseIdRequest>) {
    return this.purchases.get(m.actor, m.payload.id);
  }

  @ValidInput(PurchaseInput, { at: 'purchase' })
  @MessagePattern(PURCHASE_CREATE)
  create(@Payload() m: RpcMessage<PurchaseCreateRequest>) {
    return this.purchases.create(m.actor, m.payload.purchase, m.meta);
  }

  @ValidInput(PurchaseInput, { at: 'purchase' })
  @MessagePattern(PURCHASE_UPDATE)
  update(@Payload() m: RpcMessage<PurchaseUpdateRequest>) {
    return this.purchases.update(m.actor, m.payload.id, m.payload.purchase, m.meta);
  }

  @MessagePattern(PURCHASE_DELETE)
  remove(@Payload() m: RpcMessage<PurchaseIdRequest>) {
    return this.purchases.remove(m.actor, m.payload.id, m.meta);
  }

  @MessagePattern(INVENTORY_IMPORT_APPLY)
  importApply(@Payload() m: RpcMessage<ImportApplyRequest>) {
    return this.purchases.importApply(m.actor, m.payload, m.meta);
  }

  @MessagePattern(INVENTORY_IMPORT_REVERT)
  importRevert(@Payload() m: RpcMessage<ImportRevertRequest>) {
    return this.purchases.importRevert(m.actor, m.payload, m.meta);
  }
}
