// Producer: work-order-service (issue 35: the part lines of an open order reserve their quantity).
// Consumer: fuel-purchase-service, which owns the stock.
export const INVENTORY_STOCK_RESERVE = 'inventory.stock.reserve' as const;

/** One reserved line: its own key (a line of an order), the part and how many units it holds back. */
export interface ReservedLine {
  key: string;
  partId: number;
  quantity: number;
}

/**
 * Sets what `holder` (`work-order:<id>`) holds back to exactly `lines` (none: everything released).
 * The whole set each time, with the holder's `version` (rising with each change of its lines or
 * state): a retry answers the same, and a set older than the one stored is ignored, so two changes
 * answered out of order never leave the older one in force.
 */
export interface StockReserveRequest {
  holder: string;
  version: number;
  lines: ReservedLine[];
}
export interface StockReserveReply {
  holder: string;
  /** The version now in force (the request's, or a newer one already stored). */
  version: number;
  applied: boolean;
}
