import { Injectable, Logger } from '@nestjs/common';
import { eventAccountId, type MachineDeletedEvent } from '@wrenchlog/contracts';
import { AccountTransactions } from '../common/transactions.js';
import { FuelRecordsRepository } from '../fuel/fuel-records.repository.js';
import { PartsRepository } from '../inventory/parts.repository.js';
import { PurchasesRepository } from '../purchases/purchases.repository.js';
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
    private readonly tx: AccountTransactions,
    private readonly projection: MachineProjection,
    private readonly fuel: FuelRecordsRepository,
    private readonly purchases: PurchasesRepository,
    private readonly parts: PartsRepository,
  ) {}

  async machineDeleted(event: MachineDeletedEvent): Promise<{ fuelRecords: number; purchases: number }> {
    const accountId = eventAccountId(event);
    const machineId = event?.machineId;
    if (accountId === 0 || !Number.isInteger(machineId) || machineId <= 0) {
      this.logger.warn(`ignored a malformed machine.deleted event: ${JSON.stringify(event)}`);
      return { fuelRecords: 0, purchases: 0 };
    }
    // The tombstone commits first: a create that raced this deletion and inserted after the records
    // below were removed sees it and takes its row back (FuelRecordsService, PurchasesService).
    await this.projection.onDeleted(accountId, machineId);
    return this.tx.run(accountId, async (tx) => {
      const fuelRecords = await this.fuel.deleteOfMachine(tx, accountId, machineId);
      // Under the account's lock: the ledgers answered are those of the rows this delete removes.
      const purchases = await this.purchases.deleteOfMachine(tx, accountId, machineId);
      await this.parts.adjustStock(
        tx,
        accountId,
        purchases.ledgers.flatMap((ledger) => planRemoval(ledger)),
        { kind: 'purchase-removed', label: 'Machine deleted', by: null },
      );
      const removed = { fuelRecords, purchases: purchases.deleted };
      if (removed.fuelRecords || removed.purchases) {
        this.logger.log(`machine ${machineId} deleted: removed ${removed.fuelRecords} fuel record(s) and ${removed.purchases} purchase(s)`);
      }
      return removed;
    });
  }
}
