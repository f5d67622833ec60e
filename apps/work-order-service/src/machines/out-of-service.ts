import { Injectable } from '@nestjs/common';
import { MACHINE_OUT_OF_SERVICE, type MachineOutOfServiceEvent } from '@wrenchlog/contracts';
import { KnownMachineEntity, Outbox, rowLock, type CallContext } from '@wrenchlog/platform';
import { In, type EntityManager } from 'typeorm';
import { IssueEntity } from '../issues/issue.entity.js';

/** The states in which an out-of-service issue keeps its machine Down. */
export const HOLDING_STATUSES = ['open', 'in_progress'] as const;

/**
 * Tells machine-service whether a machine is out of service (issue 35), inside the transaction that
 * changed its issues. Why an event and not an RPC: the issue and the fact commit together (no issue
 * saved with its machine left Active by a failed call, nor a machine Down for an issue rolled back),
 * and machine-service being down delays the status instead of refusing the report.
 * The machine's projection row is locked first, so two changes of one machine's issues take turns:
 * the count is read after the lock and `at` taken after it, so the newest event is the true one.
 */
@Injectable()
export class OutOfServiceAnnouncer {
  constructor(private readonly outbox: Outbox) {}

  /** Announces the machine's state when a changed issue is or was out of service (`touched`). */
  async announce(manager: EntityManager, ctx: CallContext, accountId: number, machineId: number, touched = true): Promise<void> {
    if (!touched) {
      return;
    }
    await manager.findOne(KnownMachineEntity, { where: { machineId }, ...rowLock(manager) });
    const held = await manager.count(IssueEntity, { where: { accountId, machineId, outOfService: true, status: In([...HOLDING_STATUSES]) } });
    const event: MachineOutOfServiceEvent = { machineId, accountId, down: held > 0, at: new Date().toISOString() };
    await this.outbox.enqueue(manager, MACHINE_OUT_OF_SERVICE, event, ctx);
  }
}
