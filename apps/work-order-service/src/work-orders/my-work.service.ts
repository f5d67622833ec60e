import { Injectable, Logger } from '@nestjs/common';
import {
  MY_WORK_MAX,
  MY_WORK_STATES,
  USER_ACCOUNT_NAMES,
  type Actor,
  type MyWork,
  type MyWorkItem,
  type MyWorkState,
  type RpcMeta,
} from '@wrenchlog/contracts';
import { RpcClient } from '@wrenchlog/platform';
import { MachineAccess } from '../machines/machine-access.js';
import { MachinesRepository } from '../machines/machines.repository.js';
import { byUrgency, isOverdue, localDate } from './my-work.rules.js';
import { totalsOf } from './work-order.rules.js';
import { WorkOrdersRepository } from './work-orders.repository.js';
import { callOf } from './work-orders.service.js';

/**
 * The mechanic's portal (issue 35): the caller's open orders in every account they work in, in a
 * fixed number of queries whatever the number of accounts (their memberships, the orders, the
 * machines' names, the lines for the totals) and one call to user-service for the accounts' names.
 */
@Injectable()
export class MyWorkService {
  private readonly logger = new Logger(MyWorkService.name);

  constructor(
    private readonly access: MachineAccess,
    private readonly orders: WorkOrdersRepository,
    private readonly machines: MachinesRepository,
    private readonly rpc: RpcClient,
  ) {}

  async list(actor: Actor, meta?: RpcMeta, now = new Date()): Promise<MyWork> {
    const [reach, names] = await Promise.all([this.access.acrossAccounts(actor, 'workorder.read'), this.accountNames(actor, meta)]);
    const rows = await this.orders.assignedTo(actor.userId, reach, MY_WORK_STATES, MY_WORK_MAX + 1);
    const shown = rows.slice(0, MY_WORK_MAX);
    const ids = shown.map((r) => r.id);
    const [machines, lines] = await Promise.all([this.machines.namesAcrossAccounts(shown.map((r) => r.machineId)), this.orders.lines(ids)]);
    const linesOf = new Map<number, typeof lines>();
    for (const line of lines) {
      linesOf.set(line.workOrderId, [...(linesOf.get(line.workOrderId) ?? []), line]);
    }
    const byAccount = new Map(reach.map((r) => [r.accountId, { role: r.role, today: localDate(now, r.timeZone) }]));
    const content = shown.map((r): MyWorkItem => {
      const account = byAccount.get(r.accountId)!;
      const machine = machines.get(r.machineId);
      return {
        id: r.id,
        account: { id: r.accountId, name: names.get(r.accountId) ?? null, role: account.role },
        machineId: r.machineId,
        machineName: machine && machine.accountId === r.accountId ? machine.name : null,
        title: r.title,
        state: r.state as MyWorkState,
        priority: r.priority,
        plannedDate: r.plannedDate,
        overdue: isOverdue(r.plannedDate, account.today),
        // Removed by the MoneyInterceptor for an account whose role lacks money.read (@MoneyByAccount).
        totals: totalsOf(linesOf.get(r.id) ?? []),
        updatedAt: r.updatedAt.toISOString(),
      };
    });
    return { content: content.sort(byUrgency), truncated: rows.length > MY_WORK_MAX };
  }

  /** The names of the caller's accounts; the list goes out without them while user-service cannot answer. */
  private async accountNames(actor: Actor, meta?: RpcMeta): Promise<Map<number, string>> {
    try {
      const names = await this.rpc.send(USER_ACCOUNT_NAMES, {}, callOf(actor, meta));
      return new Map(names.map((a) => [a.id, a.name]));
    } catch (err) {
      this.logger.warn(`my-work without account names: ${(err as Error).message}`);
      return new Map();
    }
  }
}
