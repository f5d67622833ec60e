import { Module, type DynamicModule } from '@nestjs/common';
import { AccountMemberEntity, ConfigModule, DatabaseModule, HealthModule, KnownMachineEntity, OutboxEvent, RpcModule } from '@wrenchlog/platform';
import { AccessModule } from './common/access.module.js';
import { TransactionsModule } from './common/transactions.module.js';
import type { ServiceRecordEnv } from './config/service-record-env.js';
import { ImagesModule } from './images/images.module.js';
import { ServiceImageEntity } from './images/service-image.entity.js';
import { MachinesModule } from './machines/machines.module.js';
import { migrations } from './migrations/index.js';
import { RecordsModule } from './records/records.module.js';
import { ServiceRecordEntity } from './records/service-record.entity.js';

export const entities = [ServiceRecordEntity, KnownMachineEntity, ServiceImageEntity, AccountMemberEntity, OutboxEvent];

@Module({})
export class AppModule {
  static register(env: ServiceRecordEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(env),
        RpcModule.forRoot(),
        DatabaseModule.forService({ service: 'service-record-service', entities, migrations }),
        HealthModule.forService('service-record-service'),
        TransactionsModule,
        AccessModule,
        RecordsModule,
        ImagesModule,
        MachinesModule,
      ],
    };
  }
}
