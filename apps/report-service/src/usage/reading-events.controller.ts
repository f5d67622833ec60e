import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import {
  METERS_CHANGED,
  SCHEDULE_READING_CHANGED,
  batchPattern,
  type EventBatch,
  type MetersChangedEvent,
  type RpcMessage,
  type ScheduleReadingChangedEvent,
} from '@wrenchlog/contracts';
import { ReadModelVersions } from '../versions/read-model-versions.js';
import { ReadingEventsService } from './reading-events.service.js';

// Each event raises its user's read-model version once applied, which retires their cached reports.
@Controller()
export class ReadingEventsController {
  constructor(
    private readonly readings: ReadingEventsService,
    private readonly versions: ReadModelVersions,
  ) {}

  @EventPattern(SCHEDULE_READING_CHANGED)
  readingChanged(@Payload() m: RpcMessage<ScheduleReadingChangedEvent>) {
    return this.versions.after(m, () => this.readings.onReadingChanged(m));
  }

  @EventPattern(batchPattern(SCHEDULE_READING_CHANGED))
  readingChangedBatch(@Payload() m: RpcMessage<EventBatch<ScheduleReadingChangedEvent>>) {
    return this.versions.afterBatch(m, () => this.readings.onReadingChangedBatch(m));
  }

  @EventPattern(METERS_CHANGED)
  metersChanged(@Payload() m: RpcMessage<MetersChangedEvent>) {
    return this.versions.after(m, () => this.readings.onMetersChanged(m));
  }
}
