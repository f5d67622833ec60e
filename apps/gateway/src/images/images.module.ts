import { Global, Module, type DynamicModule } from '@nestjs/common';
import { loadEnv } from '@wrenchlog/platform';
import { StorageEnv, StorageModule } from '@wrenchlog/storage';
import { AccountImagesController } from './account-images.controller.js';
import { ImageUploads } from './image-uploads.js';
import { ImagesController } from './images.controller.js';
import { ImageUrlSigner } from './url-signer.js';

/**
 * Object storage, checked image uploads (ImageUploads) and signed image URLs (ImageUrlSigner) for
 * every gateway controller, plus GET /api/images/{key} (the bytes behind a signed URL), the
 * account size and the image backfill. Global: inject ImageUploads anywhere.
 */
@Global()
@Module({})
export class ImagesModule {
  static register(urlSigningSecret: string, env: NodeJS.ProcessEnv = process.env): DynamicModule {
    // S3_* are read and validated at boot, like the rest of the configuration.
    const storageEnv = loadEnv(StorageEnv, env);
    const signer = { provide: ImageUrlSigner, useValue: new ImageUrlSigner(urlSigningSecret) };
    const storage = StorageModule.forRoot(storageEnv);
    return {
      module: ImagesModule,
      imports: [storage],
      controllers: [ImagesController, AccountImagesController],
      providers: [signer, ImageUploads],
      // The storage too: import uploads are written there (imports/imports.controller.ts).
      exports: [signer, ImageUploads, storage],
    };
  }
}
