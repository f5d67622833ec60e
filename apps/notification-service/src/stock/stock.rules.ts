import type { PlannedNotification } from '../notifications/notification.rules.js';

export type StockLevel = 'ok' | 'low' | 'out';

/** As the parts list says: out of stock at 0, low above 0 and at most the minimum, else ok. */
export const stockLevel = (quantity: number, minStock: number): StockLevel => (quantity <= 0 ? 'out' : quantity <= minStock ? 'low' : 'ok');

/**
 * A low stock alert when a part's level gets worse (ok to low or out, low to out), once per change
 * (keyed by when it happened); a part restocked says nothing.
 */
export function planStockAlert(
  partId: number,
  name: string,
  quantity: number,
  minStock: number,
  previous: StockLevel | null,
  next: StockLevel,
  at: Date,
): PlannedNotification | null {
  const rank = { ok: 0, low: 1, out: 2 } as const;
  if (next === 'ok' || rank[next] <= rank[previous ?? 'ok']) {
    return null;
  }
  const title = next === 'out' ? `Out of stock: ${name}` : `Low stock: ${name} (${quantity} left, minimum ${minStock})`;
  return { kind: 'low_stock', key: `part:${partId}:${next}:${at.toISOString()}`, title };
}

/** The email of a low stock alert (the user chose email for low stock alerts). */
export function lowStockEmail(title: string, partName: string): string {
  return [title, '', `Restock it or change its minimum in Wrenchlog: Parts > ${partName}.`, '', 'Change what you receive in Settings > Notifications.'].join(
    '\n',
  );
}
