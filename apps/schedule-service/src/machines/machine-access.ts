import { Injectable } from '@nestjs/common';
import { type Actor } from '@wrenchlog/contracts';
import { MemberDirectory, type MachineAssignment } from '@wrenchlog/platform';

/**
 * Which of the account's machines a member reaches (issue 32): all of them, or for a mechanic or
 * an operator the ones they are assigned to. A machine out of reach is not found (its existence
 * is not disclosed), and lists leave its things out.
 */
@Injectable()
export class MachineAccess {
  constructor(private readonly members: MemberDirectory) {}

  /** null for every machine of the account; else the assigned ones. One query, and none for a role that sees all. */
  scope(actor: Actor): Promise<MachineAssignment> {
    return this.members.visibleMachines(actor);
  }
}

export const reaches = (scope: MachineAssignment, machineId: number): boolean => scope === null || scope.has(machineId);
