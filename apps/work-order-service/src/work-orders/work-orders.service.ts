import { Injectable } from '@nestjs/common';
import {
  isValidId,
  pageOf,
  WorkLimits,
  WorkMessages,
  type Actor,
  type CreateWorkOrderRequest,
  type RpcMeta,
  type UpdateWorkOrderRequest,
  type WorkOrder,
  type WorkOrderDeleted,
  type WorkOrderListQuery,
  type WorkOrderPage,
  type WorkOrderState,
} from '@wrenchlog/contracts';
import { conflict, forbidden, notFound } from '@wrenchlog/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { WorkEvents } from '../events/work-events.js';
import type { IssueEntity } from '../issues/issue.entity.js';
import { listOf, takeable } from '../issues/issue.rules.js';
import { IssuesRepository } from '../issues/issues.repository.js';
import { MachineAccess, reaches } from '../machines/machine-access.js';
import { stepsOf } from '../job-templates/job-template.rules.js';
import { OrderKits } from './order-kit.js';
import { PartReservations } from './part-reservations.js';
import { fieldError, WorkOrderChecks } from './work-order-checks.js';
import { WorkOrderViews } from './work-order-views.js';
import type { WorkOrderEntity } from './work-order.entity.js';
import { WorkOrdersRepository } from './work-orders.repository.js';

export const callOf = (actor: Actor, meta?: RpcMeta) => ({ actor, correlationId: meta?.correlationId, idempotencyKey: meta?.idempotencyKey });

