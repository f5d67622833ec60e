import { Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ACCOUNT_PURGE_HOOKS, AccountMemberEntity, ConfigModule, DatabaseModule, HealthModule, MembersModule, RpcModule } from '@wrenchlog/platform';
import type { ReportEnv } from './config/report-env.js';
import { CostRecordEntity } from './costs/cost-record.entity.js';
import { CostsModule } from './costs/costs.module.js';
import { MonthlyCostEntity } from './costs/monthly-cost.entity.js';
import { MachineEventsModule } from './machine-events/machine-events.module.js';
import { MachinesModule } from './machines/machines.module.js';
import { ReportMachineEntity } from './machines/report-machine.entity.js';
import { migrations } from './migrations/index.js';
import { RebuildModule } from './rebuild/rebuild.module.js';
import { ReportsModule } from './reports/reports.module.js';
import { ReportReadingEntity } from './usage/report-reading.entity.js';
import { ReportUserEntity } from './users/report-user.entity.js';
import { UsageModule } from './usage/usage.module.js';

export const entities = [ReportMachineEntity, CostRecordEntity, MonthlyCostEntity, ReportReadingEntity, ReportUserEntity, AccountMemberEntity];

@Module({})
export class AppModule {
  static register(env: ReportEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(env),
        RpcModule.forRoot(),
        DatabaseModule.forService({ service: 'report-service', entities, migrations }),
        TypeOrmModule.forFeature(entities),
        HealthModule.forService('report-service'),
        // report-service is among account.member.saved's subscribers: the members' projection (reports name nobody yet).
        MembersModule,
        MachinesModule,
        CostsModule,
        UsageModule,
        MachineEventsModule,
        ReportsModule,
        RebuildModule,
      ],
      // A deleted account's read-model version goes with its rows (the table is SQL's alone, no entity).
      providers: [{ provide: ACCOUNT_PURGE_HOOKS, useValue: { unmapped: ['report_versions'] } }],
    };
  }
}
