import { Module, type DynamicModule } from '@nestjs/common';
import { OutboxModule } from '@wrenchlog/platform';
import { ImageReconciler } from './image-reconciler.js';
import { OWNED_IMAGES_OPTIONS, OwnedImages, type OwnedImagesOptions } from './owned-images.js';
import type { OwnedImageRow } from './owned-images.rules.js';

/**
 * A service's owned images: `OwnedImagesModule.register({owner, entity, placeOf, thumbnailUploaded})`
 * in the module of its images folder provides `OwnedImages` (inject it as `OwnedImages<YourEntity>`)
 * and starts the `ImageReconciler`. One owner per service (each service is its own Nest application).
 */
@Module({})
export class OwnedImagesModule {
  static register<Row extends OwnedImageRow>(options: OwnedImagesOptions<Row>): DynamicModule {
    return {
      module: OwnedImagesModule,
      imports: [OutboxModule],
      providers: [{ provide: OWNED_IMAGES_OPTIONS, useValue: options }, OwnedImages, ImageReconciler],
      exports: [OwnedImages],
    };
  }
}
