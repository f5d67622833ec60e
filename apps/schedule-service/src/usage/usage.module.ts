import { Module } from '@nestjs/common';
import { ReadingExportController } from './reading-export.controller.js';

/**
 * For the reports (issue 22): the readings' export that rebuilds report-service's copy of them
 * (usage in a period is read there, fed by schedule.reading.changed).
 */
@Module({ controllers: [ReadingExportController] })
export class UsageModule {}
