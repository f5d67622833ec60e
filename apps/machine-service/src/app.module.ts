import { Module, type DynamicModule } from '@nestjs/common';
import { AccountMemberEntity, ConfigModule, DatabaseModule, HealthModule, OutboxEvent, RpcModule, type PlatformEnv } from '@wrenchlog/platform';
import { TransactionsModule } from './common/transactions.module.js';
import { MachineEntity } from './machines/machine.entity.js';
import { MachinesModule } from './machines/machines.module.js';
import { migrations } from './migrations/index.js';
import { MachinePhotoEntity } from './photos/machine-photo.entity.js';
import { PhotosModule } from './photos/photos.module.js';

export const entities = [MachineEntity, MachinePhotoEntity, OutboxEvent, AccountMemberEntity];

@Module({})
export class AppModule {
  static register(env: PlatformEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(env),
        RpcModule.forRoot(),
        DatabaseModule.forService({ service: 'machine-service', entities, migrations }),
        HealthModule.forService('machine-service'),
        TransactionsModule,
        MachinesModule,
        PhotosModule,
      ],
    };
  }
}
