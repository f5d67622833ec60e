import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { MACHINE_DELETED, MACHINE_SAVED, type MachineDeletedEvent, type MachineSavedEvent, type RpcMessage } from '@wrenchlog/contracts';
import { MachineEventsService } from './machine-events.service.js';

@Controller()
export class MachineEventsController {
  constructor(private readonly machines: MachineEventsService) {}

  @EventPattern(MACHINE_SAVED)
  saved(@Payload() m: RpcMessage<MachineSavedEvent>) {
    return this.machines.onSaved(m);
  }

  @EventPattern(MACHINE_DELETED)
  deleted(@Payload() m: RpcMessage<MachineDeletedEvent>) {
    return this.machines.onDeleted(m);
  }
}
