import { Module } from '@nestjs/common';
import { ServiceImagesController } from './service-images.controller.js';
import { ServiceRecordsController } from './service-records.controller.js';

/** /api/services/** (the spec's path; in code, service records): service records and their images (service-record-service). Needs ImagesModule (global). */
@Module({ controllers: [ServiceRecordsController, ServiceImagesController] })
export class ServiceRecordsModule {}
