import { Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import {
  AccountMemberEntity,
  ConfigModule,
  DatabaseModule,
  HealthModule,
  KnownMachineEntity,
  MembersModule,
  OutboxEvent,
  RpcModule,
} from '@wrenchlog/platform';
import type { WorkEnv } from './config/work-env.js';
import { InspectionFormEntity } from './inspections/inspection-form.entity.js';
import { InspectionEntity } from './inspections/inspection.entity.js';
import { InspectionsModule } from './inspections/inspections.module.js';
import { IssueImageEntity } from './issue-images/issue-image.entity.js';
import { IssueEntity } from './issues/issue.entity.js';
import { IssuesModule } from './issues/issues.module.js';
import { JobTemplateEntity } from './job-templates/job-template.entity.js';
import { JobTemplatesModule } from './job-templates/job-templates.module.js';
import { MachinesModule } from './machines/machines.module.js';
import { migrations } from './migrations/index.js';
import { WorkOrderLineEntity } from './work-orders/work-order-line.entity.js';
import { WorkOrderEntity } from './work-orders/work-order.entity.js';
import { WorkOrdersModule } from './work-orders/work-orders.module.js';

export const entities = [
  KnownMachineEntity,
  IssueEntity,
  IssueImageEntity,
  WorkOrderEntity,
  WorkOrderLineEntity,
  AccountMemberEntity,
  InspectionFormEntity,
  InspectionEntity,
  JobTemplateEntity,
  OutboxEvent,
];

@Module({})
export class AppModule {
  static register(env: WorkEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(env),
        RpcModule.forRoot(),
        DatabaseModule.forService({ service: 'work-order-service', entities, migrations }),
        TypeOrmModule.forFeature(entities),
        HealthModule.forService('work-order-service'),
        MembersModule,
        MachinesModule,
        IssuesModule,
        WorkOrdersModule,
        InspectionsModule,
        JobTemplatesModule,
      ],
    };
  }
}
