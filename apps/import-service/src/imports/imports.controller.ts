import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  IMPORT_COMMIT,
  IMPORT_CREATE,
  IMPORT_REVERT,
  IMPORT_ROW_KEEP,
  type ImportRowKeepRequest,
  type ImportCommitRequest,
  IMPORT_GET,
  IMPORT_LIST,
  IMPORT_MAPPING,
  IMPORT_ROWS,
  IMPORT_VALIDATE,
  type ImportCreateRequest,
  type ImportIdRequest,
  ImportListQuery,
  type ImportMappingRequest,
  type ImportRowsRequest,
  type RpcMessage,
  type Actor,
  CreateImportFields,
  ImportMappingBody,
  ImportRowsQuery,
  ImportCommitBody,
  ImportRowKeepBody,
} from '@wrenchlog/contracts';
import { Caller, ValidInput } from '@wrenchlog/platform';
import { ImportsService } from './imports.service.js';

// Every step of an import needs 'import.run' (issue 32): owners and managers; the others 403.
@Controller()
export class ImportsController {
  constructor(private readonly imports: ImportsService) {}

  @ValidInput(CreateImportFields, { at: 'fields' })
  @MessagePattern(IMPORT_CREATE)
  create(@Payload() m: RpcMessage<ImportCreateRequest>, @Caller('import.run') caller: Actor) {
    return this.imports.create(caller, m.payload);
  }

  @ValidInput(ImportMappingBody, { at: 'body' })
  @MessagePattern(IMPORT_MAPPING)
  mapping(@Payload() m: RpcMessage<ImportMappingRequest>, @Caller('import.run') caller: Actor) {
    return this.imports.setMapping(caller, m.payload.id, m.payload.body);
  }

  @MessagePattern(IMPORT_VALIDATE)
  validate(@Payload() m: RpcMessage<ImportIdRequest>, @Caller('import.run') caller: Actor) {
    return this.imports.validate(caller, m.payload.id);
  }

  @ValidInput(ImportRowsQuery, { at: 'query' })
  @MessagePattern(IMPORT_ROWS)
  rows(@Payload() m: RpcMessage<ImportRowsRequest>, @Caller('import.run') caller: Actor) {
    return this.imports.rows(caller, m.payload.id, m.payload.query);
  }

  @ValidInput(ImportListQuery)
  @MessagePattern(IMPORT_LIST)
  list(@Payload() m: RpcMessage<ImportListQuery>, @Caller('import.run') caller: Actor) {
    return this.imports.list(caller, m.payload);
  }

  @MessagePattern(IMPORT_GET)
  get(@Payload() m: RpcMessage<ImportIdRequest>, @Caller('import.run') caller: Actor) {
    return this.imports.get(caller, m.payload.id);
  }

  @ValidInput(ImportCommitBody, { at: 'body' })
  @MessagePattern(IMPORT_COMMIT)
  commit(@Payload() m: RpcMessage<ImportCommitRequest>, @Caller('import.run') caller: Actor) {
    return this.imports.commit(caller, m.payload.id, m.payload.body);
  }

  @MessagePattern(IMPORT_REVERT)
  revert(@Payload() m: RpcMessage<ImportIdRequest>, @Caller('import.run') caller: Actor) {
    return this.imports.revert(caller, m.payload.id);
  }

  @ValidInput(ImportRowKeepBody, { at: 'body' })
  @MessagePattern(IMPORT_ROW_KEEP)
  keepRow(@Payload() m: RpcMessage<ImportRowKeepRequest>, @Caller('import.run') caller: Actor) {
    return this.imports.keepRow(caller, m.payload.id, m.payload.rowNumber, m.payload.body);
  }
}
