import { Injectable, Logger } from '@nestjs/common';
import { eventAccountId, eventTime, ErrorCode, isValidId, MACHINE_GET, type Actor, type MachineSavedEvent } from '@wrenchlog/contracts';
import { DomainError, notFound, RpcCallError, RpcClient, unavailable } from '@wrenchlog/platform';
import { KnownMachinesRepository } from './known-machines.repository.js';

export const MACHINE_NOT_FOUND = 'Machine not found';

/** Marks a projection row learnt by a look-up rather than an event: any saved event is newer. */
const LOOKED_UP_AT = new Date(0);

/**
 * Which machines are whose account's (issue 32), kept from machine-service's events (issue 25, item 8), so a fuel record
 * or purchase can only name one of the caller's account's machines without a call per request. A machine not
 * heard of yet (its saved event still in machine-service's outbox, or created before this
 * projection existed) is looked up in machine-service once and remembered.
 */
@Injectable()
export class MachineProjection {
  private readonly logger = new Logger(MachineProjection.name);

  constructor(
    private readonly machines: KnownMachinesRepository,
    private readonly rpc: RpcClient,
  ) {}

  /** Answers when the machine is the caller's account's; 404 for another account's, a deleted, a nonexistent or an impossible id. */
  async requireOwned(actor: Actor, machineId: number): Promise<void> {
    if (!isValidId(machineId)) {
      throw notFound(MACHINE_NOT_FOUND);
    }
    const known = await this.machines.byId(machineId);
    if (known) {
      if (known.deleted || known.accountId !== actor.accountId) {
        throw notFound(MACHINE_NOT_FOUND);
      }
      return;
    }
    await this.lookUp(actor, machineId);
  }

  /**
   * An imported row's check of its machine (issue 23): null when it is the caller's, else the
   * message a hand-entered record would get ('Machine not found'); asked once per machine and batch.
   */
  async importProblem(actor: Actor, machineId: number, seen: Map<number, string | null>): Promise<string | null> {
    if (!seen.has(machineId)) {
      try {
        await this.requireOwned(actor, machineId);
        seen.set(machineId, null);
      } catch (err) {
        if (!(err instanceof DomainError) || err.code !== ErrorCode.NotFound) {
          throw err;
        }
        seen.set(machineId, err.message);
      }
    }
    return seen.get(machineId) ?? null;
  }

  /** Whether the machine is known to be deleted: a write that raced its deletion undoes itself. */
  async isDeleted(machineId: number): Promise<boolean> {
    return (await this.machines.byId(machineId))?.deleted === true;
  }

  /** machine.machine.saved: remember the owning account; idempotent, and a tombstone stays one. */
  async onSaved(e: MachineSavedEvent): Promise<void> {
    const accountId = eventAccountId(e);
    if (!e || !isValidId(e.machineId) || !isValidId(accountId)) {
      this.logger.warn('ignored a malformed machine.machine.saved event');
      return;
    }
    const at = eventTime(e.at);
    await this.machines.remember(e.machineId, accountId, at);
  }

  /** machine.machine.deleted: the tombstone wins over whatever arrived before (an atomic upsert). */
  async onDeleted(accountId: number, machineId: number): Promise<void> {
    await this.machines.markDeleted(accountId, machineId);
  }

  private async lookUp(actor: Actor, machineId: number): Promise<void> {
    try {
      // machine-service scopes the read by the caller's account: another account's machine answers 404 there too.
      await this.rpc.send(MACHINE_GET, { id: machineId }, { actor });
    } catch (err) {
      if (err instanceof RpcCallError && err.code === ErrorCode.NotFound) {
        throw notFound(MACHINE_NOT_FOUND);
      }
      if (err instanceof RpcCallError && err.code === ErrorCode.Unavailable) {
        throw unavailable(err.message);
      }
      throw err;
    }
    await this.machines.remember(machineId, actor.accountId, LOOKED_UP_AT);
  }
}
