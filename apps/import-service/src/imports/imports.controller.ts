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
  type ImportListQuery,
  type ImportMappingRequest,
  type ImportRowsRequest,
  type RpcMessage,
} from '@wrenchlog/contracts';
import { ImportsService } from './imports.service.js';

@Controller()
export class ImportsController {
  constructor(private readonly imports: ImportsService) {}

  @MessagePattern(IMPORT_CREATE)
  create(@Payload() m: RpcMessage<ImportCreateRequest>) {
    return this.imports.create(m.actor, m.payload);
  }

  @MessagePattern(IMPORT_MAPPING)
  mapping(@Payload() m: RpcMessage<ImportMappingRequest>) {
    return this.imports.setMapping(m.actor, m.payload.id, m.payload.body);
  }

  @MessagePattern(IMPORT_VALIDATE)
  validate(@Payload() m: RpcMessage<ImportIdRequest>) {
    return this.imports.validate(m.actor, m.payload.id);
  }

  @MessagePattern(IMPORT_ROWS)
  rows(@Payload() m: RpcMessage<ImportRowsRequest>) {
    return this.imports.rows(m.actor, m.payload.id, m.payload.query);
  }

  @MessagePattern(IMPORT_LIST)
  list(@Payload() m: RpcMessage<ImportListQuery>) {
    return this.imports.list(m.actor, m.payload);
  }

  @MessagePattern(IMPORT_GET)
  get(@Payload() m: RpcMessage<ImportIdRequest>) {
    return this.imports.get(m.actor, m.payload.id);
  }

  @MessagePattern(IMPORT_COMMIT)
  commit(@Payload() m: RpcMessage<ImportCommitRequest>) {
    return this.imports.commit(m.actor, m.payload.id, m.payload.body);
  }

  @MessagePattern(IMPORT_REVERT)
  revert(@Payload() m: RpcMessage<ImportIdRequest>) {
    return this.imports.revert(m.actor, m.payload.id);
  }

  @MessagePattern(IMPORT_ROW_KEEP)
  keepRow(@Payload() m: RpcMessage<ImportRowKeepRequest>) {
    return this.imports.keepRow(m.actor, m.payload.id, m.payload.rowNumber, m.payload.body);
  }
}
