import { Module } from '@nestjs/common';
import { OutboxModule } from '@wrenchlog/platform';
import { CommonModule } from '../common/common.module.js';
import { InventoryModule } from '../inventory/inventory.module.js';
import { MachinesModule } from '../machines/machines.module.js';
import { PurchasesController } from './purchases.controller.js';
import { PurchasesRepository } from './purchases.repository.js';
import { PurchasesService } from './purchases.service.js';

/** Purchases and the stock they add to parts; exports the purchase repository for the cost export and the service for reorder drafts. */
@Module({
  imports: [CommonModule, OutboxModule, MachinesModule, InventoryModule],
  controllers: [PurchasesController],
  providers: [PurchasesService, PurchasesRepository],
  exports: [PurchasesRepository, PurchasesService],
})
export class PurchasesModule {}
