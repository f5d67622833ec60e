import { Module } from '@nestjs/common';
import { CommonModule } from '../common/common.module.js';
import { FuelRecordsRepository } from '../fuel/fuel-records.repository.js';
import { PartsRepository } from '../inventory/parts.repository.js';
import { PurchasesRepository } from '../purchases/purchases.repository.js';
import { KnownMachinesRepository } from './known-machines.repository.js';
import { MachineDeletedService } from './machine-deleted.service.js';
import { MachineEventsController } from './machine-events.controller.js';
import { MachineHistoryService } from './machine-history.service.js';
import { MachineProjection } from './machine-projection.js';

/**
 * The machine projection and machine-service's events; exports MachineProjection, which fuel records
 * and purchases check on every write. A machine's history counts and its deletion reach the fuel,
 * purchase and part tables through their repositories, provided here too: importing FuelModule,
 * PurchasesModule or InventoryModule would make a cycle, as they import this module for the projection.
 */
@Module({
  imports: [CommonModule],
  controllers: [MachineEventsController],
  providers: [
    MachineProjection,
    MachineDeletedService,
    MachineHistoryService,
    KnownMachinesRepository,
    FuelRecordsRepository,
    PurchasesRepository,
    PartsRepository,
  ],
  exports: [MachineProjection],
})
export class MachinesModule {}
