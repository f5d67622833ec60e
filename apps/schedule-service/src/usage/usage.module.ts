import { Module } from '@nestjs/common';
import { ReadingExportController } from './reading-export.controller.js';
import { UsageController } from './usage.controller.js';
import { UsageRepository } from './usage.repository.js';
import { UsageService } from './usage.service.js';

/** For the reports (issue 22): usage in a period, and the readings' export that rebuilds report-service's copy. */
@Module({ controllers: [UsageController, ReadingExportController], providers: [UsageService, UsageRepository] })
export class UsageModule {}
