import { Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ConfigModule, DatabaseModule, HealthModule, OutboxEvent, OutboxModule, RpcModule, type PlatformEnv } from '@wrenchlog/platform';
import { MachineEntity } from './machines/machine.entity.js';
import { MachinesController } from './machines/machines.controller.js';
import { MachinesService } from './machines/machines.service.js';
import { migrations } from './migrations/index.js';
import { MachinePhotoEntity } from './photos/machine-photo.entity.js';
import { PhotoReconciler } from './photos/photo-reconciler.js';
import { PhotosService } from './photos/photos.service.js';

export const entities = [MachineEntity, MachinePhotoEntity, OutboxEvent];

@Module({})
export class AppModule {
  static register(env: PlatformEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(env),
        RpcModule.forRoot(),
        DatabaseModule.forService({ service: 'machine-service', entities, migrations }),
        TypeOrmModule.forFeature(entities),
        OutboxModule,
        HealthModule.forService('machine-service'),
      ],
      controllers: [MachinesController],
      providers: [MachinesService, PhotosService, PhotoReconciler],
    };
  }
}
