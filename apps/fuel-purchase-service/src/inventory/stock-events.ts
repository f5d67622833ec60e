import { Injectable } from '@nestjs/common';
import { INVENTORY_STOCK_CHANGED, type InventoryStockChangedEvent } from '@wrenchlog/contracts';
import { Outbox } from '@wrenchlog/platform';
import type { Tx } from '../common/transactions.js';
import { PartsRepository } from './parts.repository.js';

/** inventory.stock.changed for notification-service's low stock alerts, in the transaction of the change. */
@Injectable()
export class StockEvents {
  constructor(
    private readonly parts: PartsRepository,
    private readonly outbox: Outbox,
  ) {}

  /** Announces the stock of these parts as the transaction now sees it. */
  async announce(tx: Tx, accountId: number, partIds: (number | null)[]): Promise<void> {
    const ids = [...new Set(partIds.filter((id): id is number => id !== null))];
    if (ids.length === 0) {
      return;
    }
    const parts = await this.parts.byIds(tx, accountId, ids);
    const at = new Date().toISOString();
    for (const p of parts) {
      const event: InventoryStockChangedEvent = { partId: p.id, accountId, name: p.name, quantity: p.quantity, minStock: p.minStock, at };
      await this.outbox.enqueue(tx, INVENTORY_STOCK_CHANGED, event, { actor: null });
    }
  }
}
