import { Module } from '@nestjs/common';
import { FuelRecordsController } from './fuel-records.controller.js';

/** /api/fuel-records (fuel-purchase-service). */
@Module({ controllers: [FuelRecordsController] })
export class FuelModule {}
