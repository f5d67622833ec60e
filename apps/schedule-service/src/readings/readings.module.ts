import { Module } from '@nestjs/common';
import { MembersModule, OutboxModule } from '@wrenchlog/platform';
import { MachinesModule } from '../machines/machines.module.js';
import { MetersModule } from '../meters/meters.module.js';
import { SchedulesModule } from '../schedules/schedules.module.js';
import { MeterCallsService } from './meter-calls.service.js';
import { ReadingBatchService } from './reading-batch.service.js';
import { ReadingImportsService } from './reading-imports.service.js';
import { ReadingsController } from './readings.controller.js';
import { ReadingSequence } from './reading-sequence.js';
import { ReadingsService } from './readings.service.js';
import { VoidedReadingsService } from './voided-readings.service.js';

/** The meter and reading calls; placing a reading recomputes its machine's schedules. */
@Module({
  imports: [MetersModule, MachinesModule, SchedulesModule, OutboxModule, MembersModule],
  controllers: [ReadingsController],
  providers: [ReadingsService, ReadingSequence, MeterCallsService, ReadingImportsService, ReadingBatchService, VoidedReadingsService],
  exports: [ReadingsService, ReadingSequence],
})
export class ReadingsModule {}
