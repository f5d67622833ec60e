import { Module } from '@nestjs/common';
import { MembersModule, OutboxModule } from '@wrenchlog/platform';
import { MachinesModule } from '../machines/machines.module.js';
import { MetersModule } from '../meters/meters.module.js';
import { MachineMeters } from './machine-meters.js';
import { ScheduleImportsService } from './schedule-imports.service.js';
import { ScheduleRecompute } from './schedule-recompute.js';
import { SchedulesController } from './schedules.controller.js';
import { SchedulesRepository } from './schedules.repository.js';
import { SchedulesService } from './schedules.service.js';

/** Schedules: their calls, their SQL and the recompute every change of a machine goes through. */
@Module({
  imports: [MetersModule, MachinesModule, OutboxModule, MembersModule],
  controllers: [SchedulesController],
  providers: [SchedulesRepository, SchedulesService, ScheduleRecompute, MachineMeters, ScheduleImportsService],
  exports: [SchedulesRepository, SchedulesService, ScheduleRecompute, ScheduleImportsService],
})
export class SchedulesModule {}
