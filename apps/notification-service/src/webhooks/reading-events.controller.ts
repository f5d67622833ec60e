import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { SCHEDULE_READING_CREATED, batchPattern, type EventBatch, type RpcMessage, type ScheduleReadingCreatedEvent } from '@wrenchlog/contracts';
import { ReadingEventsService } from './reading-events.service.js';

@Controller()
export class ReadingEventsController {
  constructor(private readonly readings: ReadingEventsService) {}

  @EventPattern(SCHEDULE_READING_CREATED)
  created(@Payload() m: RpcMessage<ScheduleReadingCreatedEvent>) {
    return this.readings.created(m);
  }

  /** An import's readings (EVENT_BATCH_TARGETS): one transaction a batch. */
  @EventPattern(batchPattern(SCHEDULE_READING_CREATED))
  createdBatch(@Payload() m: RpcMessage<EventBatch<ScheduleReadingCreatedEvent>>) {
    return this.readings.createdBatch(m);
  }
}
