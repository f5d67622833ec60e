// The part dialog's categories and the inventory limits, without class-validator: the DTOs in
// part.contract.ts and supplier.contract.ts are built from them, and the SPA loads them through
// `@wrenchlog/contracts/limits`.

/** The categories in the order the part dialog offers them. */
export const PART_CATEGORIES = ['Engine', 'Hydraulic', 'Electrical', 'Filters', 'Belts', 'Other'] as const;
export type PartCategory = (typeof PART_CATEGORIES)[number];

export const INVENTORY_LIMITS = {
  quantity: { min: 0, max: 1_000_000 },
  /** Dollars, stored in cents (the dialog's step is 0.01). */
  price: { min: 0, max: 10_000_000, places: 2 },
  /** Inventory lists page by 10 (spec section 9); size may ask for more, up to max. */
  pageSize: { default: 10, max: 100 },
  search: { max: 200 },
  /** GET /api/suppliers/all (the part dialog's supplier select) answers at most this many, by name (issue 25, item 9). */
  suppliersAll: 1000,
} as const;
