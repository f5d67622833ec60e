import { Injectable } from '@nestjs/common';
import { roleMay, type Actor, type WorkOrder } from '@wrenchlog/contracts';
import { MemberDirectory } from '@wrenchlog/platform';
import { IssuesRepository } from '../issues/issues.repository.js';
import { MachinesRepository } from '../machines/machines.repository.js';
import type { WorkOrderLineEntity } from './work-order-line.entity.js';
import type { WorkOrderEntity } from './work-order.entity.js';
import { lineView, parseIds, parseSteps, totalsOf, withoutLineAmount } from './work-order.rules.js';
import { WorkOrdersRepository } from './work-orders.repository.js';

/**
 * Work orders as answered: a page of the board in a fixed number of queries whatever its size (the
 * orders, their lines, their issues, the machines' names, the people), never one per card.
 */
@Injectable()
export class WorkOrderViews {
  constructor(
    private readonly orders: WorkOrdersRepository,
    private readonly issues: IssuesRepository,
    private readonly machines: MachinesRepository,
    private readonly members: MemberDirectory,
  ) {}

  async one(actor: Actor, row: WorkOrderEntity): Promise<WorkOrder> {
    return (await this.many(actor, [row]))[0];
  }

  async many(actor: Actor, rows: WorkOrderEntity[]): Promise<WorkOrder[]> {
    const ids = rows.map((r) => r.id);
    const lines = await this.orders.lines(ids);
    const [issues, names, people] = await Promise.all([
      this.issues.ofOrders(actor.accountId, ids),
      this.machines.names(
        actor.accountId,
        rows.map((r) => r.machineId),
      ),
      // The assignees and the people of the labour lines, in one query.
      this.members.refs(actor.accountId, [...rows.map((r) => r.assigneeUserId), ...lines.map((l) => l.userId)]),
    ]);
    const linesOf = group(lines, (l) => l.workOrderId);
    const issuesOf = group(issues, (i) => i.workOrderId!);
    const money = roleMay(actor.role, 'money.read');
    const views = rows.map((r) => {
      const own = linesOf.get(r.id) ?? [];
      const view: Omit<WorkOrder, 'createdBy' | 'updatedBy'> = {
        id: r.id,
        machineId: r.machineId,
        machineName: names.get(r.machineId) ?? null,
        title: r.title,
        state: r.state,
        priority: r.priority,
        assignee: r.assigneeUserId === null ? null : (people.get(r.assigneeUserId) ?? { id: r.assigneeUserId, name: null }),
        vendorSupplierId: r.vendorSupplierId,
        plannedDate: r.plannedDate,
        notes: r.notes,
        scheduleIds: parseIds(r.scheduleIds),
        issueIds: (issuesOf.get(r.id) ?? []).map((i) => i.id),
        lines: own.map((l) => {
          const line = { ...lineView(l), userName: l.userId === null ? null : (people.get(l.userId)?.name ?? null) };
          return money ? line : withoutLineAmount(line);
        }),
        steps: parseSteps(r.steps),
        totals: totalsOf(own),
        serviceRecordId: r.serviceRecordId,
        completedAt: r.completedAt,
        completionMeters: r.completedAt ? { distance: r.completionDistance, hours: r.completionHours } : null,
        createdAt: r.createdAt.toISOString(),
        updatedAt: r.updatedAt.toISOString(),
      };
      return view;
    });
    return this.members.withAudit(actor.accountId, views, (v) => rows.find((r) => r.id === v.id)!);
  }

  line(actor: Actor, line: WorkOrderLineEntity) {
    return roleMay(actor.role, 'money.read') ? lineView(line) : withoutLineAmount(lineView(line));
  }
}

function group<T>(items: T[], key: (item: T) => number): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const item of items) {
    const k = key(item);
    out.set(k, [...(out.get(k) ?? []), item]);
  }
  return out;
}
