import { Controller } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import {
  METERS_CHANGED,
  MACHINE_OUT_OF_SERVICE,
  type MachineOutOfServiceEvent,
  MACHINE_CREATE,
  MACHINE_DELETE,
  MACHINE_GET,
  MACHINE_IMPORT_APPLY,
  MACHINE_IMPORT_CREATE_MACHINES,
  MACHINE_IMPORT_REVERT,
  MACHINE_LIST,
  MACHINE_RECENT,
  MACHINE_RESOLVE,
  type MachineResolveRequest,
  MACHINE_UPDATE,
  SERVICE_RECORD_CHANGED,
  type Actor,
  CreateMachineRequest,
  type ImportApplyRequest,
  type ImportCreateMachinesRequest,
  type MachineIdRequest,
  type MachineImportRevertRequest,
  type MachineListRequest,
  type MetersChangedEvent,
  type RpcMessage,
  type ServiceRecordChangedEvent,
  UpdateMachineRequest,
} from '@wrenchlog/contracts';
import { Caller, ValidInput } from '@wrenchlog/platform';
import { callContext } from '../common/call-context.js';
import { MachinesService } from './machines.service.js';
import { OutOfService } from './out-of-service.js';

// Rights (issue 32): reads 'machine.read', create and update 'machine.write', delete
// 'machine.delete', import-service's calls 'import.run'. Which machines a mechanic or operator sees
// is MachineAccess's, in the service.
@Controller()
export class MachinesController {
  constructor(
    private readonly machines: MachinesService,
    private readonly outOfService: OutOfService,
  ) {}

  @MessagePattern(MACHINE_LIST)
  list(@Caller('machine.read') caller: Actor, @Payload() m: RpcMessage<MachineListRequest>) {
    return this.machines.list(caller, m.payload);
  }

  @MessagePattern(MACHINE_RECENT)
  recent(@Caller('machine.read') caller: Actor) {
    return this.machines.recentlyServiced(caller);
  }

  @MessagePattern(MACHINE_GET)
  get(@Caller('machine.read') caller: Actor, @Payload() m: RpcMessage<MachineIdRequest>) {
    return this.machines.get(caller, m.payload?.id);
  }

  @MessagePattern(MACHINE_RESOLVE)
  resolve(@Caller('machine.read') caller: Actor, @Payload() m: RpcMessage<MachineResolveRequest>) {
    return this.machines.resolve(caller, m.payload);
  }

  @MessagePattern(MACHINE_IMPORT_CREATE_MACHINES)
  importCreateMachines(@Caller('import.run') caller: Actor, @Payload() m: RpcMessage<ImportCreateMachinesRequest>) {
    return this.machines.importCreateMachines(caller, m.payload, callContext(caller, m));
  }

  @MessagePattern(MACHINE_IMPORT_APPLY)
  importApply(@Caller('import.run') caller: Actor, @Payload() m: RpcMessage<ImportApplyRequest>) {
    return this.machines.importApply(caller, m.payload, callContext(caller, m));
  }

  @MessagePattern(MACHINE_IMPORT_REVERT)
  importRevert(@Caller('import.run') caller: Actor, @Payload() m: RpcMessage<MachineImportRevertRequest>) {
    return this.machines.importRevert(caller, m.payload, callContext(caller, m));
  }

  @ValidInput(CreateMachineRequest)
  @MessagePattern(MACHINE_CREATE)
  create(@Caller('machine.write') caller: Actor, @Payload() m: RpcMessage<CreateMachineRequest>) {
    return this.machines.create(caller, m.payload, callContext(caller, m));
  }

  @ValidInput(UpdateMachineRequest)
  @MessagePattern(MACHINE_UPDATE)
  update(@Caller('machine.write') caller: Actor, @Payload() m: RpcMessage<UpdateMachineRequest>) {
    return this.machines.update(caller, m.payload, callContext(caller, m));
  }

  @MessagePattern(MACHINE_DELETE)
  delete(@Caller('machine.delete') caller: Actor, @Payload() m: RpcMessage<MachineIdRequest>) {
    return this.machines.delete(caller, m.payload?.id, callContext(caller, m));
  }

  @EventPattern(SERVICE_RECORD_CHANGED)
  onServiceRecordChanged(@Payload() m: RpcMessage<ServiceRecordChangedEvent>) {
    return this.machines.onServiceRecordChanged(m.payload);
  }

  @EventPattern(METERS_CHANGED)
  onMetersChanged(@Payload() m: RpcMessage<MetersChangedEvent>) {
    return this.machines.onMetersChanged(m.payload);
  }

  @EventPattern(MACHINE_OUT_OF_SERVICE)
  onOutOfService(@Payload() m: RpcMessage<MachineOutOfServiceEvent>) {
    return this.outOfService.apply(m?.payload);
  }
}
