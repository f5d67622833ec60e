import { Module } from '@nestjs/common';
import { PurchasesController } from './purchases.controller.js';

/** /api/purchases (fuel-purchase-service). */
@Module({ controllers: [PurchasesController] })
export class PurchasesModule {}
