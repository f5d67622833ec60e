import { Module } from '@nestjs/common';
import { MachineEventsModule } from '../machine-events/machine-events.module.js';
import { MetersModule } from '../meters/meters.module.js';
import { ReadingsModule } from '../readings/readings.module.js';
import { SchedulesModule } from '../schedules/schedules.module.js';
import { RecordEventsController } from './record-events.controller.js';
import { RecordEventsService } from './record-events.service.js';
import { RecordsRepository } from './records.repository.js';

/** Service and fuel records' events: their readings and completions. */
@Module({
  imports: [MachineEventsModule, MetersModule, ReadingsModule, SchedulesModule],
  controllers: [RecordEventsController],
  providers: [RecordEventsService, RecordsRepository],
})
export class RecordsModule {}
