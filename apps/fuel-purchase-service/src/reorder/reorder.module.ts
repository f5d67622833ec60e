import { Module } from '@nestjs/common';
import { MembersModule } from '@wrenchlog/platform';
import { CommonModule } from '../common/common.module.js';
import { InventoryModule } from '../inventory/inventory.module.js';
import { PurchasesModule } from '../purchases/purchases.module.js';
import { ReorderController } from './reorder.controller.js';
import { ReorderRepository } from './reorder.repository.js';
import { ReorderService } from './reorder.service.js';

/** The parts loop (issue 35): to reorder, drafts through PurchasesService, a part's ledger. */
@Module({
  imports: [CommonModule, MembersModule, InventoryModule, PurchasesModule],
  controllers: [ReorderController],
  providers: [ReorderService, ReorderRepository],
})
export class ReorderModule {}
