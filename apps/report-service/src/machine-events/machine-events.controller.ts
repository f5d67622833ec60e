import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { MACHINE_DELETED, MACHINE_SAVED, type MachineDeletedEvent, type MachineSavedEvent, type RpcMessage } from '@wrenchlog/contracts';
import { ReadModelVersions } from '../versions/read-model-versions.js';
import { MachineEventsService } from './machine-events.service.js';

// Each event raises its account's read-model version once applied, which retires its cached reports.
@Controller()
export class MachineEventsController {
  constructor(
    private readonly machines: MachineEventsService,
    private readonly versions: ReadModelVersions,
  ) {}

  @EventPattern(MACHINE_SAVED)
  saved(@Payload() m: RpcMessage<MachineSavedEvent>) {
    return this.versions.after(m, () => this.machines.onSaved(m));
  }

  @EventPattern(MACHINE_DELETED)
  deleted(@Payload() m: RpcMessage<MachineDeletedEvent>) {
    return this.versions.after(m, () => this.machines.onDeleted(m));
  }
}
