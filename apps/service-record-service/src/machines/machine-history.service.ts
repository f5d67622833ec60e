import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Actor, ServiceMachineHistoryCount } from '@wrenchlog/contracts';
import { requireActor } from '@wrenchlog/platform';
import { Repository } from 'typeorm';
import { ServiceImageEntity } from '../images/service-image.entity.js';
import { ServiceRecordEntity } from '../records/service-record.entity.js';

/** What a machine's delete would take from this service: shown in the delete dialog before it happens. */
@Injectable()
export class MachineHistoryService {
  constructor(
    @InjectRepository(ServiceRecordEntity) private readonly records: Repository<ServiceRecordEntity>,
    @InjectRepository(ServiceImageEntity) private readonly images: Repository<ServiceImageEntity>,
  ) {}

  async count(actor: Actor | null, machineId: number): Promise<ServiceMachineHistoryCount> {
    const { userId } = requireActor(actor);
    const [serviceRecords, photos] = await Promise.all([this.records.countBy({ userId, machineId }), this.images.countBy({ userId, machineId })]);
    return { serviceRecords, photos };
  }
}
