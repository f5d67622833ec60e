import { Injectable } from '@nestjs/common';
import type { Actor, ServiceMachineHistoryCount } from '@wrenchlog/contracts';
import { ServiceImagesRepository } from '../images/service-images.repository.js';
import { RecordsRepository } from '../records/records.repository.js';

/** What a machine's delete would take from this service: shown in the delete dialog before it happens. */
@Injectable()
export class MachineHistoryService {
  constructor(
    private readonly records: RecordsRepository,
    private readonly images: ServiceImagesRepository,
  ) {}

  async count(actor: Actor, machineId: number): Promise<ServiceMachineHistoryCount> {
    const [serviceRecords, photos] = await Promise.all([
      this.records.countOfMachine(actor.userId, machineId),
      this.images.countOfMachine(actor.userId, machineId),
    ]);
    return { serviceRecords, photos };
  }
}
