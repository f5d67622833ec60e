import { Injectable } from '@nestjs/common';
import { ErrorCode, isValidId, MACHINE_GET, ReportMessages, type Actor } from '@wrenchlog/contracts';
import { notFound, RpcCallError, RpcClient, unavailable } from '@wrenchlog/platform';
import type { ReportMachineEntity } from './report-machine.entity.js';
import { MachinesRepository } from './machines.repository.js';

/**
 * The caller's machine for a report: from the projection, or, when its saved event has not arrived
 * yet (or the machine is older than this service), from machine-service once, remembered. Another
 * account's, a deleted or an unknown machine is 404.
 */
@Injectable()
export class MachineLookup {
  constructor(
    private readonly machines: MachinesRepository,
    private readonly rpc: RpcClient,
  ) {}

  async requireOwned(actor: Actor, machineId: number): Promise<ReportMachineEntity> {
    if (!isValidId(machineId)) {
      throw notFound(ReportMessages.machineNotFound);
    }
    const known = await this.machines.find(machineId);
    if (known) {
      if (known.deleted || known.accountId !== actor.accountId) {
        throw notFound(ReportMessages.machineNotFound);
      }
      return known;
    }
    try {
      // machine-service scopes the read by the caller's account: another account's machine answers 404 there too.
      const m = await this.rpc.send(MACHINE_GET, { id: machineId }, { actor });
      // As old as possible: any saved event is newer and wins.
      await this.machines.applySaved({
        machineId,
        accountId: actor.accountId,
        name: m.name,
        type: m.type ?? null,
        archived: m.archived === true,
        updatedAt: new Date(0),
      });
      return (await this.machines.find(machineId))!;
    } catch (err) {
      if (err instanceof RpcCallError && err.code === ErrorCode.NotFound) {
        throw notFound(ReportMessages.machineNotFound);
      }
      if (err instanceof RpcCallError && err.code === ErrorCode.Unavailable) {
        throw unavailable(err.message);
      }
      throw err;
    }
  }
}
