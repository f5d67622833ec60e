import { Injectable, Logger } from '@nestjs/common';
import { eventAccountId, eventTime, isValidId, type MachineDeletedEvent, type MachineSavedEvent, type RpcMessage } from '@wrenchlog/contracts';
import { Transactions } from '../common/transactions.js';
import { KnownMachinesRepository } from '../records/known-machines.repository.js';
import { RecordsRepository } from '../records/records.repository.js';
import { RecordsService } from '../records/records.service.js';
import { sortKey } from '../records/service-record.rules.js';

/**
 * Keeps the projection of machines (account and name) from machine-service's events. Both consumers
 * are idempotent (delivery is at least once): saving the same name twice changes nothing, and a
 * deleted machine stays a tombstone that later saved events cannot revive.
 */
@Injectable()
export class MachinesService {
  private readonly logger = new Logger(MachinesService.name);

  constructor(
    private readonly known: KnownMachinesRepository,
    private readonly records: RecordsRepository,
    private readonly recordsService: RecordsService,
    private readonly transactions: Transactions,
  ) {}

  async onSaved(m: RpcMessage<MachineSavedEvent>): Promise<void> {
    const e = m?.payload;
    const accountId = eventAccountId(e);
    if (!e || !isValidId(e.machineId) || !isValidId(accountId) || typeof e.name !== 'string') {
      this.logger.warn(`ignored a malformed machine.machine.saved event`);
      return;
    }
    const at = eventTime(e.at);
    // Atomic statements instead of read-then-save, so concurrent events for one machine never
    // collide on its key, a saved event never revives a machine whose deletion got here first, and
    // an event older than the name already kept changes nothing. One transaction: the projection
    // row stays locked until the records carry its name, so a saved event for the same machine
    // handled at the same moment waits, and so does a record create (RecordsService.machineForWrite).
    await this.transactions.run(async (tx) => {
      await this.known.addIfAbsent(tx, { machineId: e.machineId, accountId, name: e.name, updatedAt: at });
      if (!(await this.known.rename(tx, e.machineId, e.name, at))) {
        return;
      }
      // Only the account's records take the name: a record of another account never shows it.
      await this.records.renameMachine(tx, accountId, e.machineId, e.name, sortKey(e.name));
    });
  }

  async onDeleted(m: RpcMessage<MachineDeletedEvent>): Promise<void> {
    const e = m?.payload;
    const accountId = eventAccountId(e);
    if (!e || !isValidId(e.machineId) || !isValidId(accountId)) {
      this.logger.warn(`ignored a malformed machine.machine.deleted event`);
      return;
    }
    // The deletion marker always wins, whatever arrived before (an atomic upsert).
    await this.transactions.run((tx) => this.known.tombstone(tx, e.machineId, accountId, new Date()));
    const removed = await this.transactions.run((tx) =>
      this.recordsService.deleteAllOfMachine(tx, accountId, e.machineId, { actor: m.actor, correlationId: m.meta?.correlationId }),
    );
    if (removed > 0) {
      this.logger.log(`machine ${e.machineId} deleted: removed ${removed} service record(s) and their images`);
    }
  }
}
