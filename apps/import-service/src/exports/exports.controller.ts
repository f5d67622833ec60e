import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { EXPORT_CREATE, EXPORT_GET, type ExportIdRequest, type RpcMessage } from '@wrenchlog/contracts';
import { ExportsService } from './exports.service.js';

@Controller()
export class ExportsController {
  constructor(private readonly exports: ExportsService) {}

  @MessagePattern(EXPORT_CREATE)
  create(@Payload() m: RpcMessage<Record<string, never>>) {
    return this.exports.create(m.actor);
  }

  @MessagePattern(EXPORT_GET)
  get(@Payload() m: RpcMessage<ExportIdRequest>) {
    return this.exports.get(m.actor, m.payload.id);
  }
}
