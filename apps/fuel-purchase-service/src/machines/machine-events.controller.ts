import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { MACHINE_DELETED, MACHINE_SAVED, type MachineDeletedEvent, type MachineSavedEvent, type RpcMessage } from '@wrenchlog/contracts';
import { MachineDeletedService } from './machine-deleted.service.js';
import { MachineProjection } from './machine-projection.js';

@Controller()
export class MachineEventsController {
  constructor(
    private readonly machines: MachineDeletedService,
    private readonly projection: MachineProjection,
  ) {}

  @EventPattern(MACHINE_SAVED)
  async machineSaved(@Payload() m: RpcMessage<MachineSavedEvent>): Promise<void> {
    await this.projection.onSaved(m?.payload);
  }

  @EventPattern(MACHINE_DELETED)
  async machineDeleted(@Payload() m: RpcMessage<MachineDeletedEvent>): Promise<void> {
    await this.machines.machineDeleted(m.payload);
  }
}
