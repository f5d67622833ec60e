import { Module } from '@nestjs/common';
import { OwnedImagesModule } from '@wrenchlog/owned-images';
import { MachinesModule } from '../machines/machines.module.js';
import { MachinePhotoEntity } from './machine-photo.entity.js';
import { MachinePhotosRepository } from './machine-photos.repository.js';
import { PhotosController } from './photos.controller.js';
import { PhotosService } from './photos.service.js';

/**
 * A machine's profile photo and gallery, with their calls; the owned-images module records, announces
 * and removes them and re-announces pending ones. Photos belong to a machine (photos -> machines).
 */
@Module({
  imports: [
    MachinesModule,
    OwnedImagesModule.register<MachinePhotoEntity>({
      owner: 'machine-service',
      entity: MachinePhotoEntity,
      // A photo belongs to its machine: the machine is the record image.stored names.
      placeOf: (photo) => ({ recordId: photo.machineId, machineId: photo.machineId }),
      thumbnailUploaded: (photo) => photo.thumbnailUploaded,
    }),
  ],
  controllers: [PhotosController],
  providers: [PhotosService, MachinePhotosRepository],
  exports: [PhotosService],
})
export class PhotosModule {}
