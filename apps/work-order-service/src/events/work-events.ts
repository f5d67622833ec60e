import { Injectable } from '@nestjs/common';
import {
  WORK_INSPECTION_FAILED,
  WORK_ISSUE_CREATED,
  WORK_ISSUE_RESOLVED,
  WORK_ORDER_ASSIGNED,
  WORK_ORDER_COMPLETED,
  WORK_ORDER_CREATED,
  type InspectionAnswer,
  type WorkInspectionFailedEvent,
  type WorkIssueEvent,
  type WorkOrderCompletedEvent,
  type WorkOrderEventBase,
} from '@wrenchlog/contracts';
import { KnownMachineEntity, Outbox, type CallContext } from '@wrenchlog/platform';
import type { EntityManager } from 'typeorm';
import type { InspectionEntity } from '../inspections/inspection.entity.js';
import type { IssueEntity } from '../issues/issue.entity.js';
import type { WorkOrderEntity } from '../work-orders/work-order.entity.js';

type Cents = WorkOrderCompletedEvent['cents'];

/**
 * The work context's facts for notification-service (issue 35: notifications and webhooks), each
 * written through the outbox in the transaction of its change, so an issue, an order or an
 * inspection is never saved without its event nor announced when its change rolled back.
 * The machine's name is read from the projection in that transaction (one query an event).
 */
@Injectable()
export class WorkEvents {
  constructor(private readonly outbox: Outbox) {}

  async issueCreated(manager: EntityManager, ctx: CallContext, issue: IssueEntity, machineName?: string | null): Promise<void> {
    const event = this.issue(issue, machineName ?? (await this.machineName(manager, issue.machineId)), issue.createdBy ?? 0, issue.createdAt);
    await this.outbox.enqueue(manager, WORK_ISSUE_CREATED, event, ctx);
  }

  /** Issues resolved by `by` (by hand, or with their order's completion), one event each. */
  async issuesResolved(manager: EntityManager, ctx: CallContext, issues: IssueEntity[], by: number): Promise<void> {
    const names = new Map<number, string | null>();
    for (const issue of issues) {
      if (!names.has(issue.machineId)) {
        names.set(issue.machineId, await this.machineName(manager, issue.machineId));
      }
      const event: WorkIssueEvent = {
        ...this.issue(issue, names.get(issue.machineId)!, by, issue.resolvedAt ?? new Date()),
        resolutionNote: issue.resolutionNote,
      };
      await this.outbox.enqueue(manager, WORK_ISSUE_RESOLVED, event, ctx);
    }
  }

  async orderCreated(manager: EntityManager, ctx: CallContext, order: WorkOrderEntity, issueIds: number[]): Promise<void> {
    const base = await this.order(manager, order, order.createdBy ?? 0, order.createdAt);
    await this.outbox.enqueue(manager, WORK_ORDER_CREATED, { ...base, issueIds, plannedDate: order.plannedDate }, ctx);
    await this.orderAssigned(manager, ctx, order, null, base);
  }

  /** The assignee became a person (not when cleared, nor when named again). */
  async orderAssigned(manager: EntityManager, ctx: CallContext, order: WorkOrderEntity, previous: number | null, known?: WorkOrderEventBase): Promise<void> {
    if (order.assigneeUserId === null || order.assigneeUserId === previous) {
      return;
    }
    const base = known ?? (await this.order(manager, order, order.updatedBy ?? order.createdBy ?? 0, order.updatedAt));
    await this.outbox.enqueue(manager, WORK_ORDER_ASSIGNED, { ...base, assigneeUserId: order.assigneeUserId, previousAssigneeUserId: previous }, ctx);
  }

  /** The order done (its n-th completion) with the totals its service record was made with. */
  async orderCompleted(manager: EntityManager, ctx: CallContext, order: WorkOrderEntity, issueIds: number[], cents: Cents): Promise<void> {
    const base = await this.order(manager, order, order.updatedBy ?? 0, order.updatedAt);
    const event: WorkOrderCompletedEvent = {
      ...base,
      completion: order.completions,
      completedAt: order.completedAt ?? order.updatedAt.toISOString().slice(0, 10),
      serviceRecordId: order.serviceRecordId ?? 0,
      issueIds,
      cents,
    };
    await this.outbox.enqueue(manager, WORK_ORDER_COMPLETED, event, ctx);
  }

  /** An inspection whose failed items opened `issueIds` (nothing when none failed). */
  async inspectionFailed(
    manager: EntityManager,
    ctx: CallContext,
    inspection: InspectionEntity,
    failed: InspectionAnswer[],
    issueIds: number[],
    machineName: string | null,
  ): Promise<void> {
    if (failed.length === 0) {
      return;
    }
    const event: WorkInspectionFailedEvent = {
      accountId: inspection.accountId,
      inspectionId: inspection.id,
      machineId: inspection.machineId,
      machineName,
      formId: inspection.formId,
      formName: inspection.formName,
      readAt: inspection.readAt,
      failedItems: failed.map((a) => ({ itemId: a.itemId, label: a.label, value: a.value, note: a.note })),
      issueIds,
      signedBy: inspection.signedBy,
      by: inspection.createdBy ?? 0,
      at: inspection.createdAt.toISOString(),
    };
    await this.outbox.enqueue(manager, WORK_INSPECTION_FAILED, event, ctx);
  }

  private issue(issue: IssueEntity, machineName: string | null, by: number, at: Date): WorkIssueEvent {
    return {
      accountId: issue.accountId,
      issueId: issue.id,
      machineId: issue.machineId,
      machineName,
      title: issue.title,
      priority: issue.priority,
      status: issue.status,
      outOfService: issue.outOfService,
      inspectionId: issue.inspectionId,
      workOrderId: issue.workOrderId,
      reportedBy: issue.createdBy ?? 0,
      by,
      at: at.toISOString(),
    };
  }

  private async order(manager: EntityManager, order: WorkOrderEntity, by: number, at: Date): Promise<WorkOrderEventBase> {
    return {
      accountId: order.accountId,
      workOrderId: order.id,
      machineId: order.machineId,
      machineName: await this.machineName(manager, order.machineId),
      title: order.title,
      priority: order.priority,
      state: order.state,
      assigneeUserId: order.assigneeUserId,
      createdBy: order.createdBy ?? 0,
      by,
      at: at.toISOString(),
    };
  }

  private async machineName(manager: EntityManager, machineId: number): Promise<string | null> {
    return (await manager.findOne(KnownMachineEntity, { select: { name: true }, where: { machineId } }))?.name || null;
  }
}
