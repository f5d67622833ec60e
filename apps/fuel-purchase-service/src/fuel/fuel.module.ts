import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OutboxModule } from '@wrenchlog/platform';
import { CommonModule } from '../common/common.module.js';
import { MachinesModule } from '../machines/machines.module.js';
import { PurchasesModule } from '../purchases/purchases.module.js';
import { CostExportController } from './cost-export.controller.js';
import { FuelRecordEntity } from './fuel-record.entity.js';
import { FuelRecordsController } from './fuel-records.controller.js';
import { FuelRecordsService } from './fuel-records.service.js';

/** Fuel records (fuel.record.saved and .deleted for schedule-service, issue 21) and the cost export of fuel and purchases. */
@Module({
  imports: [TypeOrmModule.forFeature([FuelRecordEntity]), CommonModule, OutboxModule, MachinesModule, PurchasesModule],
  controllers: [FuelRecordsController, CostExportController],
  providers: [FuelRecordsService],
})
export class FuelModule {}
