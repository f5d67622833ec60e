import { Module } from '@nestjs/common';
import { ImportsController } from './imports.controller.js';

/** /api/imports/** (import-service); object storage comes from the global ImagesModule. */
@Module({ controllers: [ImportsController] })
export class ImportsModule {}
