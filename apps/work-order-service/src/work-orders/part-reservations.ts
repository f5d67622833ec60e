import { Injectable } from '@nestjs/common';
import { ErrorCode, INVENTORY_STOCK_RESERVE, type Actor, type RpcMeta, type WorkOrderState } from '@wrenchlog/contracts';
import { DomainError, RpcCallError, RpcClient } from '@wrenchlog/platform';
import type { EntityManager } from 'typeorm';
import { WorkOrdersRepository } from './work-orders.repository.js';

/** The states in which an order's part lines hold their quantity back in stock. */
const HOLDING: readonly WorkOrderState[] = ['open', 'in_progress', 'waiting_for_parts'];

export const holderOf = (orderId: number): string => `work-order:${orderId}`;
export const lineKeyOf = (orderId: number, lineId: number): string => `work-order:${orderId}:line:${lineId}`;

/**
 * Reservations (issue 35): an open order's part lines are reserved in fuel-purchase-service's stock.
 * Called inside the transaction of each change (a line, the state, a delete, a completion): the order's
 * stock version rises and the whole set it now holds is sent with it (nothing once done, cancelled or
 * deleted). In the transaction, so a refusal or an unreachable inventory rolls the change back, and
 * the order's row lock (PostgreSQL; SQLite's queued transactions) keeps one order's sets in order;
 * fuel-purchase-service also ignores a set older than the one it has.
 */
@Injectable()
export class PartReservations {
  constructor(
    private readonly orders: WorkOrdersRepository,
    private readonly rpc: RpcClient,
  ) {}

  /**
   * Sends what the order holds back as its state is `state` (null: being deleted). Without `changed`
   * (a line that was or is a part) nothing is sent for an order with no part lines: its last set, if
   * any, was already empty.
   */
  async hold(manager: EntityManager, actor: Actor, orderId: number, state: WorkOrderState | null, meta?: RpcMeta, changed = false): Promise<void> {
    const parts = (await this.orders.lines([orderId], manager)).filter((l) => l.kind === 'part' && l.partId !== null && (l.quantity ?? 0) > 0);
    if (parts.length === 0 && !changed) {
      return;
    }
    const version = await this.orders.nextStockVersion(manager, orderId);
    const holding = state !== null && HOLDING.includes(state);
    await this.rpc
      .send(
        INVENTORY_STOCK_RESERVE,
        {
          holder: holderOf(orderId),
          version,
          lines: holding ? parts.map((l) => ({ key: lineKeyOf(orderId, l.id), partId: l.partId!, quantity: l.quantity! })) : [],
        },
        { actor, correlationId: meta?.correlationId },
      )
      .catch((err: unknown) => {
        // Inventory unreachable (503) or refusing: the caller hears it, and the change rolls back.
        if (err instanceof RpcCallError && err.code !== ErrorCode.Internal) {
          throw new DomainError(err.code, err.message, err.details);
        }
        throw err;
      });
  }
}
