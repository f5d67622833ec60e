import { Injectable } from '@nestjs/common';
import { ASSIGNED_ROLES, type Actor } from '@wrenchlog/contracts';
import { MemberDirectory, type MachineAssignment } from '@wrenchlog/platform';

/**
 * Which of the account's machines a member reaches (issue 32): all of them, or for a mechanic or
 * an operator the ones they are assigned to. A machine out of reach is not found, and lists leave
 * its issues and orders out.
 */
@Injectable()
export class MachineAccess {
  constructor(private readonly members: MemberDirectory) {}

  /** null for every machine of the account; else the assigned ones. */
  scope(actor: Actor): Promise<MachineAssignment> {
    return ASSIGNED_ROLES.includes(actor.role) ? this.members.assignment(actor.accountId, actor.userId) : Promise.resolve(null);
  }
}

export const reaches = (scope: MachineAssignment, machineId: number): boolean => scope === null || scope.has(machineId);
