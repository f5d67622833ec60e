import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { REPORT_REBUILD, REPORT_REBUILD_STATUS, type Actor } from '@wrenchlog/contracts';
import { AdminCaller } from '@wrenchlog/platform';
import { RebuildService } from './rebuild.service.js';

@Controller()
export class RebuildController {
  constructor(private readonly rebuild: RebuildService) {}

  @MessagePattern(REPORT_REBUILD)
  start(@AdminCaller() caller: Actor) {
    return this.rebuild.start(caller);
  }

  @MessagePattern(REPORT_REBUILD_STATUS)
  status(@AdminCaller() _caller: Actor) {
    return this.rebuild.status();
  }
}
