import { Injectable, Logger } from '@nestjs/common';
import {
  ErrorCode,
  INVENTORY_STOCK_RETURN,
  INVENTORY_STOCK_TAKE,
  SCHEDULE_GET,
  SERVICE_RECORD_CREATE,
  SERVICE_RECORD_DELETE,
  ServiceRecordLimits,
  WorkMessages,
  type Actor,
  type CompleteWorkOrderRequest,
  type RpcMeta,
  type WorkOrder,
} from '@wrenchlog/contracts';
import { conflict, DomainError, MemberDirectory, RpcCallError, RpcClient, type CallContext } from '@wrenchlog/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { IssuesRepository } from '../issues/issues.repository.js';
import { PartReservations } from './part-reservations.js';
import { OutOfServiceAnnouncer } from '../machines/out-of-service.js';
import { WorkOrderViews } from './work-order-views.js';
import type { WorkOrderEntity } from './work-order.entity.js';
import { WorkEvents } from '../events/work-events.js';
import { centsOf, linesInWords, parseIds, parseSteps, stepsInWords, totalsOf } from './work-order.rules.js';
import { PendingCompletions, type PendingCompletion } from './pending-completions.repository.js';
import { WorkOrdersRepository } from './work-orders.repository.js';
import { callOf, WorkOrdersService } from './work-orders.service.js';

/** Another service's refusal (409 short stock, 400 of a record) reaches the caller as that service said it. */
function passOn(err: unknown): never {
  if (err instanceof RpcCallError && err.code !== ErrorCode.Internal && err.code !== ErrorCode.Unavailable) {
    throw new DomainError(err.code, err.message, err.details);
  }
  throw err;
}

/** Another service said no (a 4xx): nothing was done there. A timeout or an unreachable service leaves the outcome open. */
function refused(err: unknown): boolean {
  return err instanceof RpcCallError && err.code !== ErrorCode.Internal && err.code !== ErrorCode.Unavailable;
}

/** The key of the service record of an order's n-th completion: a retry finds the record the first try made. */
export const completionKey = (orderId: number, n: number): string => `work-order:${orderId}:${n}`;

/**
 * Completing an order (issue 35), as requests in order with compensation, the order's own row
 * deciding: (0) fuel-purchase-service takes the parts out of stock once per key (short stock: 409
 * before anything is written); (1) service-record-service makes the record, with the order's schedules in
 * `completesScheduleIds` and its meters, in one transaction of its own whose outbox then completes
 * the schedules and records the readings in schedule-service; the record's idempotency key is the
 * order's, so a retry or a second request makes no second record; (2) one local transaction marks
 * the order done with the record and resolves its issues. When (1) fails the stock is returned;
 * when (2) fails the record is deleted again (its deletion event un-completes the schedules) and
 * the stock returned. Reopening does the same backwards.
 * See the README for what a crash between (1) and (2) leaves and how a retry repairs it.
 */
@Injectable()
export class CompletionService {
  private readonly logger = new Logger(CompletionService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly orders: WorkOrdersRepository,
    private readonly issues: IssuesRepository,
    private readonly workOrders: WorkOrdersService,
    private readonly views: WorkOrderViews,
    private readonly members: MemberDirectory,
    private readonly rpc: RpcClient,
    private readonly reservations: PartReservations,
    private readonly outOfService: OutOfServiceAnnouncer,
    private readonly pending: PendingCompletions,
    private readonly events: WorkEvents,
  ) {}

  async complete(actor: Actor, req: CompleteWorkOrderRequest, meta?: RpcMeta): Promise<WorkOrder> {
    const key = meta?.idempotencyKey ?? null;
    const order = await this.workOrders.reachable(actor, req?.id);
    const repeated = this.doneAlready(order, key);
    if (repeated) {
      return this.views.one(actor, repeated);
    }
    const pending: PendingCompletion = {
      actor,
      request: { id: order.id, completedAt: req.completedAt, meters: req.meters, allowNegativeStock: req.allowNegativeStock },
      key,
      correlationId: meta?.correlationId,
    };
    // Written before any other service is asked: from here on a crash is finished by CompletionRecovery.
    if (!(await this.pending.start(order.id, pending))) {
      this.doneAlready(await this.workOrders.reachable(actor, order.id), key);
    }
    const done = await this.run(order.id, pending).catch((err: unknown) => {
      // Outcome unknown (a service unreachable or slow): the completion stays pending for CompletionRecovery.
      throw err instanceof DomainError ? err : new DomainError(ErrorCode.Unavailable, WorkMessages.completionCut);
    });
    return this.views.one(actor, done);
  }

