import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, Max, Min } from 'class-validator';
import { MAX_ID } from '../ids.js';
import type { Purchase } from './purchase.contract.js';
import type { MemberRef } from '../account/member.events.js';

// Producer: gateway (issue 35's parts loop). Consumer: fuel-purchase-service.
export const PART_TO_REORDER = 'inventory.reorder.list' as const;
export const PART_REORDER = 'inventory.reorder.draft' as const;
export const PART_LEDGER = 'inventory.part.ledger' as const;

export const REORDER_MESSAGES = {
  supplierIds: 'Choose at least one supplier',
  supplierId: 'Each supplier must be one of your suppliers',
} as const;

/** POST /api/parts/reorder: the suppliers to draft an order for. */
export class ReorderInput {
  @IsArray({ message: REORDER_MESSAGES.supplierIds })
  @ArrayMinSize(1, { message: REORDER_MESSAGES.supplierIds })
  @ArrayMaxSize(100, { message: 'At most 100 suppliers at once' })
  @IsInt({ each: true, message: REORDER_MESSAGES.supplierId })
  @Min(1, { each: true, message: REORDER_MESSAGES.supplierId })
  @Max(MAX_ID, { each: true, message: REORDER_MESSAGES.supplierId })
  supplierIds!: number[];
}

/** A part whose available stock (quantity - reserved) is below its minimum. */
export interface ReorderItem {
  partId: number;
  name: string;
  partNumber: string;
  quantity: number;
  reserved: number;
  available: number;
  minStock: number;
  /** Units on purchases with status Ordered, not received yet. */
  onOrder: number;
  /** What a draft orders: minStock - available - onOrder (0 when what is on order covers it). */
  toOrder: number;
  price: number;
  supplierId: number;
  /** The supplier's current name. */
  supplier: string;
}

/** The part purchases drafted for one supplier (status Ordered), one a part. */
export interface ReorderDraft {
  supplierId: number;
  supplier: string;
  purchases: Purchase[];
}

export interface ReorderRequest {
  supplierIds: number[];
}
export type ToReorderRequest = Record<string, never>;

export type StockMovementKind = 'purchase' | 'purchase-removed' | 'work-order-take' | 'work-order-return' | 'adjustment';

/** One change of a part's stock, newest first in GET /api/parts/{id}/ledger. */
export interface StockMovement {
  id: number;
  kind: StockMovementKind;
  /** Units in (positive) or out (negative), as really moved (stock stops at 0). */
  delta: number;
  /** The part's stock right after. */
  quantityAfter: number;
  purchaseId: number | null;
  workOrderId: number | null;
  /** The order's title, or the purchase's store. */
  label: string | null;
  /** ISO 8601 instant. */
  at: string;
  by: MemberRef | null;
}

export interface PartLedgerRequest {
  id: number;
}
