import { Module } from '@nestjs/common';
import { CostsModule } from '../costs/costs.module.js';
import { MachineEventsModule } from '../machine-events/machine-events.module.js';
import { UsageModule } from '../usage/usage.module.js';
import { VersionsModule } from '../versions/versions.module.js';
import { RebuildController } from './rebuild.controller.js';
import { RebuildService } from './rebuild.service.js';

/** The administrators' rebuild of the read model from the owners. */
@Module({ imports: [VersionsModule, CostsModule, MachineEventsModule, UsageModule], controllers: [RebuildController], providers: [RebuildService] })
export class RebuildModule {}
