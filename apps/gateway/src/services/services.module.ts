import { Module } from '@nestjs/common';
import { ServiceImagesController } from './service-images.controller.js';
import { ServiceRecordsController } from './service-records.controller.js';

/** /api/services/**: service records and their images (service-record-service). Needs ImagesModule (global). */
@Module({ controllers: [ServiceRecordsController, ServiceImagesController] })
export class ServicesModule {}
