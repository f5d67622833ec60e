import { Module } from '@nestjs/common';
import { CostsModule } from '../costs/costs.module.js';
import { MachinesModule } from '../machines/machines.module.js';
import { UsageModule } from '../usage/usage.module.js';
import { UsersModule } from '../users/users.module.js';
import { ReportsController } from './reports.controller.js';
import { ReportsService } from './reports.service.js';
import { VersionsModule } from '../versions/versions.module.js';

/** The report calls (costs, fleet, fuel economy, a machine's history). */
@Module({ imports: [VersionsModule, CostsModule, MachinesModule, UsageModule, UsersModule], controllers: [ReportsController], providers: [ReportsService] })
export class ReportsModule {}
