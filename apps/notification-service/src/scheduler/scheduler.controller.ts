import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { NOTIFICATION_SCHEDULER_RUN, NOTIFICATION_SCHEDULER_STATUS, type Actor } from '@wrenchlog/contracts';
import { AdminCaller } from '@wrenchlog/platform';
import { SchedulerService } from './scheduler.service.js';

@Controller()
export class SchedulerController {
  constructor(private readonly scheduler: SchedulerService) {}

  @MessagePattern(NOTIFICATION_SCHEDULER_STATUS)
  status(@AdminCaller() _caller: Actor) {
    return this.scheduler.status();
  }

  @MessagePattern(NOTIFICATION_SCHEDULER_RUN)
  run(@AdminCaller() _caller: Actor) {
    return this.scheduler.runNow();
  }
}
