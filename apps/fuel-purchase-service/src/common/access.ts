import { Injectable } from '@nestjs/common';
import { type Actor, type Audited } from '@wrenchlog/contracts';
import { MemberDirectory, type AuditIds, type MachineAssignment } from '@wrenchlog/platform';

/**
 * What of its account a caller sees (issue 32): every row of the account, but for a mechanic or an
 * operator only their assigned machines' (`machines`, null = all), and for an operator only the rows
 * they added (`createdBy`). Repositories fold it into their WHERE; a single row outside it is 404.
 */
export interface AccessScope {
  accountId: number;
  machines: MachineAssignment;
  createdBy: number | null;
}

/** Whether a row of the caller's account is in the scope (a row without a machine: every scope that sees the account's). */
export function inScope(scope: AccessScope, row: { machineId: number | null; createdBy?: number | null }): boolean {
  if (scope.createdBy !== null && row.createdBy !== scope.createdBy) {
    return false;
  }
  return scope.machines === null || row.machineId === null || scope.machines.has(row.machineId);
}

/** Whether the caller may name this machine: assigned roles only their machines (others: 404, existence not disclosed). */
export const seesMachine = (scope: AccessScope, machineId: number): boolean => scope.machines === null || scope.machines.has(machineId);

/** The scope of a caller and the names behind createdBy / updatedBy: each one query at most per request, never per row. */
@Injectable()
export class AccountAccess {
  constructor(private readonly members: MemberDirectory) {}

  /** No query for a role that sees every machine (owner, manager, viewer): the policy costs them nothing. */
  async scope(actor: Actor): Promise<AccessScope> {
    const machines = await this.members.visibleMachines(actor);
    return { accountId: actor.accountId, machines, createdBy: actor.role === 'operator' ? actor.userId : null };
  }

  /** Each row's answer with its `createdBy` / `updatedBy` (one query for all the rows). */
  async answer<E extends AuditIds, V extends object>(accountId: number, rows: readonly E[], view: (row: E) => V): Promise<(V & Audited)[]> {
    const audits = await this.members.audit(accountId, rows);
    return rows.map((row, i) => ({ ...view(row), ...audits[i]! }));
  }

  async answerOne<E extends AuditIds, V extends object>(accountId: number, row: E, view: (row: E) => V): Promise<V & Audited> {
    return (await this.answer(accountId, [row], view))[0]!;
  }
}
