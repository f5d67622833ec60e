import { Controller } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import { FUEL_MACHINE_HISTORY_COUNT, MACHINE_DELETED, type FuelMachineHistoryCountRequest, type MachineDeletedEvent, type RpcMessage } from '@wrenchlog/contracts';
import { MachineDeletedService } from './machine-deleted.service.js';
import { MachineHistoryService } from './machine-history.service.js';

@Controller()
export class MachineEventsController {
  constructor(
    private readonly machines: MachineDeletedService,
    private readonly history: MachineHistoryService,
  ) {}

  @MessagePattern(FUEL_MACHINE_HISTORY_COUNT)
  historyCount(@Payload() m: RpcMessage<FuelMachineHistoryCountRequest>) {
    return this.history.count(m.actor, m.payload.machineId);
  }

  @EventPattern(MACHINE_DELETED)
  async machineDeleted(@Payload() m: RpcMessage<MachineDeletedEvent>): Promise<void> {
    await this.machines.machineDeleted(m.payload);
  }
}
