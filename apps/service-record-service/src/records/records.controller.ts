import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  SERVICE_IMPORT_APPLY,
  SERVICE_IMPORT_CHECK,
  SERVICE_IMPORT_REVERT,
  SERVICE_RECORD_BY_MACHINE,
  SERVICE_RECORD_CREATE,
  SERVICE_RECORD_DELETE,
  SERVICE_RECORD_GET,
  SERVICE_RECORD_RECENT,
  SERVICE_RECORD_UPDATE,
  type Actor,
  type ImportApplyRequest,
  type ImportCheckRequest,
  type ImportRevertRequest,
  RecentServicesQuery,
  type RpcMessage,
  type ServiceRecordIdRequest,
  ServiceRecordInput,
  ServiceRecordMessages,
  type ServiceRecordsByMachineRequest,
  UpdateServiceRecordInput,
  type UpdateServiceRecordRequest,
} from '@wrenchlog/contracts';
import { Caller, ValidInput } from '@wrenchlog/platform';
import { RecordsImportService } from './records-import.service.js';
import { RecordsService } from './records.service.js';

/** Service records (record.read / record.write) and an import's records (import.run: import-service's job). */
@Controller()
export class RecordsController {
  constructor(
    private readonly records: RecordsService,
    private readonly imports: RecordsImportService,
  ) {}

  @ValidInput(ServiceRecordInput, { notAnObject: ServiceRecordMessages.invalid })
  @MessagePattern(SERVICE_RECORD_CREATE)
  create(@Caller('record.write') caller: Actor, @Payload() m: RpcMessage<ServiceRecordInput>) {
    return this.records.create(caller, m.payload, m.meta);
  }

  @MessagePattern(SERVICE_RECORD_GET)
  get(@Caller('record.read') caller: Actor, @Payload() m: RpcMessage<ServiceRecordIdRequest>) {
    return this.records.get(caller, m.payload?.id);
  }

  @ValidInput(UpdateServiceRecordInput, { at: 'record', notAnObject: ServiceRecordMessages.invalidUpdate })
  @MessagePattern(SERVICE_RECORD_UPDATE)
  update(@Caller('record.write') caller: Actor, @Payload() m: RpcMessage<UpdateServiceRecordRequest>) {
    return this.records.update(caller, m.payload, m.meta);
  }

  @MessagePattern(SERVICE_RECORD_DELETE)
  delete(@Caller('record.write') caller: Actor, @Payload() m: RpcMessage<ServiceRecordIdRequest>) {
    return this.records.delete(caller, m.payload?.id, m.meta);
  }

  @MessagePattern(SERVICE_RECORD_BY_MACHINE)
  byMachine(@Caller('record.read') caller: Actor, @Payload() m: RpcMessage<ServiceRecordsByMachineRequest>) {
    return this.records.byMachine(caller, m.payload?.machineId, m.payload ?? {});
  }

  @ValidInput(RecentServicesQuery)
  @MessagePattern(SERVICE_RECORD_RECENT)
  recent(@Caller('record.read') caller: Actor, @Payload() m: RpcMessage<RecentServicesQuery>) {
    return this.records.recent(caller, m.payload);
  }

  @MessagePattern(SERVICE_IMPORT_APPLY)
  importApply(@Caller('import.run') caller: Actor, @Payload() m: RpcMessage<ImportApplyRequest>) {
    return this.imports.apply(caller, m.payload, m.meta);
  }

  @MessagePattern(SERVICE_IMPORT_CHECK)
  importCheck(@Caller('import.run') caller: Actor, @Payload() m: RpcMessage<ImportCheckRequest>) {
    return this.imports.check(caller, m.payload);
  }

  @MessagePattern(SERVICE_IMPORT_REVERT)
  importRevert(@Caller('import.run') caller: Actor, @Payload() m: RpcMessage<ImportRevertRequest>) {
    return this.imports.revert(caller, m.payload, m.meta);
  }
}
