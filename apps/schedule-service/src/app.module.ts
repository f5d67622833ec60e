import { Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountMemberEntity, ConfigModule, DatabaseModule, HealthModule, MembersModule, OutboxEvent, RpcModule } from '@wrenchlog/platform';
import type { ScheduleEnv } from './config/schedule-env.js';
import { DataExportModule } from './data-export/data-export.module.js';
import { MachineEventsModule } from './machine-events/machine-events.module.js';
import { KnownMachineEntity } from './machines/known-machine.entity.js';
import { MachinesModule } from './machines/machines.module.js';
import { MeterSegmentEntity } from './meters/meter-segment.entity.js';
import { MeterEntity } from './meters/meter.entity.js';
import { MetersModule } from './meters/meters.module.js';
import { ReadingEntity } from './meters/reading.entity.js';
import { migrations } from './migrations/index.js';
import { ReadingsModule } from './readings/readings.module.js';
import { KnownRecordEntity } from './records/known-record.entity.js';
import { RecordsModule } from './records/records.module.js';
import { CompletionEntity } from './schedules/completion.entity.js';
import { ScheduleEntity } from './schedules/schedule.entity.js';
import { SchedulesModule } from './schedules/schedules.module.js';
import { UsageModule } from './usage/usage.module.js';

export const entities = [
  KnownMachineEntity,
  MeterEntity,
  MeterSegmentEntity,
  ReadingEntity,
  ScheduleEntity,
  CompletionEntity,
  KnownRecordEntity,
  OutboxEvent,
  AccountMemberEntity,
];

@Module({})
export class AppModule {
  static register(env: ScheduleEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(env),
        RpcModule.forRoot(),
        DatabaseModule.forService({ service: 'schedule-service', entities, migrations }),
        TypeOrmModule.forFeature(entities),
        HealthModule.forService('schedule-service'),
        MembersModule,
        MachinesModule,
        MetersModule,
        SchedulesModule,
        ReadingsModule,
        MachineEventsModule,
        RecordsModule,
        UsageModule,
        DataExportModule,
      ],
    };
  }
}
