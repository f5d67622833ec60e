import { Injectable, Logger } from '@nestjs/common';
import type { MachineDeletedEvent } from '@wrenchlog/contracts';
import { UserTransactions } from '../common/transactions.js';
import { FuelRecordEntity } from '../fuel/fuel-record.entity.js';
import { PurchaseEntity } from '../purchases/purchase.entity.js';
import { MachineProjection } from './machine-projection.js';

/**
 * A deleted machine takes its fuel records and purchases with it. Idempotent: a repeated event
 * finds nothing left to delete. Inventory stock added by its purchases stays (see stock-ledger.ts).
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
      const purchases = await manager.getRepository(PurchaseEntity).delete({ userId, machineId });
      const removed = { fuelRecords: fuel.affected ?? 0, purchases: purchases.affected ?? 0 };
      if (removed.fuelRecords || removed.purchases) {
        this.logger.log(`machine ${machineId} deleted: removed ${removed.fuelRecords} fuel record(s) and ${removed.purchases} purchase(s)`);
      }
      return removed;
    });
  }
}