/** Work orders of the caller's account, on the machines the caller reaches (issue 35). */
@Injectable()
export class WorkOrdersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly orders: WorkOrdersRepository,
    private readonly issues: IssuesRepository,
    private readonly checks: WorkOrderChecks,
    private readonly access: MachineAccess,
    private readonly views: WorkOrderViews,
    private readonly reservations: PartReservations,
    private readonly events: WorkEvents,
    private readonly kits: OrderKits,
  ) {}

  async create(actor: Actor, req: CreateWorkOrderRequest, meta?: RpcMeta): Promise<WorkOrder> {
    const input = req.order;
    const machine = await this.checks.machine(actor, input.machineId);
    await this.checks.assignee(actor, input.assigneeUserId, machine.machineId);
    const schedules = await this.checks.schedules(callOf(actor, meta), input.scheduleIds, machine.machineId);
    const kit = await this.kits.of(actor, input.templateId, schedules, input.steps, meta);
    const row = await this.dataSource.transaction(async (manager) => {
      const now = new Date();
      const order = await this.orders.insert(manager, {
        accountId: actor.accountId,
        createdBy: actor.userId,
        updatedBy: null,
        machineId: machine.machineId,
        title: input.title,
        state: 'open',
        priority: input.priority ?? 'medium',
        assigneeUserId: input.assigneeUserId ?? null,
        vendorSupplierId: input.vendorSupplierId ?? null,
        plannedDate: input.plannedDate ?? null,
        notes: input.notes?.trim() || null,
        steps: JSON.stringify(kit.steps),
        scheduleIds: JSON.stringify(schedules.map((s) => s.id)),
        serviceRecordId: null,
        completedAt: null,
        completionDistance: null,
        completionHours: null,
        completions: 0,
        completionKey: null,
        negativeStock: false,
        stockVersion: 0,
        pendingCompletion: null,
        pendingSince: null,
        createdAt: now,
        updatedAt: now,
      });
      const issueIds = await this.takeIssues(manager, actor, order, input.issueIds ?? []);
      for (const line of kit.lines) {
        await this.orders.insertLine(manager, { accountId: actor.accountId, workOrderId: order.id, createdAt: now, ...line });
      }
      // Its templates' part lines are reserved as any part line is, in this transaction.
      await this.reservations.hold(manager, actor, order.id, order.state, meta);
      await this.events.orderCreated(manager, callOf(actor, meta), order, issueIds);
      return order;
    });
    return this.views.one(actor, row);
  }

  async list(actor: Actor, q: WorkOrderListQuery): Promise<WorkOrderPage> {
    const page = q?.page ?? 0;
    const size = q?.size ?? WorkLimits.workOrderPageSize;
    const assignee = q?.assignee === 'me' ? actor.userId : q?.assignee ? Number(q.assignee) : undefined;
    const [rows, total] = await this.orders.page(
      { accountId: actor.accountId, states: listOf(q?.state), assignee, machineId: q?.machineId, machineIds: await this.access.scope(actor) },
      page,
      size,
    );
    return pageOf(await this.views.many(actor, rows), total, page, size);
  }

  async get(actor: Actor, id: number): Promise<WorkOrder> {
    return this.views.one(actor, await this.reachable(actor, id));
  }

  async update(actor: Actor, req: UpdateWorkOrderRequest, meta?: RpcMeta): Promise<WorkOrder> {
    const before = await this.reachable(actor, req?.id);
    const input = req.order;
    if (input.assigneeUserId !== undefined) {
      await this.checks.assignee(actor, input.assigneeUserId, before.machineId);
    }
    const scheduleIds =
      input.scheduleIds === undefined ? undefined : (await this.checks.schedules(callOf(actor, meta), input.scheduleIds, before.machineId)).map((s) => s.id);
    const row = await this.dataSource.transaction(async (manager) => {
      const order = await this.reachable(actor, req.id, manager);
      if (order.state === 'done') {
        throw conflict(WorkMessages.orderDone);
      }
      if (order.pendingSince !== null && input.state === 'cancelled') {
        // Its record may be made already: the completion (or its recovery) ends it first.
        throw conflict(WorkMessages.completing);
      }
      const state: WorkOrderState = input.state ?? order.state;
      const fields: Partial<WorkOrderEntity> = {
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.priority !== undefined ? { priority: input.priority } : {}),
        ...(input.assigneeUserId !== undefined ? { assigneeUserId: input.assigneeUserId } : {}),
        ...(input.vendorSupplierId !== undefined ? { vendorSupplierId: input.vendorSupplierId } : {}),
        ...(input.plannedDate !== undefined ? { plannedDate: input.plannedDate } : {}),
        ...(input.notes !== undefined ? { notes: input.notes?.trim() || null } : {}),
        ...(input.steps !== undefined ? { steps: JSON.stringify(stepsOf(input.steps, [])) } : {}),
        ...(scheduleIds !== undefined ? { scheduleIds: JSON.stringify(scheduleIds) } : {}),
        state,
        updatedBy: actor.userId,
        updatedAt: new Date(),
      };
      await this.orders.update(manager, order.id, fields);
      const next = { ...order, ...fields };
      // Before the reservations are asked: an inventory that refuses rolls the announcement back with the change.
      await this.events.orderAssigned(manager, callOf(actor, meta), next, order.assigneeUserId);
      if (state !== order.state) {
        // Cancelling releases the parts it held back; opening it again reserves them again.
        await this.reservations.hold(manager, actor, order.id, state, meta);
      }
      if (state === 'cancelled') {
        // A cancelled order lets its issues go back to open, for another order or by hand.
        await this.releaseIssues(manager, actor, order.id, []);
      } else if (input.issueIds !== undefined) {
        await this.releaseIssues(manager, actor, order.id, input.issueIds);
        await this.takeIssues(manager, actor, next, input.issueIds);
      }
      return next;
    });
    return this.views.one(actor, row);
  }

  async delete(actor: Actor, id: number, meta?: RpcMeta): Promise<WorkOrderDeleted> {
    await this.dataSource.transaction(async (manager) => {
      const order = await this.reachable(actor, id, manager);
      // Mechanics do everything with work orders but delete done ones (issue 35's rules).
      if (order.state === 'done' && actor.role === 'mechanic') {
        throw forbidden(WorkMessages.deleteDone);
      }
      if (order.pendingSince !== null) {
        throw conflict(WorkMessages.completing);
      }
      if (order.state !== 'done') {
        await this.releaseIssues(manager, actor, order.id, []);
        await this.reservations.hold(manager, actor, order.id, null, meta);
      }
      await this.orders.delete(manager, order.id);
    });
    return { id };
  }

  async reachable(actor: Actor, id: number | undefined, manager?: EntityManager): Promise<WorkOrderEntity> {
    const order = isValidId(id) ? await this.orders.one(actor.accountId, id, manager) : null;
    if (!order || !reaches(await this.access.scope(actor), order.machineId)) {
      throw notFound(WorkMessages.workOrderNotFound);
    }
    return order;
  }

  /** The issues join the order: each the account's, on its machine, open (or already this order's); they become in progress. Answers their ids. */
  private async takeIssues(manager: EntityManager, actor: Actor, order: WorkOrderEntity, ids: number[]): Promise<number[]> {
    const unique = [...new Set(ids)];
    const rows = await this.issues.many(manager, actor.accountId, unique);
    if (rows.length !== unique.length || rows.some((i) => i.machineId !== order.machineId)) {
      throw fieldError('issueIds', WorkMessages.issueNotOnMachine);
    }
    if (rows.some((i) => !takeable(i, order.id))) {
      throw fieldError('issueIds', WorkMessages.issueTaken);
    }
    for (const issue of rows) {
      await this.issues.update(manager, issue.id, { status: 'in_progress', workOrderId: order.id, updatedBy: actor.userId, updatedAt: new Date() });
    }
    return rows.map((i) => i.id);
  }

  /** The order's issues not in `keep` go back to open. */
  private async releaseIssues(manager: EntityManager, actor: Actor, orderId: number, keep: number[]): Promise<void> {
    const mine = (await this.issues.ofOrders(actor.accountId, [orderId], manager)) as Pick<IssueEntity, 'id'>[];
    for (const issue of mine.filter((i) => !keep.includes(i.id))) {
      await this.issues.update(manager, issue.id, { status: 'open', workOrderId: null, updatedBy: actor.userId, updatedAt: new Date() });
    }
  }
}
