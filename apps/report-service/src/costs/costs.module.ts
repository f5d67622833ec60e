import { Module } from '@nestjs/common';
import { MachinesModule } from '../machines/machines.module.js';
import { UsersModule } from '../users/users.module.js';
import { CostEventsController } from './cost-events.controller.js';
import { CostEventsService } from './cost-events.service.js';
import { CostsRepository } from './costs.repository.js';
import { VersionsModule } from '../versions/versions.module.js';

/** The read model of costs, fed by the owners' record events. */
@Module({
  imports: [VersionsModule, MachinesModule, UsersModule],
  controllers: [CostEventsController],
  providers: [CostEventsService, CostsRepository],
  exports: [CostsRepository, CostEventsService],
})
export class CostsModule {}
