import { Module } from '@nestjs/common';
import { OwnedImagesModule } from '@wrenchlog/owned-images';
import { ImagesController } from './images.controller.js';
import { ImagesService } from './images.service.js';
import { ServiceImageEntity } from './service-image.entity.js';
import { ServiceImagesRepository } from './service-images.repository.js';

/**
 * A record's images; the owned-images module records, announces and removes them and re-announces
 * pending ones. Exports OwnedImagesModule's OwnedImages (records delete theirs in their own transaction, `removeOf`) and
 * ServiceImagesRepository (the data export and the history count read it).
 */
@Module({
  imports: [
    OwnedImagesModule.register<ServiceImageEntity>({
      owner: 'service-record-service',
      entity: ServiceImageEntity,
      placeOf: (image) => ({ recordId: image.recordId, machineId: image.machineId }),
      // The gateway sends a thumbnail's size exactly when it stored one (checked on add), so the
      // size tells whether the upload had a thumbnail while the image is pending.
      thumbnailUploaded: (image) => image.thumbnailSize !== null,
    }),
  ],
  controllers: [ImagesController],
  providers: [ImagesService, ServiceImagesRepository],
  exports: [OwnedImagesModule, ServiceImagesRepository],
})
export class ImagesModule {}
