import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  PART_LEDGER,
  PART_REORDER,
  PART_TO_REORDER,
  ReorderInput,
  type Actor,
  type PartLedgerRequest,
  type ReorderRequest,
  type RpcMessage,
} from '@wrenchlog/contracts';
import { Caller, requireId, ValidInput } from '@wrenchlog/platform';
import { ReorderService } from './reorder.service.js';

/** To reorder, the drafts and a part's ledger (issue 35's parts loop). */
@Controller()
export class ReorderController {
  constructor(private readonly reorder: ReorderService) {}

  @MessagePattern(PART_TO_REORDER)
  list(@Caller('inventory.read') caller: Actor) {
    return this.reorder.toReorder(caller);
  }

  @ValidInput(ReorderInput)
  @MessagePattern(PART_REORDER)
  draft(@Caller('inventory.write') caller: Actor, @Payload() m: RpcMessage<ReorderRequest>) {
    return this.reorder.reorder(caller, m.payload, m.meta);
  }

  @MessagePattern(PART_LEDGER)
  ledger(@Caller('inventory.read') caller: Actor, @Payload() m: RpcMessage<PartLedgerRequest>) {
    return this.reorder.ledger(caller, requireId(m.payload?.id, 'Part id is not valid'));
  }
}
