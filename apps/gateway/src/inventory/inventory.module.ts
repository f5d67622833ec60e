import { Module } from '@nestjs/common';
import { PartsController } from './parts.controller.js';
import { SuppliersController } from './suppliers.controller.js';

/** /api/parts and /api/suppliers (fuel-purchase-service). */
@Module({ controllers: [PartsController, SuppliersController] })
export class InventoryModule {}
