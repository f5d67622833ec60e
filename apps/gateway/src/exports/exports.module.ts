import { Module, type DynamicModule } from '@nestjs/common';
import { ExportLinks } from './export-links.js';
import { ExportsController } from './exports.controller.js';

/** /api/exports/** (import-service prepares the ZIP); object storage comes from the global ImagesModule. */
@Module({})
export class ExportsModule {
  static register(urlSigningSecret: string): DynamicModule {
    return { module: ExportsModule, controllers: [ExportsController], providers: [{ provide: ExportLinks, useValue: new ExportLinks(urlSigningSecret) }] };
  }
}
