import { Controller } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import {
  FUEL_MACHINE_HISTORY_COUNT,
  MACHINE_DELETED,
  MACHINE_SAVED,
  type FuelMachineHistoryCountRequest,
  type MachineDeletedEvent,
  type MachineSavedEvent,
  type Actor,
  type RpcMessage,
} from '@wrenchlog/contracts';
import { Caller } from '@wrenchlog/platform';
import { MachineDeletedService } from './machine-deleted.service.js';
import { MachineHistoryService } from './machine-history.service.js';
import { MachineProjection } from './machine-projection.js';

@Controller()
export class MachineEventsController {
  constructor(
    private readonly machines: MachineDeletedService,
    private readonly history: MachineHistoryService,
    private readonly projection: MachineProjection,
  ) {}

  @MessagePattern(FUEL_MACHINE_HISTORY_COUNT)
  historyCount(@Caller('fuel.read') caller: Actor, @Payload() m: RpcMessage<FuelMachineHistoryCountRequest>) {
    return this.history.count(caller, m.payload.machineId);
  }

  @EventPattern(MACHINE_SAVED)
  async machineSaved(@Payload() m: RpcMessage<MachineSavedEvent>): Promise<void> {
    await this.projection.onSaved(m?.payload);
  }

  @EventPattern(MACHINE_DELETED)
  async machineDeleted(@Payload() m: RpcMessage<MachineDeletedEvent>): Promise<void> {
    await this.machines.machineDeleted(m.payload);
  }
}
