import { Injectable } from '@nestjs/common';
import {
  isValidId,
  WorkMessages,
  type Actor,
  type AddLineRequest,
  type LineIdRequest,
  type RpcMeta,
  type UpdateLineRequest,
  type WorkOrderDeleted,
  type WorkOrderLine,
  type WorkOrderLineInput,
} from '@wrenchlog/contracts';
import { conflict, notFound } from '@wrenchlog/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { PartLookup } from '../parts/part-lookup.js';
import { PartReservations } from './part-reservations.js';
import { WorkOrderChecks } from './work-order-checks.js';
import type { LineFields } from './work-order-line.entity.js';
import { WorkOrderViews } from './work-order-views.js';
import type { WorkOrderEntity } from './work-order.entity.js';
import { toCents } from './work-order.rules.js';
import { WorkOrdersRepository } from './work-orders.repository.js';
import { WorkOrdersService } from './work-orders.service.js';

/** The lines of an order: labour, parts from inventory at their price when added (reserved while it is open), other costs. */
@Injectable()
export class LinesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly orders: WorkOrdersRepository,
    private readonly workOrders: WorkOrdersService,
    private readonly checks: WorkOrderChecks,
    private readonly views: WorkOrderViews,
    private readonly parts: PartLookup,
    private readonly reservations: PartReservations,
  ) {}

  async add(actor: Actor, req: AddLineRequest, meta?: RpcMeta): Promise<WorkOrderLine> {
    await this.workOrders.reachable(actor, req?.id);
    const fields = await this.fields(actor, req.line, meta);
    const row = await this.dataSource.transaction(async (manager) => {
      const order = editable(await this.workOrders.reachable(actor, req.id, manager));
      const line = await this.orders.insertLine(manager, { accountId: actor.accountId, workOrderId: order.id, createdAt: new Date(), ...fields });
      await this.touch(manager, actor, order);
      if (line.kind === 'part') {
        await this.reservations.hold(manager, actor, order.id, order.state, meta, true);
      }
      return line;
    });
    return this.views.line(actor, row);
  }

  async update(actor: Actor, req: UpdateLineRequest, meta?: RpcMeta): Promise<WorkOrderLine> {
    await this.workOrders.reachable(actor, req?.id);
    const fields = await this.fields(actor, req.line, meta);
    const row = await this.dataSource.transaction(async (manager) => {
      const order = editable(await this.workOrders.reachable(actor, req.id, manager));
      const line = isValidId(req.lineId) ? await this.orders.line(manager, order.id, req.lineId) : null;
      if (!line) {
        throw notFound(WorkMessages.lineNotFound);
      }
      await this.orders.updateLine(manager, line.id, fields);
      await this.touch(manager, actor, order);
      if (line.kind === 'part' || fields.kind === 'part') {
        await this.reservations.hold(manager, actor, order.id, order.state, meta, true);
      }
      return { ...line, ...fields };
    });
    return this.views.line(actor, row);
  }

  async delete(actor: Actor, req: LineIdRequest, meta?: RpcMeta): Promise<WorkOrderDeleted> {
    await this.dataSource.transaction(async (manager) => {
      const order = editable(await this.workOrders.reachable(actor, req?.id, manager));
      const line = isValidId(req.lineId) ? await this.orders.line(manager, order.id, req.lineId) : null;
      if (!line) {
        throw notFound(WorkMessages.lineNotFound);
      }
      await this.orders.deleteLine(manager, line.id);
      await this.touch(manager, actor, order);
      if (line.kind === 'part') {
        await this.reservations.hold(manager, actor, order.id, order.state, meta, true);
      }
    });
    return { id: req.lineId };
  }

  /** The stored fields of a line; a part's name and price come from inventory (another account's part: 400 on partId). */
  private async fields(actor: Actor, input: WorkOrderLineInput, meta?: RpcMeta): Promise<LineFields> {
    const none: LineFields = {
      kind: input.kind,
      hours: null,
      rateCents: null,
      userId: null,
      partId: null,
      partName: null,
      quantity: null,
      unitPriceCents: null,
      description: null,
      costCents: null,
    };
    if (input.kind === 'labour') {
      await this.checks.lineUser(actor, input.userId);
      return { ...none, hours: input.hours!, rateCents: toCents(input.rate!), userId: input.userId ?? null };
    }
    if (input.kind === 'part') {
      const part = await this.parts.get(actor, input.partId!, meta, 'partId', WorkMessages.partNotFound);
      return { ...none, partId: part.id, partName: part.name.slice(0, 200), quantity: input.quantity!, unitPriceCents: toCents(part.price) };
    }
    return { ...none, description: input.description!, costCents: toCents(input.cost!) };
  }

  private touch(manager: EntityManager, actor: Actor, order: WorkOrderEntity): Promise<void> {
    return this.orders.update(manager, order.id, { updatedBy: actor.userId, updatedAt: new Date() });
  }
}

/** Lines change only while the order is open, in progress or waiting for parts. */
function editable(order: WorkOrderEntity): WorkOrderEntity {
  if (order.state === 'done') {
    throw conflict(WorkMessages.orderDone);
  }
  if (order.state === 'cancelled') {
    throw conflict(WorkMessages.orderCancelled);
  }
  return order;
}
