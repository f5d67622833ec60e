import { Module } from '@nestjs/common';
import { OutboxModule } from '@wrenchlog/platform';
import { CommonModule } from '../common/common.module.js';
import { PurchasesRepository } from '../purchases/purchases.repository.js';
import { InventoryController } from './inventory.controller.js';
import { InventoryExportController } from './inventory-export.controller.js';
import { InventoryImportsController } from './inventory-imports.controller.js';
import { InventoryImportsService } from './inventory-imports.service.js';
import { InventoryService } from './inventory.service.js';
import { PartsRepository } from './parts.repository.js';
import { StockEvents } from './stock-events.js';
import { StockReservationsRepository } from './stock-reservations.repository.js';
import { StockReservationsService } from './stock-reservations.service.js';
import { StockTakesController } from './stock-takes.controller.js';
import { StockTakesService } from './stock-takes.service.js';
import { SuppliersRepository } from './suppliers.repository.js';

/**
 * Parts and suppliers; exports their repositories (purchases check and move a part's stock) and
 * StockEvents (inventory.stock.changed, issue 24), which purchases also announce. A part's or
 * supplier's delete unlinks the purchases that name it, through its own PurchasesRepository:
 * importing PurchasesModule would make a cycle, as it imports this module.
 */
@Module({
  imports: [CommonModule, OutboxModule],
  controllers: [InventoryController, InventoryExportController, InventoryImportsController, StockTakesController],
  providers: [
    InventoryService,
    InventoryImportsService,
    StockEvents,
    StockTakesService,
    StockReservationsService,
    StockReservationsRepository,
    PartsRepository,
    SuppliersRepository,
    PurchasesRepository,
  ],
  exports: [StockEvents, PartsRepository, SuppliersRepository],
})
export class InventoryModule {}
