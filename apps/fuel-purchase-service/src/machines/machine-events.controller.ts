import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { MACHINE_DELETED, type MachineDeletedEvent, type RpcMessage } from '@wrenchlog/contracts';
import { MachineDeletedService } from './machine-deleted.service.js';

@Controller()
export class MachineEventsController {
  constructor(private readonly machines: MachineDeletedService) {}

  @EventPattern(MACHINE_DELETED)
  async machineDeleted(@Payload() m: RpcMessage<MachineDeletedEvent>): Promise<void> {
    await this.machines.machineDeleted(m.payload);
  }
}
