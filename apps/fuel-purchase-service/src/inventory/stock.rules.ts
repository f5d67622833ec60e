import type { StockStatus } from '@wrenchlog/contracts';

/**
 * Stock status of an inventory part (spec section 4): out of stock at 0; low stock above 0 and at
 * most minStock; in stock above minStock.
 */
export function stockStatus(quantity: number, minStock: number): StockStatus {
  if (quantity <= 0) {
    return 'out-of-stock';
  }
  return quantity <= minStock ? 'low-stock' : 'in-stock';
}
