import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { METERS_CHANGED, SCHEDULE_READING_CHANGED, type MetersChangedEvent, type RpcMessage, type ScheduleReadingChangedEvent } from '@wrenchlog/contracts';
import { ReadingEventsService } from './reading-events.service.js';

@Controller()
export class ReadingEventsController {
  constructor(private readonly readings: ReadingEventsService) {}

  @EventPattern(SCHEDULE_READING_CHANGED)
  readingChanged(@Payload() m: RpcMessage<ScheduleReadingChangedEvent>) {
    return this.readings.onReadingChanged(m);
  }

  @EventPattern(METERS_CHANGED)
  metersChanged(@Payload() m: RpcMessage<MetersChangedEvent>) {
    return this.readings.onMetersChanged(m);
  }
}
