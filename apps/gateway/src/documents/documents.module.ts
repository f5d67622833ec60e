import { Module, type DynamicModule } from '@nestjs/common';
import { DocumentLinks } from './document-links.js';
import { DocumentUploads } from './document-uploads.js';
import { DocumentsController } from './documents.controller.js';

/** Document routes (issue 18). Object storage comes from the global ImagesModule. */
@Module({})
export class DocumentsModule {
  static register(urlSigningSecret: string): DynamicModule {
    return {
      module: DocumentsModule,
      controllers: [DocumentsController],
      providers: [{ provide: DocumentLinks, useValue: new DocumentLinks(urlSigningSecret) }, DocumentUploads],
    };
  }
}
