import { Injectable } from '@nestjs/common';
import { roleMay, type Actor, type FuelMachineHistoryCount } from '@wrenchlog/contracts';
import { AccountAccess, seesMachine } from '../common/access.js';
import { FuelRecordsRepository } from '../fuel/fuel-records.repository.js';
import { PurchasesRepository } from '../purchases/purchases.repository.js';

/** What a machine's delete would take from this service: shown in the delete dialog before it happens. */
@Injectable()
export class MachineHistoryService {
  constructor(
    private readonly fuel: FuelRecordsRepository,
    private readonly purchases: PurchasesRepository,
    private readonly access: AccountAccess,
  ) {}

  /** What the caller sees of the machine: nothing of one they are not assigned to, an operator's own fuel records, purchases only with 'inventory.read'. */
  async count(actor: Actor, machineId: number): Promise<FuelMachineHistoryCount> {
    const scope = await this.access.scope(actor);
    if (!seesMachine(scope, machineId)) {
      return { fuelRecords: 0, purchases: 0 };
    }
    const [fuelRecords, purchases] = await Promise.all([
      this.fuel.countOfMachine(scope, machineId),
      roleMay(actor.role, 'inventory.read') ? this.purchases.countOfMachine(actor.accountId, machineId) : 0,
    ]);
    return { fuelRecords, purchases };
  }
}
