import { Module } from '@nestjs/common';
import { MachinesModule } from '../machines/machines.module.js';
import { MetersModule } from '../meters/meters.module.js';
import { ReadingsModule } from '../readings/readings.module.js';
import { SchedulesModule } from '../schedules/schedules.module.js';
import { MachineEventsController } from './machine-events.controller.js';
import { MachineEventsService } from './machine-events.service.js';
import { MachineProjection } from './machine-projection.js';

/** machine.machine.saved and .deleted; exports the projection that record events also use. */
@Module({
  imports: [MachinesModule, MetersModule, ReadingsModule, SchedulesModule],
  controllers: [MachineEventsController],
  providers: [MachineEventsService, MachineProjection],
  exports: [MachineProjection],
})
export class MachineEventsModule {}
