import { Module } from '@nestjs/common';
import { CostsModule } from '../costs/costs.module.js';
import { MachinesModule } from '../machines/machines.module.js';
import { UsageModule } from '../usage/usage.module.js';
import { MachineEventsController } from './machine-events.controller.js';
import { MachineEventsService } from './machine-events.service.js';
import { VersionsModule } from '../versions/versions.module.js';

/** machine.machine.saved and .deleted. */
@Module({
  imports: [VersionsModule, MachinesModule, CostsModule, UsageModule],
  controllers: [MachineEventsController],
  providers: [MachineEventsService],
  exports: [MachineEventsService],
})
export class MachineEventsModule {}
