import { Injectable } from '@nestjs/common';
import { type Actor } from '@wrenchlog/contracts';
import { MemberDirectory, type MachineAssignment } from '@wrenchlog/platform';

/**
 * Which of the account's machines a caller sees (issue 32): all of them, or for a mechanic or an
 * operator their assignment from the members projection. One query a request, never one a row; a
 * record of a machine outside it is answered as not found, and lists leave it out.
 */
@Injectable()
export class MachineAccess {
  constructor(private readonly members: MemberDirectory) {}

  /** null: every machine of the account. */
  of(actor: Actor): Promise<MachineAssignment> {
    return this.members.visibleMachines(actor);
  }
}

/** Whether a machine is among those the caller sees. */
export const maySee = (machines: MachineAssignment, machineId: number): boolean => machines === null || machines.has(machineId);
