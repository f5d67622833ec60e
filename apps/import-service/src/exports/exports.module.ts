import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MembersModule } from '@wrenchlog/platform';
import { ExportEntity } from './export.entity.js';
import { ExportJob } from './export.job.js';
import { ExportsController } from './exports.controller.js';
import { ExportsRepository } from './exports.repository.js';
import { ExportsScheduler } from './exports.scheduler.js';
import { ExportsService } from './exports.service.js';

/** "Download all my data" (issue 23): the export job, its state, and the deletion of old exports. */
@Module({
  imports: [TypeOrmModule.forFeature([ExportEntity]), MembersModule],
  controllers: [ExportsController],
  providers: [ExportsRepository, ExportsService, ExportJob, ExportsScheduler],
})
export class ExportsModule {}
