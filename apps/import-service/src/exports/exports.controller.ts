import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { EXPORT_CREATE, EXPORT_GET, type ExportIdRequest, type RpcMessage, type Actor } from '@wrenchlog/contracts';
import { Caller } from '@wrenchlog/platform';
import { ExportsService } from './exports.service.js';

// An export of the account's data needs 'export.run' (issue 32): owners and managers; the others 403.
@Controller()
export class ExportsController {
  constructor(private readonly exports: ExportsService) {}

  @MessagePattern(EXPORT_CREATE)
  create(@Caller('export.run') caller: Actor) {
    return this.exports.create(caller);
  }

  @MessagePattern(EXPORT_GET)
  get(@Payload() m: RpcMessage<ExportIdRequest>, @Caller('export.run') caller: Actor) {
    return this.exports.get(caller, m.payload.id);
  }
}
