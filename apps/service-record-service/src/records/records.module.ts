import { Module } from '@nestjs/common';
import { OutboxModule } from '@wrenchlog/platform';
import { ImagesModule } from '../images/images.module.js';
import { CostExportController } from './cost-export.controller.js';
import { KnownMachinesRepository } from './known-machines.repository.js';
import { RecordEvents } from './record-events.js';
import { RecordMachines } from './record-machines.js';
import { RecordsImportService } from './records-import.service.js';
import { RecordsController } from './records.controller.js';
import { RecordsRepository } from './records.repository.js';
import { RecordsService } from './records.service.js';

/**
 * Service records, their imports and exports, and the machine projection they check and lock on every write.
 * Exports RecordsService (a machine's deletion removes its records) and the record and projection
 * repositories (machines/ feeds the projection and renames the records).
 */
@Module({
  imports: [OutboxModule, ImagesModule],
  controllers: [RecordsController, CostExportController],
  providers: [RecordsService, RecordsImportService, RecordMachines, RecordEvents, RecordsRepository, KnownMachinesRepository],
  exports: [RecordsService, RecordsRepository, KnownMachinesRepository],
})
export class RecordsModule {}
