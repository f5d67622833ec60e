import { Module } from '@nestjs/common';
import { MembersModule } from '@wrenchlog/platform';
import { DataExportController } from './data-export.controller.js';
import { DataExportRepository } from './data-export.repository.js';

/** "Download all my data" (issue 23): the caller's readings and schedules, page by page, for import-service's export job. */
@Module({ imports: [MembersModule], controllers: [DataExportController], providers: [DataExportRepository] })
export class DataExportModule {}
