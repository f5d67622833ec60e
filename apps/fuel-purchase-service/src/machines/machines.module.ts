import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CommonModule } from '../common/common.module.js';
import { FuelRecordEntity } from '../fuel/fuel-record.entity.js';
import { PurchaseEntity } from '../purchases/purchase.entity.js';
import { KnownMachineEntity } from './known-machine.entity.js';
import { MachineDeletedService } from './machine-deleted.service.js';
import { MachineEventsController } from './machine-events.controller.js';
import { MachineHistoryService } from './machine-history.service.js';
import { MachineProjection } from './machine-projection.js';

/**
 * The machine projection and machine-service's events; exports MachineProjection, which fuel records
 * and purchases check on every write. The history counts read the fuel and purchase tables through
 * their own repositories here: importing FuelModule or PurchasesModule would make a cycle, as both
 * import this module for the projection.
 */
@Module({
  imports: [TypeOrmModule.forFeature([KnownMachineEntity, FuelRecordEntity, PurchaseEntity]), CommonModule],
  controllers: [MachineEventsController],
  providers: [MachineProjection, MachineDeletedService, MachineHistoryService],
  exports: [MachineProjection],
})
export class MachinesModule {}
