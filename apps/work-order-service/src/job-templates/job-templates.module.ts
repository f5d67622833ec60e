import { Module } from '@nestjs/common';
import { MembersModule } from '@wrenchlog/platform';
import { PartsModule } from '../parts/parts.module.js';
import { JobTemplatesController } from './job-templates.controller.js';
import { JobTemplatesRepository } from './job-templates.repository.js';
import { JobTemplatesService } from './job-templates.service.js';

/** Job templates (issue 35); work orders read them (JobTemplatesRepository) when an order starts from one. */
@Module({
  imports: [MembersModule, PartsModule],
  controllers: [JobTemplatesController],
  providers: [JobTemplatesRepository, JobTemplatesService],
  exports: [JobTemplatesRepository],
})
export class JobTemplatesModule {}