  /**
   * The steps of a completion written on its order (by `complete`, or taken up again by the
   * recovery). A refusal (a DomainError) has been undone when it arrives here, so the completion
   * has ended; any other failure (a service unreachable, a timeout: outcome unknown) leaves it in
   * progress for the recovery to finish.
   */
  async run(orderId: number, pending: PendingCompletion): Promise<WorkOrderEntity> {
    try {
      return await this.steps(orderId, pending);
    } catch (err) {
      if (err instanceof DomainError) {
        await this.pending.end(orderId);
      }
      throw err;
    }
  }

  private async steps(orderId: number, pending: PendingCompletion): Promise<WorkOrderEntity> {
    const { actor, key, request: req } = pending;
    const meta: RpcMeta = { correlationId: pending.correlationId ?? `work-order-${orderId}-completion`, idempotencyKey: key ?? undefined };
    const order = await this.workOrders.reachable(actor, orderId);
    const repeated = this.doneAlready(order, key);
    if (repeated) {
      await this.pending.end(orderId);
      return repeated;
    }
    const ctx = callOf(actor, meta);
    const lines = await this.orders.lines([order.id]);
    const scheduleIds = parseIds(order.scheduleIds);
    const names = await this.members.refs(
      actor.accountId,
      lines.map((l) => l.userId),
    );
    const takeKey = completionKey(order.id, order.completions + 1);
    // (1) The parts out of stock, once per key: short stock is 409 naming the parts before anything is written.
    const moves = lines.filter((l) => l.kind === 'part' && l.partId !== null).map((l) => ({ partId: l.partId!, quantity: l.quantity ?? 0 }));
    if (moves.length) {
      await this.rpc
        .send(
          INVENTORY_STOCK_TAKE,
          { key: takeKey, moves, allowNegativeStock: req.allowNegativeStock === true, workOrder: { id: order.id, title: order.title } },
          { ...ctx, idempotencyKey: undefined },
        )
        .catch(passOn);
    }
    const record = await this.rpc
      .send(
        SERVICE_RECORD_CREATE,
        {
          machineId: order.machineId,
          title: order.title.slice(0, ServiceRecordLimits.title),
          status: 'Completed',
          serviceDate: req.completedAt,
          serviceType: await this.serviceType(ctx, scheduleIds),
          notes: [
            `Work order #${order.id}`,
            linesInWords(lines, (id) => (id === null ? null : (names.get(id)?.name ?? null))),
            // The checklist too (issue 35's job templates), so the history says which steps were done.
            stepsInWords(parseSteps(order.steps)),
          ]
            .filter(Boolean)
            .join('\n')
            .slice(0, ServiceRecordLimits.notes),
          price: totalsOf(lines).total,
          ...(typeof req.meters?.distance === 'number' ? { miles: req.meters.distance } : {}),
          ...(typeof req.meters?.hours === 'number' ? { hours: req.meters.hours } : {}),
          ...(scheduleIds.length ? { completesScheduleIds: scheduleIds } : {}),
        },
        { ...ctx, idempotencyKey: takeKey },
      )
      .catch(async (err: unknown) => {
        if (refused(err)) {
          await this.returnStock(ctx, takeKey, moves.length);
        }
        return passOn(err);
      });
    try {
      const done = await this.dataSource.transaction(async (manager) => {
        const current = await this.workOrders.reachable(actor, order.id, manager);
        if (current.state === 'done') {
          // Another request completed it meanwhile, with this very record (same key): not ours to undo.
          const same = this.doneAlready(current, key);
          if (same) {
            return same;
          }
          throw Object.assign(conflict(WorkMessages.completedTwice), { keepRecord: current.serviceRecordId === record.id });
        }
        const fields: Partial<WorkOrderEntity> = {
          state: 'done',
          serviceRecordId: record.id,
          completedAt: req.completedAt,
          completionDistance: req.meters?.distance ?? null,
          completionHours: req.meters?.hours ?? null,
          completions: current.completions + 1,
          completionKey: key,
          negativeStock: req.allowNegativeStock === true,
          pendingCompletion: null,
          pendingSince: null,
          updatedBy: actor.userId,
          updatedAt: new Date(),
        };
        await this.orders.update(manager, order.id, fields);
        const done = { ...current, ...fields };
        const issueIds = await this.resolveIssues(manager, ctx, actor, current);
        // With the record's figures; written before the reservations are released, so a refusal there rolls it back too.
        await this.events.orderCompleted(manager, ctx, done, issueIds, centsOf(lines));
        // The take above is what the reservations held back: they are released with the order done.
        await this.reservations.hold(manager, actor, order.id, 'done', meta);
        return done;
      });
      return done;
    } catch (err) {
      // A refusal (the order gone, another completion first) is undone here; anything else is left to the recovery.
      if (err instanceof DomainError && !(err as { keepRecord?: boolean }).keepRecord) {
        await this.deleteRecord(ctx, record.id);
        await this.returnStock(ctx, takeKey, moves.length);
      }
      throw err;
    }
  }

