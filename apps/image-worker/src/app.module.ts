import { Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ConfigModule, DatabaseModule, HealthModule, OutboxEvent, OutboxModule, RpcModule } from '@wrenchlog/platform';
import { StorageModule } from '@wrenchlog/storage';
import type { ImageWorkerEnv } from './config/image-worker-env.js';
import { ImageController } from './image.controller.js';
import { DeletedMachine } from './ledger/deleted-machine.entity.js';
import { LedgerImage } from './ledger/ledger-image.entity.js';
import { LedgerService } from './ledger/ledger.service.js';
import { migrations } from './migrations/index.js';
import { ImageQueue } from './processing/image-queue.js';

export const entities = [LedgerImage, DeletedMachine, OutboxEvent];

@Module({})
export class AppModule {
  static register(env: ImageWorkerEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(env),
        RpcModule.forRoot(),
        DatabaseModule.forService({ service: 'image-worker', entities, migrations }),
        TypeOrmModule.forFeature(entities),
        OutboxModule,
        StorageModule.forRoot(env),
        HealthModule.forService('image-worker'),
      ],
      controllers: [ImageController],
      providers: [LedgerService, ImageQueue],
    };
  }
}
