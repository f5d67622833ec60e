import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { MachineDeletedEvent, MachineSavedEvent, RpcMessage } from '@wrenchlog/contracts';
import { DataSource, Repository } from 'typeorm';
import { RecordsService } from '../records/records.service.js';
import { ServiceRecordEntity } from '../records/service-record.entity.js';
import { isValidId, sortKey } from '../records/service-record.rules.js';
import { KnownMachine } from './known-machine.entity.js';

/**
 * Keeps the projection of machines (owner and name) from machine-service's events. Both consumers
 * are idempotent (delivery is at least once): saving the same name twice changes nothing, and a
 * deleted machine stays a tombstone that later saved events cannot revive.
 */
@Injectable()
export class MachinesService {
  private readonly logger = new Logger(MachinesService.name);

  constructor(
    @InjectRepository(KnownMachine) private readonly machines: Repository<KnownMachine>,
    private readonly dataSource: DataSource,
    private readonly recordsService: RecordsService,
  ) {}

  async onSaved(m: RpcMessage<MachineSavedEvent>): Promise<void> {
    const e = m?.payload;
    if (!e || !isValidId(e.machineId) || !isValidId(e.userId) || typeof e.name !== 'string') {
      this.logger.warn(`ignored a malformed machine.machine.saved event`);
      return;
    }
    const known = await this.machines.findOneBy({ machineId: e.machineId });
    if (known?.deleted) {
      return;
    }
    // The projection commits first, then the records are renamed: a record created concurrently
    // either is seen here or sees the projection after its own commit (RecordsService.settleMachine).
    await this.dataSource.transaction((manager) => manager.save(KnownMachine, { machineId: e.machineId, userId: e.userId, name: e.name, deleted: false, updatedAt: new Date() }));
    // Only the owner's records take the name: a record of someone else never shows it.
    await this.dataSource.transaction((manager) => manager.update(ServiceRecordEntity, { machineId: e.machineId, userId: e.userId }, { machineName: e.name, machineKey: sortKey(e.name) }));
  }

  async onDeleted(m: RpcMessage<MachineDeletedEvent>): Promise<void> {
    const e = m?.payload;
    if (!e || !isValidId(e.machineId) || !isValidId(e.userId)) {
      this.logger.warn(`ignored a malformed machine.machine.deleted event`);
      return;
    }
    const known = await this.machines.findOneBy({ machineId: e.machineId });
    await this.dataSource.transaction((manager) => manager.save(KnownMachine, { machineId: e.machineId, userId: e.userId, name: known?.name ?? '', deleted: true, updatedAt: new Date() }));
    const removed = await this.dataSource.transaction((manager) =>
      this.recordsService.deleteAllOfMachine(manager, e.userId, e.machineId, { actor: m.actor, correlationId: m.meta?.correlationId }),
    );
    if (removed > 0) {
      this.logger.log(`machine ${e.machineId} deleted: removed ${removed} service record(s) and their images`);
    }
  }
}
