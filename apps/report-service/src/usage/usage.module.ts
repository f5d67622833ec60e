import { Module } from '@nestjs/common';
import { MachinesModule } from '../machines/machines.module.js';
import { ReadingEventsController } from './reading-events.controller.js';
import { ReadingEventsService } from './reading-events.service.js';
import { UsageRepository } from './usage.repository.js';
import { VersionsModule } from '../versions/versions.module.js';

/** Usage and fuel economy in the read model (issue 22): the readings' copy, fed by schedule-service's events. */
@Module({
  imports: [VersionsModule, MachinesModule],
  controllers: [ReadingEventsController],
  providers: [ReadingEventsService, UsageRepository],
  exports: [ReadingEventsService, UsageRepository],
})
export class UsageModule {}
