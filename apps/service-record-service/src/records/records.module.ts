import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OutboxModule } from '@wrenchlog/platform';
import { ImagesModule } from '../images/images.module.js';
import { CostExportController } from './cost-export.controller.js';
import { KnownMachineEntity } from './known-machine.entity.js';
import { RecordsController } from './records.controller.js';
import { RecordsService } from './records.service.js';
import { ServiceRecordEntity } from './service-record.entity.js';

/**
 * Service records, their export and the machine projection they check and lock on every write.
 * Exports RecordsService (a machine's deletion removes its records) and the record repositories.
 */
@Module({
  imports: [TypeOrmModule.forFeature([ServiceRecordEntity, KnownMachineEntity]), OutboxModule, ImagesModule],
  controllers: [RecordsController, CostExportController],
  providers: [RecordsService],
  exports: [RecordsService, TypeOrmModule],
})
export class RecordsModule {}
