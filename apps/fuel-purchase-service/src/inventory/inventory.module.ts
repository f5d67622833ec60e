import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OutboxModule } from '@wrenchlog/platform';
import { CommonModule } from '../common/common.module.js';
import { InventoryController } from './inventory.controller.js';
import { InventoryExportController } from './inventory-export.controller.js';
import { InventoryService } from './inventory.service.js';
import { PartEntity } from './part.entity.js';
import { StockEvents } from './stock-events.js';
import { SupplierEntity } from './supplier.entity.js';

/** Parts and suppliers; exports StockEvents (inventory.stock.changed, issue 24), which purchases also announce. */
@Module({
  imports: [TypeOrmModule.forFeature([PartEntity, SupplierEntity]), CommonModule, OutboxModule],
  controllers: [InventoryController, InventoryExportController],
  providers: [InventoryService, StockEvents],
  exports: [StockEvents],
})
export class InventoryModule {}
