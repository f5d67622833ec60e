import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { NOTIFICATION_WEEKLY_RUN, type Actor } from '@wrenchlog/contracts';
import { AdminCaller } from '@wrenchlog/platform';
import { WeeklyReports } from './weekly-reports.service.js';

@Controller()
export class WeeklyController {
  constructor(private readonly weekly: WeeklyReports) {}

  @MessagePattern(NOTIFICATION_WEEKLY_RUN)
  run(@AdminCaller() _caller: Actor) {
    return this.weekly.runNow();
  }
}
