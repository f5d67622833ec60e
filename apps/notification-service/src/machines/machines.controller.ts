import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { MACHINE_DELETED, MACHINE_SAVED, type MachineDeletedEvent, type MachineSavedEvent, type RpcMessage } from '@wrenchlog/contracts';
import { MachinesService } from './machines.service.js';

@Controller()
export class MachinesController {
  constructor(private readonly machines: MachinesService) {}

  @EventPattern(MACHINE_SAVED)
  saved(@Payload() m: RpcMessage<MachineSavedEvent>) {
    return this.machines.onSaved(m);
  }

  @EventPattern(MACHINE_DELETED)
  deleted(@Payload() m: RpcMessage<MachineDeletedEvent>) {
    return this.machines.onDeleted(m);
  }
}
