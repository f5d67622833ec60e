import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OwnedImagesModule } from '@wrenchlog/owned-images';
import { MachinePhotoEntity } from './machine-photo.entity.js';
import { PhotosService } from './photos.service.js';

/**
 * A machine's profile photo and gallery; the owned-images module records, announces and removes them
 * and re-announces pending ones. Exports PhotosService for the machine calls.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([MachinePhotoEntity]),
    OwnedImagesModule.register<MachinePhotoEntity>({
      owner: 'machine-service',
      entity: MachinePhotoEntity,
      // A photo belongs to its machine: the machine is the record image.stored names.
      placeOf: (photo) => ({ recordId: photo.machineId, machineId: photo.machineId }),
      thumbnailUploaded: (photo) => photo.thumbnailUploaded,
    }),
  ],
  providers: [PhotosService],
  exports: [PhotosService],
})
export class PhotosModule {}
