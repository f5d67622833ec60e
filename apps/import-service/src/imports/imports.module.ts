import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ImportRowEntity } from './import-row.entity.js';
import { ImportEntity } from './import.entity.js';
import { ImportsController } from './imports.controller.js';
import { ImportsRepository } from './imports.repository.js';
import { ImportsService } from './imports.service.js';
import { MachineDirectory } from './machine-directory.js';

/** Imports and their rows: Upload, Map and Review. */
@Module({
  imports: [TypeOrmModule.forFeature([ImportEntity, ImportRowEntity])],
  controllers: [ImportsController],
  providers: [ImportsRepository, ImportsService, MachineDirectory],
})
export class ImportsModule {}
