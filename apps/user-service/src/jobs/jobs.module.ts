import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Job } from './job.entity.js';
import { JobRunners } from './job-runners.js';
import { JobsController } from './jobs.controller.js';
import { JobsService } from './jobs.service.js';

/** The administrator's background jobs and what each one runs. */
@Module({
  imports: [TypeOrmModule.forFeature([Job])],
  controllers: [JobsController],
  providers: [JobsService, JobRunners],
})
export class JobsModule {}
