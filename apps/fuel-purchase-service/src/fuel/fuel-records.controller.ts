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
  FUEL_IMPORT_CHECK,
  FUEL_IMPORT_REVERT,
  type ImportApplyRequest,
  type ImportCheckRequest,
  type ImportRevertRequest,
  type FuelRecordCreateRequest,
  type FuelRecordIdRequest,
  type FuelRecordsByMachineRequest,
  type FuelRecordUpdateRequest,
  type Actor,
  type RpcMessage,
  FuelRecordInput,
} from '@wrenchlog/contracts';
import { Caller, ValidInput } from '@wrenchlog/platform';
import { MoneylessFuelRecordInput } from './moneyless-fuel-input.js';
import { FuelRecordsService } from './fuel-records.service.js';

@Controller()
export class FuelRecordsController {
  constructor(private readonly fuel: FuelRecordsService) {}

  @MessagePattern(FUEL_RECORD_LIST_BY_MACHINE)
  listByMachine(@Caller('fuel.read') caller: Actor, @Payload() m: RpcMessage<FuelRecordsByMachineRequest>) {
    return this.fuel.listByMachine(caller, m.payload.machineId, m.payload);
  }

  @MessagePattern(FUEL_RECORD_LATEST)
  latest(@Caller('fuel.read') caller: Actor, @Payload() m: RpcMessage<FuelRecordsByMachineRequest>) {
    return this.fuel.latest(caller, m.payload.machineId);
  }

  @MessagePattern(FUEL_RECORD_GET)
  get(@Caller('fuel.read') caller: Actor, @Payload() m: RpcMessage<FuelRecordIdRequest>) {
    return this.fuel.get(caller, m.payload.id);
  }

  @ValidInput(FuelRecordInput, { at: 'record' })
  @MessagePattern(FUEL_RECORD_CREATE)
  create(@Caller('fuel.write') caller: Actor, @Payload() m: RpcMessage<FuelRecordCreateRequest>) {
    return this.fuel.create(caller, m.payload.record, m.meta);
  }

  @ValidInput(FuelRecordInput, { at: 'record', withoutMoney: MoneylessFuelRecordInput })
  @MessagePattern(FUEL_RECORD_UPDATE)
  update(@Caller('fuel.write') caller: Actor, @Payload() m: RpcMessage<FuelRecordUpdateRequest>) {
    return this.fuel.update(caller, m.payload.id, m.payload.record, m.meta);
  }

  @MessagePattern(FUEL_RECORD_DELETE)
  remove(@Caller('fuel.write') caller: Actor, @Payload() m: RpcMessage<FuelRecordIdRequest>) {
    return this.fuel.remove(caller, m.payload.id, m.meta);
  }

  @MessagePattern(FUEL_IMPORT_APPLY)
  importApply(@Caller('import.run') caller: Actor, @Payload() m: RpcMessage<ImportApplyRequest>) {
    return this.fuel.importApply(caller, m.payload, m.meta);
  }

  @MessagePattern(FUEL_IMPORT_CHECK)
  importCheck(@Caller('import.run') caller: Actor, @Payload() m: RpcMessage<ImportCheckRequest>) {
    return this.fuel.importCheck(caller, m.payload);
  }

  @MessagePattern(FUEL_IMPORT_REVERT)
  importRevert(@Caller('import.run') caller: Actor, @Payload() m: RpcMessage<ImportRevertRequest>) {
    return this.fuel.importRevert(caller, m.payload, m.meta);
  }
}
