import { Injectable } from '@nestjs/common';
import { isValidId, SCHEDULE_GET, WorkMessages, type Actor } from '@wrenchlog/contracts';
import { MemberDirectory, notFound, RpcCallError, validationFailed, type CallContext, type KnownMachineEntity, RpcClient } from '@wrenchlog/platform';
import type { EntityManager } from 'typeorm';
import { MachineAccess, reaches } from '../machines/machine-access.js';
import { MachinesRepository } from '../machines/machines.repository.js';
import { ASSIGNABLE_ROLES } from './work-order.rules.js';

const fieldError = (field: string, message: string) => validationFailed(message, [{ field, message }]);

/** The checks of an order's references: its machine, its assignee, the people on its lines, its schedules. */
@Injectable()
export class WorkOrderChecks {
  constructor(
    private readonly machines: MachinesRepository,
    private readonly access: MachineAccess,
    private readonly rpc: RpcClient,
    private readonly members: MemberDirectory,
  ) {}

  async machine(actor: Actor, machineId: number | undefined, manager?: EntityManager): Promise<KnownMachineEntity> {
    const machine = isValidId(machineId) ? await this.machines.owned(actor.accountId, machineId, manager) : null;
    if (!machine || !reaches(await this.access.scope(actor), machine.machineId)) {
      throw notFound(WorkMessages.machineNotFound);
    }
    return machine;
  }

  /** The assignee: a live member with the mechanic, manager or owner role who sees the machine; else 400 on assigneeUserId. */
  async assignee(actor: Actor, userId: number | null | undefined, machineId: number): Promise<void> {
    if (userId === null || userId === undefined) {
      return;
    }
    const member = await this.members.member(actor.accountId, userId);
    const sees = member && (member.role !== 'mechanic' || reaches(member.machineIds, machineId));
    if (!member || !ASSIGNABLE_ROLES.includes(member.role) || !sees) {
      throw fieldError('assigneeUserId', WorkMessages.assignee);
    }
  }

  /** The person a labour line names: a live member of the account; else 400 on userId. */
  async lineUser(actor: Actor, userId: number | null | undefined): Promise<void> {
    if (userId !== null && userId !== undefined && !(await this.members.member(actor.accountId, userId))) {
      throw fieldError('userId', WorkMessages.lineUser);
    }
  }

  /**
   * Each schedule is the account's, on this machine (schedule-service answers it with the caller's
   * rights); else 400 on scheduleIds. Answers them in order, each once, with the job template each names.
   */
  async schedules(ctx: CallContext, ids: number[] | undefined, machineId: number): Promise<ScheduleRef[]> {
    const unique = [...new Set(ids ?? [])];
    const found: ScheduleRef[] = [];
    for (const id of unique) {
      try {
        const schedule = await this.rpc.send(SCHEDULE_GET, { id }, ctx);
        if (schedule.machineId !== machineId) {
          throw fieldError('scheduleIds', WorkMessages.scheduleNotFound);
        }
        found.push({ id, jobTemplateId: schedule.jobTemplateId ?? null });
      } catch (err) {
        if (err instanceof RpcCallError && err.code === 'NOT_FOUND') {
          throw fieldError('scheduleIds', WorkMessages.scheduleNotFound);
        }
        throw err;
      }
    }
    return found;
  }
}

/** A schedule of the order, and the job template (issue 35) its orders start from. */
export interface ScheduleRef {
  id: number;
  jobTemplateId: number | null;
}

export { fieldError };
