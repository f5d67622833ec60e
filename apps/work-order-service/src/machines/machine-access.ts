import { Injectable } from '@nestjs/common';
import { ASSIGNED_ROLES, roleMay, type AccountRole, type Actor, type Right } from '@wrenchlog/contracts';
import { MemberDirectory, requireRight, type MachineAssignment } from '@wrenchlog/platform';

/** An account the caller reaches with a right, and the machines they see there (null: all of them). */
export interface AccountReach {
  accountId: number;
  role: AccountRole;
  machineIds: MachineAssignment;
  /** The member's time zone there (their own, else the account's), null when neither is set. */
  timeZone: string | null;
}

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

  /**
   * Every account whose role lets the caller `right`, with the machines they see in each (issue 35's
   * my-work): found here from this service's members projection, never from a list the caller
   * sends. The current account is the verified actor's, as for every other call (so a membership
   * whose event is still on its way counts there). A personal API token acts in its account only,
   * and is refused (403) as on any call when its role or scopes do not cover `right`.
   */
  async acrossAccounts(actor: Actor, right: Right): Promise<AccountReach[]> {
    if (actor.token) {
      requireRight(actor, right);
    }
    const known = await this.members.memberships(actor.userId);
    const zone = (accountId: number) => known.find((m) => m.accountId === accountId)?.timeZone ?? null;
    const current: AccountReach[] = roleMay(actor.role, right)
      ? [{ accountId: actor.accountId, role: actor.role, machineIds: await this.members.visibleMachines(actor), timeZone: zone(actor.accountId) }]
      : [];
    if (actor.token) {
      return current;
    }
    const others = known
      .filter((m) => m.accountId !== actor.accountId && roleMay(m.role, right))
      .map((m) => ({ accountId: m.accountId, role: m.role, machineIds: ASSIGNED_ROLES.includes(m.role) ? m.machineIds : null, timeZone: m.timeZone }));
    return [...current, ...others];
  }
}

export const reaches = (scope: MachineAssignment, machineId: number): boolean => scope === null || scope.has(machineId);
