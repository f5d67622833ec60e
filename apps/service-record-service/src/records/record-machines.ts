import { Injectable } from '@nestjs/common';
import { ErrorCode, isValidId, MACHINE_GET, ServiceRecordMessages as M, type Actor } from '@wrenchlog/contracts';
import { notFound, RpcCallError, RpcClient, unavailable, type MachineAssignment } from '@wrenchlog/platform';
import { maySee } from '../common/machine-access.js';
import type { Tx } from '../common/transactions.js';
import { KnownMachinesRepository } from './known-machines.repository.js';

/** The machine a record is written for: the caller's account's, and one the caller sees. */
@Injectable()
export class RecordMachines {
  constructor(
    private readonly machines: KnownMachinesRepository,
    private readonly rpc: RpcClient,
  ) {}

  /**
   * The name of the machine a record is written for, from its projection row, locked where the
   * database has row locks (PostgreSQL). The lock makes a rename or delete of the machine wait for this transaction
   * (then it finds the record), and makes the writes for one machine take turns. Its latest service
   * date is read by a later statement (`RecordEvents.announce`): a statement that waited for the lock still sees
   * the data of when it began, without the dates the writer before it committed.
   *
   * The machine must be the caller's account's, and among `seen` (a mechanic's assignment). Machines
   * are known through machine-service's events, which can arrive after the user has already picked
   * a brand-new machine in the form: a machine this service has not heard of yet is looked up in
   * machine-service once (scoped by the caller) and remembered, so a nonexistent id or another
   * account's is refused as not found (issue 25, item 8), as is a machine known to belong to another
   * account or to be deleted.
   */
  async forWrite(tx: Tx, actor: Actor, machineId: number, seen: MachineAssignment): Promise<string> {
    if (!isValidId(machineId) || !maySee(seen, machineId)) {
      throw notFound(M.machineNotFound);
    }
    const known = (await this.machines.locked(tx, machineId)) ?? (await this.lookUp(tx, actor, machineId));
    if (known.deleted || known.accountId !== actor.accountId) {
      throw notFound(M.machineNotFound);
    }
    return known.name;
  }

  /**
   * A machine not in the projection yet: its name from machine-service, kept as a projection row
   * older than any saved event (so the events still win), inserted in this transaction so a saved
   * or deleted event for it waits for this commit and then sees the record.
   */
  private async lookUp(tx: Tx, actor: Actor, machineId: number): Promise<{ accountId: number; name: string; deleted: boolean }> {
    let name: string;
    try {
      name = (await this.rpc.send(MACHINE_GET, { id: machineId }, { actor })).name;
    } catch (err) {
      if (err instanceof RpcCallError && err.code === ErrorCode.NotFound) {
        throw notFound(M.machineNotFound);
      }
      if (err instanceof RpcCallError && err.code === ErrorCode.Unavailable) {
        throw unavailable(err.message);
      }
      throw err;
    }
    await this.machines.addIfAbsent(tx, { machineId, accountId: actor.accountId, name, updatedAt: new Date(0) });
    const known = await this.machines.locked(tx, machineId);
    if (!known) {
      throw notFound(M.machineNotFound);
    }
    return known;
  }
}
