import { Controller } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import {
  MACHINE_DELETED,
  MACHINE_SAVED,
  SERVICE_MACHINE_HISTORY_COUNT,
  type Actor,
  type MachineDeletedEvent,
  type MachineSavedEvent,
  type RpcMessage,
  type ServiceMachineHistoryCountRequest,
} from '@wrenchlog/contracts';
import { Caller } from '@wrenchlog/platform';
import { MachineHistoryService } from './machine-history.service.js';
import { MachinesService } from './machines.service.js';

@Controller()
export class MachinesController {
  constructor(
    private readonly machines: MachinesService,
    private readonly history: MachineHistoryService,
  ) {}

  @MessagePattern(SERVICE_MACHINE_HISTORY_COUNT)
  historyCount(@Caller('record.read') caller: Actor, @Payload() m: RpcMessage<ServiceMachineHistoryCountRequest>) {
    return this.history.count(caller, m.payload.machineId);
  }

  @EventPattern(MACHINE_SAVED)
  saved(@Payload() m: RpcMessage<MachineSavedEvent>) {
    return this.machines.onSaved(m);
  }

  @EventPattern(MACHINE_DELETED)
  deleted(@Payload() m: RpcMessage<MachineDeletedEvent>) {
    return this.machines.onDeleted(m);
  }
}
