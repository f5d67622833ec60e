import { Injectable, Logger } from '@nestjs/common';
import { eventTime, isValidId, type MachineDeletedEvent, type MachineSavedEvent, type RpcMessage } from '@wrenchlog/contracts';
import { DataSource, LessThanOrEqual } from 'typeorm';
import { RecordsService } from '../records/records.service.js';
import { ServiceRecordEntity } from '../records/service-record.entity.js';
import { sortKey } from '../records/service-record.rules.js';
import { KnownMachineEntity } from '../records/known-machine.entity.js';

/**
 * Keeps the projection of machines (owner and name) from machine-service's events. Both consumers
 * are idempotent (delivery is at least once): saving the same name twice changes nothing, and a
 * deleted machine stays a tombstone that later saved events cannot revive.
 */
@Injectable()
export class MachinesService {
  private readonly logger = new Logger(MachinesService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly recordsService: RecordsService,
  ) {}

  async onSaved(m: RpcMessage<MachineSavedEvent>): Promise<void> {
    const e = m?.payload;
    if (!e || !isValidId(e.machineId) || !isValidId(e.userId) || typeof e.name !== 'string') {
      this.logger.warn(`ignored a malformed machine.machine.saved event`);
      return;
    }
    const at = eventTime(e.at);
    // Atomic statements instead of read-then-save, so concurrent events for one machine never
    // collide on its key, a saved event never revives a machine whose deletion got here first, and
    // an event older than the name already kept changes nothing. One transaction: the projection
    // row stays locked until the records carry its name, so a saved event for the same machine
    // handled at the same moment waits, and so does a record create (RecordsService.machineForWrite).
    await this.dataSource.transaction(async (manager) => {
      await manager
        .createQueryBuilder()
        .insert()
        .into(KnownMachineEntity)
        .values({ machineId: e.machineId, userId: e.userId, name: e.name, deleted: false, updatedAt: at })
        .orIgnore()
        .execute();
      const applied = await manager.update(
        KnownMachineEntity,
        { machineId: e.machineId, deleted: false, updatedAt: LessThanOrEqual(at) },
        { name: e.name, updatedAt: at },
      );
      if (!applied.affected) {
        return;
      }
      // Only the owner's records take the name: a record of someone else never shows it.
      await manager.update(ServiceRecordEntity, { machineId: e.machineId, userId: e.userId }, { machineName: e.name, machineKey: sortKey(e.name) });
    });
  }

  async onDeleted(m: RpcMessage<MachineDeletedEvent>): Promise<void> {
    const e = m?.payload;
    if (!e || !isValidId(e.machineId) || !isValidId(e.userId)) {
      this.logger.warn(`ignored a malformed machine.machine.deleted event`);
      return;
    }
    // The deletion marker always wins, whatever arrived before (an atomic upsert).
    await this.dataSource.transaction((manager) =>
      manager
        .createQueryBuilder()
        .insert()
        .into(KnownMachineEntity)
        .values({ machineId: e.machineId, userId: e.userId, name: '', deleted: true, updatedAt: new Date() })
        .orUpdate(['deleted', 'updated_at'], ['machine_id'])
        .execute(),
    );
    const removed = await this.dataSource.transaction((manager) =>
      this.recordsService.deleteAllOfMachine(manager, e.userId, e.machineId, { actor: m.actor, correlationId: m.meta?.correlationId }),
    );
    if (removed > 0) {
      this.logger.log(`machine ${e.machineId} deleted: removed ${removed} service record(s) and their images`);
    }
  }
}
