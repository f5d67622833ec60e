import { Global, Logger, Module, type DynamicModule } from '@nestjs/common';
import { createObjectStorage, type StorageSettings } from './create-storage.js';

/** Injection token of the ObjectStorage (an interface has no runtime value). */
export const OBJECT_STORAGE = Symbol('ObjectStorage');

/** Provides the configured ObjectStorage under OBJECT_STORAGE, initialised (folder or bucket created) at start. */
@Global()
@Module({})
export class StorageModule {
  static forRoot(settings: StorageSettings): DynamicModule {
    const provider = {
      provide: OBJECT_STORAGE,
      useFactory: async () => {
        const storage = createObjectStorage(settings);
        await storage.init();
        new Logger('ObjectStorage').log(
          storage.kind === 's3' ? `S3 bucket '${settings.S3_BUCKET || 'wrenchlog'}' at ${settings.S3_ENDPOINT}` : `folder ${settings.DATA_DIR}/objects`,
        );
        return storage;
      },
    };
    return { module: StorageModule, providers: [provider], exports: [provider] };
  }
}
