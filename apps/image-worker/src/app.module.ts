import { Module, type DynamicModule } from '@nestjs/common';
import { ACCOUNT_PURGE_HOOKS, AccountMemberEntity, ConfigModule, DatabaseModule, HealthModule, OutboxEvent, RpcModule } from '@wrenchlog/platform';
import { StorageModule } from '@wrenchlog/storage';
import { AccountFilesPurge } from './account-files.purge.js';
import type { ImageWorkerEnv } from './config/image-worker-env.js';
import { DeletedDocumentParentEntity } from './documents/deleted-parent.entity.js';
import { DocumentsModule } from './documents/documents.module.js';
import { StoredDocumentEntity } from './documents/stored-document.entity.js';
import { ImageController } from './image.controller.js';
import { DeletedMachineEntity } from './ledger/deleted-machine.entity.js';
import { LedgerImageEntity } from './ledger/ledger-image.entity.js';
import { LedgerModule } from './ledger/ledger.module.js';
import { migrations } from './migrations/index.js';
import { ProcessingModule } from './processing/processing.module.js';

export const entities = [LedgerImageEntity, DeletedMachineEntity, StoredDocumentEntity, DeletedDocumentParentEntity, OutboxEvent, AccountMemberEntity];

@Module({})
export class AppModule {
  static register(env: ImageWorkerEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(env),
        RpcModule.forRoot(),
        DatabaseModule.forService({ service: 'image-worker', entities, migrations }),
        StorageModule.forRoot(env),
        HealthModule.forService('image-worker'),
        LedgerModule,
        ProcessingModule,
        DocumentsModule,
      ],
      // The image events and calls span the three folders (ledger, queue, documents' machine deletion), so their
      // controller is the root folder's, next to this module.
      controllers: [ImageController],
      providers: [{ provide: ACCOUNT_PURGE_HOOKS, useClass: AccountFilesPurge }],
    };
  }
}
