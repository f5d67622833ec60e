import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OutboxModule } from '@wrenchlog/platform';
import { MachinePhotoEntity } from './machine-photo.entity.js';
import { PhotoReconciler } from './photo-reconciler.js';
import { PhotosService } from './photos.service.js';

/** A machine's profile photo and gallery, and the reconciler that re-announces pending ones; exports PhotosService for the machine calls. */
@Module({
  imports: [TypeOrmModule.forFeature([MachinePhotoEntity]), OutboxModule],
  providers: [PhotosService, PhotoReconciler],
  exports: [PhotosService],
})
export class PhotosModule {}
