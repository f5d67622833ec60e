import { Module } from '@nestjs/common';
import { MembersModule } from '@wrenchlog/platform';
import { DocumentsController } from './documents.controller.js';
import { DocumentsRepository } from './documents.repository.js';
import { DocumentsService } from './documents.service.js';

/** Documents attached to machines and records (issue 18); exports DocumentsService for the machine deletion and account size. */
@Module({
  // The members' projection: who added a document, and a mechanic's machines (issue 32).
  imports: [MembersModule],
  controllers: [DocumentsController],
  providers: [DocumentsRepository, DocumentsService],
  exports: [DocumentsService],
})
export class DocumentsModule {}
