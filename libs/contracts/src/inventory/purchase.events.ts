import { routeEvent } from '../events.js';

// Producer: fuel-purchase-service (through its outbox). Consumers: report-service (issue 22), which
// counts each purchase's price x quantity in the month of its purchase date, and image-worker,
// whose documents attached to the purchase follow its machine and go with it, and
// notification-service, which delivers them to webhooks as record.created|updated|deleted.

/** A part purchase was created or updated. */
export const INVENTORY_PURCHASE_SAVED = routeEvent('inventory.purchase.saved', ['report-service', 'image-worker', 'notification-service']);
export interface InventoryPurchaseSavedEvent {
  recordId: number;
  accountId: number;
  /** null: the purchase names no machine (the fleet report's "Unassigned" row). */
  machineId: number | null;
  /** The purchase date (YYYY-MM-DD, UTC). */
  date: string;
  /** price x quantity in cents; 0 for a cancelled order. */
  costCents: number;
  partName: string;
  notes: string | null;
  /** When the change happened (ISO 8601): an older event for the purchase changes nothing. */
  at: string;
}

/** A part purchase was deleted. */
export const INVENTORY_PURCHASE_DELETED = routeEvent('inventory.purchase.deleted', ['report-service', 'image-worker', 'notification-service']);
export interface InventoryPurchaseDeletedEvent {
  recordId: number;
  accountId: number;
  machineId: number | null;
  at: string;
}
