import { Injectable } from '@nestjs/common';
import { INVENTORY_STOCK_CHANGED, type InventoryStockChangedEvent } from '@wrenchlog/contracts';
import { Outbox } from '@wrenchlog/platform';
import { In, type EntityManager } from 'typeorm';
import { PartEntity } from './part.entity.js';

/** inventory.stock.changed for notification-service's low stock alerts, in the transaction of the change. */
@Injectable()
export class StockEvents {
  constructor(private readonly outbox: Outbox) {}

  /** Announces the stock of these parts as the transaction now sees it. */
  async announce(manager: EntityManager, userId: number, partIds: (number | null)[]): Promise<void> {
    const ids = [...new Set(partIds.filter((id): id is number => id !== null))];
    if (ids.length === 0) {
      return;
    }
    const parts = await manager.getRepository(PartEntity).findBy({ userId, id: In(ids) });
    const at = new Date().toISOString();
    for (const p of parts) {
      const event: InventoryStockChangedEvent = { partId: p.id, userId, name: p.name, quantity: p.quantity, minStock: p.minStock, at };
      await this.outbox.enqueue(manager, INVENTORY_STOCK_CHANGED, event, { actor: null });
    }
  }
}
