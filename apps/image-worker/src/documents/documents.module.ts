import { Module } from '@nestjs/common';
import { DocumentsController } from './documents.controller.js';
import { DocumentsRepository } from './documents.repository.js';
import { DocumentsService } from './documents.service.js';

/** Documents attached to machines and records (issue 18); exports DocumentsService for the machine deletion and account size. */
@Module({
  controllers: [DocumentsController],
  providers: [DocumentsRepository, DocumentsService],
  exports: [DocumentsService],
})
export class DocumentsModule {}
