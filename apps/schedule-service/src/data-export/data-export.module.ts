import { Module } from '@nestjs/common';
import { DataExportController } from './data-export.controller.js';

/** "Download all my data" (issue 23): the caller's readings and schedules, page by page, for import-service's export job. */
@Module({ controllers: [DataExportController] })
export class DataExportModule {}
