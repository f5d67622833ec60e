import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { SCHEDULE_STATUS_CHANGED, type RpcMessage, type ScheduleStatusChangedEvent } from '@wrenchlog/contracts';
import { ScheduleEventsService } from './schedule-events.service.js';

@Controller()
export class ScheduleEventsController {
  constructor(private readonly schedules: ScheduleEventsService) {}

  @EventPattern(SCHEDULE_STATUS_CHANGED)
  statusChanged(@Payload() m: RpcMessage<ScheduleStatusChangedEvent>) {
    return this.schedules.onStatusChanged(m);
  }
}
