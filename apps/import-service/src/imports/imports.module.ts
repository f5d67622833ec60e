import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ACCOUNT_PURGE_HOOKS, MembersModule } from '@wrenchlog/platform';
import { ImportAccountPurge } from './account-files.purge.js';
import { ImportRowEntity } from './import-row.entity.js';
import { ImportEntity } from './import.entity.js';
import { ImportJob } from './import-job.js';
import { ImportLeaseEntity } from './import-lease.entity.js';
import { ImportMachineEntity } from './import-machine.entity.js';
import { ImportPhotoEntity } from './import-photo.entity.js';
import { ImportPhotos } from './import-photos.js';
import { ImportPhotosRepository } from './import-photos.repository.js';
import { ImportRetention } from './import-retention.js';
import { ImportRetentionScheduler } from './import-retention.scheduler.js';
import { ImportsController } from './imports.controller.js';
import { ImportsRepository } from './imports.repository.js';
import { ImportsService } from './imports.service.js';
import { MachineDirectory } from './machine-directory.js';
import { NewMachineMeters } from './new-machine-meters.js';
import { OwnerChecks } from './owner-checks.js';

/** Imports and their rows: Upload, Map, Review, the job of Import and Revert, and their retention. */
@Module({
  imports: [TypeOrmModule.forFeature([ImportEntity, ImportRowEntity, ImportMachineEntity, ImportLeaseEntity, ImportPhotoEntity]), MembersModule],
  controllers: [ImportsController],
  providers: [
    ImportsRepository,
    ImportsService,
    MachineDirectory,
    NewMachineMeters,
    ImportJob,
    OwnerChecks,
    ImportRetention,
    ImportRetentionScheduler,
    ImportPhotos,
    ImportPhotosRepository,
    { provide: ACCOUNT_PURGE_HOOKS, useClass: ImportAccountPurge },
  ],
})
export class ImportsModule {}
