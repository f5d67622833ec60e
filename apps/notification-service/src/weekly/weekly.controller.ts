import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { NOTIFICATION_WEEKLY_RUN, type RpcMessage } from '@wrenchlog/contracts';
import { WeeklyReports } from './weekly-reports.service.js';

@Controller()
export class WeeklyController {
  constructor(private readonly weekly: WeeklyReports) {}

  @MessagePattern(NOTIFICATION_WEEKLY_RUN)
  run(@Payload() m: RpcMessage<Record<string, never>>) {
    return this.weekly.runNow(m.actor);
  }
}
