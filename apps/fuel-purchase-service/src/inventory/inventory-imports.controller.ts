import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  INVENTORY_IMPORT_APPLY_PARTS,
  INVENTORY_IMPORT_APPLY_SUPPLIERS,
  INVENTORY_IMPORT_REVERT_STOCK,
  type Actor,
  type ImportApplyRequest,
  type ImportRevertRequest,
  type RpcMessage,
} from '@wrenchlog/contracts';
import { Caller } from '@wrenchlog/platform';
import { InventoryImportsService } from './inventory-imports.service.js';

/** The import job's calls for a restore's suppliers and parts (issue 23). */
@Controller()
export class InventoryImportsController {
  constructor(private readonly imports: InventoryImportsService) {}

  @MessagePattern(INVENTORY_IMPORT_APPLY_SUPPLIERS)
  applySuppliers(@Caller('import.run') caller: Actor, @Payload() m: RpcMessage<ImportApplyRequest>) {
    return this.imports.applySuppliers(caller, m.payload);
  }

  @MessagePattern(INVENTORY_IMPORT_APPLY_PARTS)
  applyParts(@Caller('import.run') caller: Actor, @Payload() m: RpcMessage<ImportApplyRequest>) {
    return this.imports.applyParts(caller, m.payload);
  }

  @MessagePattern(INVENTORY_IMPORT_REVERT_STOCK)
  revertStock(@Caller('import.run') caller: Actor, @Payload() m: RpcMessage<ImportRevertRequest>) {
    return this.imports.revertStock(caller, m.payload);
  }
}
