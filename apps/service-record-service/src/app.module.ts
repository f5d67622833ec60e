import { Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ConfigModule, DatabaseModule, HealthModule, OutboxEvent, OutboxModule, RpcModule } from '@wrenchlog/platform';
import type { ServiceRecordEnv } from './config/service-record-env.js';
import { ImageRemoval } from './images/image-removal.js';
import { ImagesController } from './images/images.controller.js';
import { ImagesService } from './images/images.service.js';
import { ServiceImageEntity } from './images/service-image.entity.js';
import { KnownMachine } from './machines/known-machine.entity.js';
import { MachineHistoryService } from './machines/machine-history.service.js';
import { MachinesController } from './machines/machines.controller.js';
import { MachinesService } from './machines/machines.service.js';
import { migrations } from './migrations/index.js';
import { RecordsController } from './records/records.controller.js';
import { RecordsService } from './records/records.service.js';
import { ServiceRecordEntity } from './records/service-record.entity.js';

export const entities = [ServiceRecordEntity, KnownMachine, ServiceImageEntity, OutboxEvent];

@Module({})
export class AppModule {
  static register(env: ServiceRecordEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(env),
        RpcModule.forRoot(),
        DatabaseModule.forService({ service: 'service-record-service', entities, migrations }),
        TypeOrmModule.forFeature(entities),
        OutboxModule,
        HealthModule.forService('service-record-service'),
      ],
      controllers: [RecordsController, MachinesController, ImagesController],
      providers: [RecordsService, MachinesService, ImagesService, ImageRemoval, MachineHistoryService],
    };
  }
}
