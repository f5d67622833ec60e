import { Injectable } from '@nestjs/common';
import type { Actor, FuelMachineHistoryCount } from '@wrenchlog/contracts';
import { FuelRecordsRepository } from '../fuel/fuel-records.repository.js';
import { PurchasesRepository } from '../purchases/purchases.repository.js';

/** What a machine's delete would take from this service: shown in the delete dialog before it happens. */
@Injectable()
export class MachineHistoryService {
  constructor(
    private readonly fuel: FuelRecordsRepository,
    private readonly purchases: PurchasesRepository,
  ) {}

  async count({ userId }: Actor, machineId: number): Promise<FuelMachineHistoryCount> {
    const [fuelRecords, purchases] = await Promise.all([this.fuel.countOfMachine(userId, machineId), this.purchases.countOfMachine(userId, machineId)]);
    return { fuelRecords, purchases };
  }
}
