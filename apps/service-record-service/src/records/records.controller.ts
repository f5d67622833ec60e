import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  SERVICE_RECORD_BY_MACHINE,
  SERVICE_IMPORT_APPLY,
  SERVICE_IMPORT_REVERT,
  type ImportApplyRequest,
  type ImportRevertRequest,
  SERVICE_RECORD_CREATE,
  SERVICE_RECORD_DELETE,
  SERVICE_RECORD_GET,
  SERVICE_RECORD_RECENT,
  SERVICE_RECORD_UPDATE,
  RecentServicesQuery,
  type RpcMessage,
  type ServiceRecordIdRequest,
  ServiceRecordInput,
  ServiceRecordMessages,
  type ServiceRecordsByMachineRequest,
  UpdateServiceRecordInput,
  type UpdateServiceRecordRequest,
} from '@wrenchlog/contracts';
import { ValidInput } from '@wrenchlog/platform';
import { RecordsService } from './records.service.js';

@Controller()
export class RecordsController {
  constructor(private readonly records: RecordsService) {}

  @ValidInput(ServiceRecordInput, { notAnObject: ServiceRecordMessages.invalid })
  @MessagePattern(SERVICE_RECORD_CREATE)
  create(@Payload() m: RpcMessage<ServiceRecordInput>) {
    return this.records.create(m.actor, m.payload, m.meta);
  }

  @MessagePattern(SERVICE_RECORD_GET)
  get(@Payload() m: RpcMessage<ServiceRecordIdRequest>) {
    return this.records.get(m.actor, m.payload?.id);
  }

  @ValidInput(UpdateServiceRecordInput, { at: 'record', notAnObject: ServiceRecordMessages.invalidUpdate })
  @MessagePattern(SERVICE_RECORD_UPDATE)
  update(@Payload() m: RpcMessage<UpdateServiceRecordRequest>) {
    return this.records.update(m.actor, m.payload, m.meta);
  }

  @MessagePattern(SERVICE_RECORD_DELETE)
  delete(@Payload() m: RpcMessage<ServiceRecordIdRequest>) {
    return this.records.delete(m.actor, m.payload?.id, m.meta);
  }

  @MessagePattern(SERVICE_RECORD_BY_MACHINE)
  byMachine(@Payload() m: RpcMessage<ServiceRecordsByMachineRequest>) {
    return this.records.byMachine(m.actor, m.payload?.machineId, m.payload ?? {});
  }

  @ValidInput(RecentServicesQuery)
  @MessagePattern(SERVICE_RECORD_RECENT)
  recent(@Payload() m: RpcMessage<RecentServicesQuery>) {
    return this.records.recent(m.actor, m.payload);
  }

  @MessagePattern(SERVICE_IMPORT_APPLY)
  importApply(@Payload() m: RpcMessage<ImportApplyRequest>) {
    return this.records.importApply(m.actor, m.payload, m.meta);
  }

  @MessagePattern(SERVICE_IMPORT_REVERT)
  importRevert(@Payload() m: RpcMessage<ImportRevertRequest>) {
    return this.records.importRevert(m.actor, m.payload, m.meta);
  }
}
