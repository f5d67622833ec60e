import { Injectable } from '@nestjs/common';
import type { Actor, ServiceMachineHistoryCount } from '@wrenchlog/contracts';
import { MachineAccess, maySee } from '../common/machine-access.js';
import { ServiceImagesRepository } from '../images/service-images.repository.js';
import { RecordsRepository } from '../records/records.repository.js';

/** What a machine's delete would take from this service: shown in the delete dialog before it happens. */
@Injectable()
export class MachineHistoryService {
  constructor(
    private readonly records: RecordsRepository,
    private readonly images: ServiceImagesRepository,
    private readonly access: MachineAccess,
  ) {}

  /** The account's records and photos of the machine; none of a machine the caller does not see. */
  async count(actor: Actor, machineId: number): Promise<ServiceMachineHistoryCount> {
    if (!maySee(await this.access.of(actor), machineId)) {
      return { serviceRecords: 0, photos: 0 };
    }
    const [serviceRecords, photos] = await Promise.all([
      this.records.countOfMachine(actor.accountId, machineId),
      this.images.countOfMachine(actor.accountId, machineId),
    ]);
    return { serviceRecords, photos };
  }
}
