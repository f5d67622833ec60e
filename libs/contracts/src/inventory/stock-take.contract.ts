// Producer: work-order-service (issue 35, completing and reopening a work order). Consumer:
// fuel-purchase-service, which owns the stock. Both are idempotent by `key`.
export const INVENTORY_STOCK_TAKE = 'inventory.stock.take' as const;
export const INVENTORY_STOCK_RETURN = 'inventory.stock.return' as const;

export interface StockMove {
  partId: number;
  quantity: number;
}

/**
 * Takes the parts out of stock once per key (a retry answers what the first take did). Short stock
 * is 409 naming the parts unless `allowNegativeStock` (stock then stops at 0, as it always does).
 */
export interface StockTakeRequest {
  key: string;
  moves: StockMove[];
  allowNegativeStock?: boolean;
  /** The order, for the part's stock ledger. */
  workOrder?: StockTakeOrder;
}

/** The work order a take or return belongs to, as the part's stock ledger names it. */
export interface StockTakeOrder {
  id: number;
  title: string;
}
export interface StockTakeReply {
  key: string;
  /** Each part's stock after the take. */
  parts: { partId: number; name: string; quantity: number }[];
}

/** Puts back what the take of `key` took out; nothing when there is none (returned already, or never taken). */
export interface StockReturnRequest {
  key: string;
  workOrder?: StockTakeOrder;
}
export interface StockReturnReply {
  key: string;
  returned: number;
}
