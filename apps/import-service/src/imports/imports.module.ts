import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ImportRowEntity } from './import-row.entity.js';
import { ImportEntity } from './import.entity.js';
import { ImportJob } from './import-job.js';
import { ImportMachineEntity } from './import-machine.entity.js';
import { ImportsController } from './imports.controller.js';
import { ImportsRepository } from './imports.repository.js';
import { ImportsService } from './imports.service.js';
import { MachineDirectory } from './machine-directory.js';
import { OwnerChecks } from './owner-checks.js';

/** Imports and their rows: Upload, Map, Review, and the job of Import and Revert. */
@Module({
  imports: [TypeOrmModule.forFeature([ImportEntity, ImportRowEntity, ImportMachineEntity])],
  controllers: [ImportsController],
  providers: [ImportsRepository, ImportsService, MachineDirectory, ImportJob, OwnerChecks],
})
export class ImportsModule {}
