import { Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountMemberEntity, ConfigModule, DatabaseModule, HealthModule, RpcModule } from '@wrenchlog/platform';
import { StorageModule } from '@wrenchlog/storage';
import type { ImportEnv } from './config/import-env.js';
import { ExportEntity } from './exports/export.entity.js';
import { ExportsModule } from './exports/exports.module.js';
import { ImportRowEntity } from './imports/import-row.entity.js';
import { ImportEntity } from './imports/import.entity.js';
import { ImportLeaseEntity } from './imports/import-lease.entity.js';
import { ImportMachineEntity } from './imports/import-machine.entity.js';
import { ImportPhotoEntity } from './imports/import-photo.entity.js';
import { ImportsModule } from './imports/imports.module.js';
import { migrations } from './migrations/index.js';

export const entities = [ImportEntity, ImportRowEntity, ImportMachineEntity, ImportLeaseEntity, ExportEntity, ImportPhotoEntity, AccountMemberEntity];

@Module({})
export class AppModule {
  static register(env: ImportEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(env),
        RpcModule.forRoot(),
        DatabaseModule.forService({ service: 'import-service', entities, migrations }),
        TypeOrmModule.forFeature(entities),
        StorageModule.forRoot(env),
        HealthModule.forService('import-service'),
        ImportsModule,
        ExportsModule,
      ],
    };
  }
}
