import type { PartStatus } from '@wrenchlog/contracts';

/**
 * What a purchase has done to inventory stock, kept on the purchase itself.
 *
 * The rule: a purchase that names an inventory part adds its quantity to that part's stock when
 * it is received, and its contribution is never more than its quantity, however often its status
 * changes. Precisely:
 * - received: becomes true when the status becomes Purchased; stays true through New or Ordered
 *   (a status slip after the goods arrived does not un-receive them); becomes false on Cancelled
 *   (a cancelled purchase is a return: its units are taken back).
 * - contribution: quantity when received and a part is named, else 0. Each save moves stock by the
 *   difference between the new and the recorded contribution, so:
 *   Purchased -> New -> Purchased adds once; Purchased -> Cancelled takes the units back;
 *   Cancelled -> Purchased adds them again (a new receipt); quantity 5 -> 3 while received takes 2
 *   back; naming another part moves the units from the old part to the new one.
 * - Taking back never makes a part's stock negative (units may have been used meanwhile).
 * - Deleting a purchase, or its machine (which takes its purchases), takes its contribution back,
 *   as Cancelled does: a deleted purchase never happened (issue 18). Deleting the part clears the
 *   ledger of purchases that named it.
 */
export interface StockLedger {
  received: boolean;
  stockPartId: number | null;
  stockAdded: number;
}

export interface PurchaseStockState {
  partStatus: PartStatus;
  partId: number | null;
  quantity: number;
}

export interface StockAdjustment {
  partId: number;
  delta: number;
}

export const EMPTY_LEDGER: StockLedger = { received: false, stockPartId: null, stockAdded: 0 };

export function planStock(ledger: StockLedger, next: PurchaseStockState): { ledger: StockLedger; adjustments: StockAdjustment[] } {
  const received = next.partStatus === 'Purchased' ? true : next.partStatus === 'Cancelled' ? false : ledger.received;
  const targetPart = received && next.partId ? next.partId : null;
  const target = targetPart === null ? 0 : next.quantity;
  const adjustments: StockAdjustment[] = [];
  if (ledger.stockPartId !== null && ledger.stockPartId === targetPart) {
    if (target !== ledger.stockAdded) {
      adjustments.push({ partId: targetPart, delta: target - ledger.stockAdded });
    }
  } else {
    if (ledger.stockPartId !== null && ledger.stockAdded > 0) {
      adjustments.push({ partId: ledger.stockPartId, delta: -ledger.stockAdded });
    }
    if (targetPart !== null && target > 0) {
      adjustments.push({ partId: targetPart, delta: target });
    }
  }
  return { ledger: { received, stockPartId: targetPart, stockAdded: target }, adjustments };
}

/** What deleting a purchase does to stock: its recorded contribution goes back out. */
export function planRemoval(ledger: StockLedger): StockAdjustment[] {
  return ledger.stockPartId !== null && ledger.stockAdded > 0 ? [{ partId: ledger.stockPartId, delta: -ledger.stockAdded }] : [];
}
