import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { SCHEDULE_READING_CREATED, type RpcMessage, type ScheduleReadingCreatedEvent } from '@wrenchlog/contracts';
import { ReadingEventsService } from './reading-events.service.js';

@Controller()
export class ReadingEventsController {
  constructor(private readonly readings: ReadingEventsService) {}

  @EventPattern(SCHEDULE_READING_CREATED)
  created(@Payload() m: RpcMessage<ScheduleReadingCreatedEvent>) {
    return this.readings.created(m);
  }
}
