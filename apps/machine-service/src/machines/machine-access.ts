import { Injectable } from '@nestjs/common';
import { type Actor } from '@wrenchlog/contracts';
import { MemberDirectory, type MachineAssignment } from '@wrenchlog/platform';

/**
 * Which of the account's machines a member sees (issue 32): a mechanic or an operator their
 * assignment, as user-service's events told this service; everyone else every machine. What a
 * role may do is `@Caller(right)`'s; this is only which machines.
 */
@Injectable()
export class MachineAccess {
  constructor(private readonly members: MemberDirectory) {}

  /** The machines the actor sees, null for all: one query for an assigned role, none for the others. */
  visible(actor: Actor): Promise<MachineAssignment> {
    return this.members.visibleMachines(actor);
  }
}
