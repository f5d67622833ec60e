import { Module } from '@nestjs/common';
import { UsageController } from './usage.controller.js';
import { UsageRepository } from './usage.repository.js';
import { UsageService } from './usage.service.js';

/** Usage in a period for the reports (issue 22), read from the meters' readings. */
@Module({ controllers: [UsageController], providers: [UsageService, UsageRepository] })
export class UsageModule {}
