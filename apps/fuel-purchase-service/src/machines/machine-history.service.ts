import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Actor, FuelMachineHistoryCount } from '@wrenchlog/contracts';
import { requireActor } from '@wrenchlog/platform';
import { Repository } from 'typeorm';
import { FuelRecordEntity } from '../fuel/fuel-record.entity.js';
import { PurchaseEntity } from '../purchases/purchase.entity.js';

/** What a machine's delete would take from this service: shown in the delete dialog before it happens. */
@Injectable()
export class MachineHistoryService {
  constructor(
    @InjectRepository(FuelRecordEntity) private readonly fuel: Repository<FuelRecordEntity>,
    @InjectRepository(PurchaseEntity) private readonly purchases: Repository<PurchaseEntity>,
  ) {}

  async count(actor: Actor | null, machineId: number): Promise<FuelMachineHistoryCount> {
    const { userId } = requireActor(actor);
    const [fuelRecords, purchases] = await Promise.all([this.fuel.countBy({ userId, machineId }), this.purchases.countBy({ userId, machineId })]);
    return { fuelRecords, purchases };
  }
}
