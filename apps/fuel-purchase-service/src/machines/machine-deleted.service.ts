import { Injectable, Logger } from '@nestjs/common';
import type { MachineDeletedEvent } from '@wrenchlog/contracts';
import { UserTransactions } from '../common/transactions.js';
import { FuelRecordEntity } from '../fuel/fuel-record.entity.js';
import { PurchaseEntity } from '../purchases/purchase.entity.js';
import { adjustStock } from '../purchases/purchases.service.js';
import { planRemoval } from '../purchases/stock-ledger.js';
import { MachineProjection } from './machine-projection.js';

/**
 * A deleted machine takes its fuel records and purchases with it. Idempotent: a repeated event
 * finds nothing left to delete. Stock added by its purchases goes back out with them (see stock-ledger.ts).
 */
@Injectable()
export class MachineDeletedService {
  private readonly logger = new Logger(MachineDeletedService.name);

  constructor(
    private readonly tx: UserTransactions,
    private readonly projection: MachineProjection,
  ) {}

  async machineDeleted(event: MachineDeletedEvent): Promise<{ fuelRecords: number; purchases: number }> {
    const { userId, machineId } = event;
    if (!Number.isInteger(userId) || userId <= 0 || !Number.isInteger(machineId) || machineId <= 0) {
      this.logger.warn(`ignored a malformed machine.deleted event: ${JSON.stringify(event)}`);
      return { fuelRecords: 0, purchases: 0 };
    }
    // The tombstone commits first: a create that raced this deletion and inserted after the records
    // below were removed sees it and takes its row back (FuelRecordsService, PurchasesService).
    await this.projection.onDeleted(userId, machineId);
    return this.tx.run(userId, async (manager) => {
      const fuel = await manager.getRepository(FuelRecordEntity).delete({ userId, machineId });
      const purchaseRepo = manager.getRepository(PurchaseEntity);
      // Under the user's lock: the ledgers read here are those of the rows this delete removes.
      const counted = await purchaseRepo.find({ select: { stockPartId: true, stockAdded: true, stockReceived: true }, where: { userId, machineId } });
      const purchases = await purchaseRepo.delete({ userId, machineId });
      await adjustStock(
        manager,
        userId,
        counted.flatMap((p) => planRemoval({ received: p.stockReceived, stockPartId: p.stockPartId, stockAdded: p.stockAdded })),
      );
      const removed = { fuelRecords: fuel.affected ?? 0, purchases: purchases.affected ?? 0 };
      if (removed.fuelRecords || removed.purchases) {
        this.logger.log(`machine ${machineId} deleted: removed ${removed.fuelRecords} fuel record(s) and ${removed.purchases} purchase(s)`);
      }
      return removed;
    });
  }
}
