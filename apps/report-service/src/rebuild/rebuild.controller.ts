import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { REPORT_REBUILD, REPORT_REBUILD_STATUS, type RpcMessage } from '@wrenchlog/contracts';
import { RebuildService } from './rebuild.service.js';

@Controller()
export class RebuildController {
  constructor(private readonly rebuild: RebuildService) {}

  @MessagePattern(REPORT_REBUILD)
  start(@Payload() m: RpcMessage<Record<string, never>>) {
    return this.rebuild.start(m.actor);
  }

  @MessagePattern(REPORT_REBUILD_STATUS)
  status(@Payload() m: RpcMessage<Record<string, never>>) {
    return this.rebuild.status(m.actor);
  }
}
