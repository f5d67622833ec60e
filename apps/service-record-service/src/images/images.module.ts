import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OutboxModule } from '@wrenchlog/platform';
import { ImageRemoval } from './image-removal.js';
import { ImagesController } from './images.controller.js';
import { ImagesService } from './images.service.js';
import { ServiceImageEntity } from './service-image.entity.js';

/** A record's images; exports ImageRemoval (records delete theirs in their own transaction) and the image repository. */
@Module({
  imports: [TypeOrmModule.forFeature([ServiceImageEntity]), OutboxModule],
  controllers: [ImagesController],
  providers: [ImagesService, ImageRemoval],
  exports: [ImageRemoval, TypeOrmModule],
})
export class ImagesModule {}