  async reopen(actor: Actor, id: number, meta?: RpcMeta): Promise<WorkOrder> {
    const order = await this.workOrders.reachable(actor, id);
    if (order.state !== 'done') {
      throw conflict(WorkMessages.orderNotDone);
    }
    if (order.serviceRecordId !== null) {
      await this.deleteRecord(callOf(actor, meta), order.serviceRecordId);
    }
    await this.returnStock(callOf(actor, meta), completionKey(order.id, order.completions), 1);
    const row = await this.dataSource.transaction(async (manager) => {
      const current = await this.workOrders.reachable(actor, id, manager);
      if (current.state !== 'done') {
        throw conflict(WorkMessages.orderNotDone);
      }
      const fields: Partial<WorkOrderEntity> = {
        state: 'in_progress',
        serviceRecordId: null,
        completedAt: null,
        completionDistance: null,
        completionHours: null,
        completionKey: null,
        negativeStock: false,
        updatedBy: actor.userId,
        updatedAt: new Date(),
      };
      await this.orders.update(manager, id, fields);
      // Open again: its part lines hold their quantity back again.
      await this.reservations.hold(manager, actor, id, 'in_progress', meta);
      const issues = await this.issues.ofOrders(actor.accountId, [id], manager);
      for (const issue of issues) {
        await this.issues.update(manager, issue.id, {
          status: 'in_progress',
          resolvedAt: null,
          resolutionNote: null,
          updatedBy: actor.userId,
          updatedAt: new Date(),
        });
      }
      // Its out-of-service issues are open again: the machine goes Down again.
      await this.outOfService.announce(
        manager,
        { actor },
        actor.accountId,
        current.machineId,
        issues.some((i) => i.outOfService),
      );
      return { ...current, ...fields };
    });
    return this.views.one(actor, row);
  }

  /** A done order answers a retry of the completion that made it done; any other completion of it is 409. */
  private doneAlready(order: WorkOrderEntity, key: string | null): WorkOrderEntity | null {
    if (order.state === 'cancelled') {
      throw conflict(WorkMessages.orderCancelled);
    }
    if (order.state !== 'done') {
      return null;
    }
    if (key !== null && order.completionKey === key) {
      return order;
    }
    throw conflict(WorkMessages.completedTwice);
  }

  /** The order's issues become resolved (announced); its machine comes back into service when they held it down. Answers their ids. */
  private async resolveIssues(manager: EntityManager, ctx: CallContext, actor: Actor, order: WorkOrderEntity): Promise<number[]> {
    const now = new Date();
    const orderId = order.id;
    const issues = await this.issues.ofOrders(actor.accountId, [orderId], manager);
    const fields = {
      status: 'resolved' as const,
      resolvedAt: now,
      resolutionNote: `Resolved by work order #${orderId}`,
      updatedBy: actor.userId,
      updatedAt: now,
    };
    for (const issue of issues) {
      await this.issues.update(manager, issue.id, fields);
    }
    if (issues.length) {
      const resolved = await this.issues.many(
        manager,
        actor.accountId,
        issues.map((i) => i.id),
      );
      await this.events.issuesResolved(manager, ctx, resolved, actor.userId);
    }
    await this.outOfService.announce(
      manager,
      { actor },
      actor.accountId,
      order.machineId,
      issues.some((i) => i.outOfService),
    );
    return issues.map((i) => i.id);
  }

  /** The service type of the order's first schedule, else Repair. */
  private async serviceType(ctx: CallContext, scheduleIds: number[]): Promise<string> {
    if (scheduleIds.length === 0) {
      return 'Repair';
    }
    try {
      return (await this.rpc.send(SCHEDULE_GET, { id: scheduleIds[0] }, { ...ctx, idempotencyKey: undefined })).serviceType || 'Repair';
    } catch {
      return 'Repair';
    }
  }

  /** Puts back what the completion of `key` took (nothing when it took nothing, or it was put back already). */
  private async returnStock(ctx: CallContext, key: string, moves: number): Promise<void> {
    if (moves > 0) {
      await this.rpc.send(INVENTORY_STOCK_RETURN, { key }, { ...ctx, idempotencyKey: undefined });
    }
  }

  /** Deletes the record (its schedules' completions and readings go with it); already gone is fine. */
  private async deleteRecord(ctx: CallContext, id: number): Promise<void> {
    try {
      await this.rpc.send(SERVICE_RECORD_DELETE, { id }, { ...ctx, idempotencyKey: undefined });
    } catch (err) {
      if (err instanceof RpcCallError && err.code === ErrorCode.NotFound) {
        return;
      }
      this.logger.error(`could not delete service record ${id} of a work order: ${(err as Error).message}`);
      throw err;
    }
  }
}
