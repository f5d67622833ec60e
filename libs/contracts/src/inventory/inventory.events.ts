import { routeEvent } from '../events.js';

// Producer: fuel-purchase-service (through its outbox). Consumer: notification-service (issue 24:
// low stock alerts).

/**
 * A part's stock level after a change (the part saved, or a purchase received, changed or
 * removed). A state event keyed by part: the newest is all the consumer needs, `at` orders them.
 */
export const INVENTORY_STOCK_CHANGED = routeEvent<'inventory.stock.changed', InventoryStockChangedEvent>('inventory.stock.changed', ['notification-service'], {
  stateKey: (e) => `${e.accountId}:${e.partId}`,
});
export interface InventoryStockChangedEvent {
  partId: number;
  accountId: number;
  name: string;
  quantity: number;
  minStock: number;
  at: string;
}
