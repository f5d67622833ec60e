import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { NOTIFICATION_SCHEDULER_RUN, NOTIFICATION_SCHEDULER_STATUS, type RpcMessage } from '@wrenchlog/contracts';
import { SchedulerService } from './scheduler.service.js';

@Controller()
export class SchedulerController {
  constructor(private readonly scheduler: SchedulerService) {}

  @MessagePattern(NOTIFICATION_SCHEDULER_STATUS)
  status(@Payload() m: RpcMessage<Record<string, never>>) {
    return this.scheduler.status(m.actor);
  }

  @MessagePattern(NOTIFICATION_SCHEDULER_RUN)
  run(@Payload() m: RpcMessage<Record<string, never>>) {
    return this.scheduler.runNow(m.actor);
  }
}
