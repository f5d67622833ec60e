import { Module } from '@nestjs/common';
import { JobRunners } from './job-runners.js';
import { JobsController } from './jobs.controller.js';
import { JobsRepository } from './jobs.repository.js';
import { JobsService } from './jobs.service.js';

/** The administrator's background jobs and what each one runs. */
@Module({
  controllers: [JobsController],
  providers: [JobsRepository, JobsService, JobRunners],
})
export class JobsModule {}
