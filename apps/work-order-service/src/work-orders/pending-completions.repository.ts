import { Injectable } from '@nestjs/common';
import type { Actor, CompleteWorkOrderRequest } from '@wrenchlog/contracts';
import { DataSource, In, IsNull, LessThan, Not } from 'typeorm';
import { WorkOrderEntity } from './work-order.entity.js';

/** A completion as it was asked for, kept on its order until it has ended one way or the other. */
export interface PendingCompletion {
  actor: Actor;
  request: Pick<CompleteWorkOrderRequest, 'id' | 'completedAt' | 'meters' | 'allowNegativeStock'>;
  /** The request's Idempotency-Key (the done order remembers it). */
  key: string | null;
  correlationId?: string;
}

/** SQL of the completions in progress (work_orders.pending_completion / pending_since). */
@Injectable()
export class PendingCompletions {
  constructor(private readonly dataSource: DataSource) {}

  /** Writes the completion on its order before any other service is asked; false when the order is done or cancelled. */
  async start(orderId: number, pending: PendingCompletion): Promise<boolean> {
    const result = await this.dataSource.manager.update(
      WorkOrderEntity,
      { id: orderId, state: Not(In(['done', 'cancelled'])) },
      { pendingCompletion: JSON.stringify(pending), pendingSince: new Date() },
    );
    return (result.affected ?? 0) === 1;
  }

  /** The completion has ended (done, or refused and undone): nothing is left to finish. */
  async end(orderId: number): Promise<void> {
    await this.dataSource.manager.update(WorkOrderEntity, { id: orderId }, { pendingCompletion: null, pendingSince: null });
  }

  /** Orders whose completion has been in progress since before `before`, oldest first. */
  stale(before: Date, limit = 50): Promise<Pick<WorkOrderEntity, 'id' | 'pendingCompletion'>[]> {
    return this.dataSource.manager.find(WorkOrderEntity, {
      select: { id: true, pendingCompletion: true },
      where: { pendingSince: LessThan(before), pendingCompletion: Not(IsNull()) },
      order: { pendingSince: 'ASC' },
      take: limit,
    });
  }

  /** Takes up a stale completion (its time moves to now), so another replica's sweep leaves it; false when someone else did. */
  async claim(orderId: number, before: Date): Promise<boolean> {
    const result = await this.dataSource.manager.update(WorkOrderEntity, { id: orderId, pendingSince: LessThan(before) }, { pendingSince: new Date() });
    return (result.affected ?? 0) === 1;
  }
}
