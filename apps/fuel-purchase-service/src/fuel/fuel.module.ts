import { Module } from '@nestjs/common';
import { OutboxModule } from '@wrenchlog/platform';
import { CommonModule } from '../common/common.module.js';
import { MachinesModule } from '../machines/machines.module.js';
import { PurchasesModule } from '../purchases/purchases.module.js';
import { CostExportController } from './cost-export.controller.js';
import { CostExportService } from './cost-export.service.js';
import { FuelRecordsController } from './fuel-records.controller.js';
import { FuelRecordsRepository } from './fuel-records.repository.js';
import { FuelRecordsService } from './fuel-records.service.js';

/** Fuel records (fuel.record.saved and .deleted for schedule-service, issue 21) and the cost export of fuel and purchases. */
@Module({
  imports: [CommonModule, OutboxModule, MachinesModule, PurchasesModule],
  controllers: [FuelRecordsController, CostExportController],
  providers: [FuelRecordsService, FuelRecordsRepository, CostExportService],
})
export class FuelModule {}
