import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  FUEL_RECORD_CREATE,
  FUEL_RECORD_DELETE,
  FUEL_RECORD_GET,
  FUEL_RECORD_LATEST,
  FUEL_RECORD_LIST_BY_MACHINE,
  FUEL_RECORD_UPDATE,
  FUEL_IMPORT_APPLY,
  FUEL_IMPORT_REVERT,
  type ImportApplyRequest,
  type ImportRevertRequest,
  type FuelRecordCreateRequest,
  type FuelRecordIdRequest,
  type FuelRecordsByMachineRequest,
  type FuelRecordUpdateRequest,
  type RpcMessage,
  FuelRecordInput,
} from '@wrenchlog/contracts';
import { ValidInput } from '@wrenchlog/platform';
import { FuelRecordsService } from './fuel-records.service.js';

@Controller()
export class FuelRecordsController {
  constructor(private readonly fuel: FuelRecordsService) {}

  @MessagePattern(FUEL_RECORD_LIST_BY_MACHINE)
  listByMachine(@Payload() m: RpcMessage<FuelRecordsByMachineRequest>) {
    return this.fuel.listByMachine(m.actor, m.payload.machineId, m.payload);
  }

  @MessagePattern(FUEL_RECORD_LATEST)
  latest(@Payload() m: RpcMessage<FuelRecordsByMachineRequest>) {
    return this.fuel.latest(m.actor, m.payload.machineId);
  }

  @MessagePattern(FUEL_RECORD_GET)
  get(@Payload() m: RpcMessage<FuelRecordIdRequest>) {
    return this.fuel.get(m.actor, m.payload.id);
  }

  @ValidInput(FuelRecordInput, { at: 'record' })
  @MessagePattern(FUEL_RECORD_CREATE)
  create(@Payload() m: RpcMessage<FuelRecordCreateRequest>) {
    return this.fuel.create(m.actor, m.payload.record, m.meta);
  }

  @ValidInput(FuelRecordInput, { at: 'record' })
  @MessagePattern(FUEL_RECORD_UPDATE)
  update(@Payload() m: RpcMessage<FuelRecordUpdateRequest>) {
    return this.fuel.update(m.actor, m.payload.id, m.payload.record, m.meta);
  }

  @MessagePattern(FUEL_RECORD_DELETE)
  remove(@Payload() m: RpcMessage<FuelRecordIdRequest>) {
    return this.fuel.remove(m.actor, m.payload.id, m.meta);
  }

  @MessagePattern(FUEL_IMPORT_APPLY)
  importApply(@Payload() m: RpcMessage<ImportApplyRequest>) {
    return this.fuel.importApply(m.actor, m.payload, m.meta);
  }

  @MessagePattern(FUEL_IMPORT_REVERT)
  importRevert(@Payload() m: RpcMessage<ImportRevertRequest>) {
    return this.fuel.importRevert(m.actor, m.payload, m.meta);
  }
}
