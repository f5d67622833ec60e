// The part purchase form's statuses, limits and messages, without class-validator: the DTO in
// purchase.contract.ts is built from them, and the SPA loads them through
// `@wrenchlog/contracts/limits` (the main entry would bring the decorators into the browser bundle).

export const PART_STATUSES = ['New', 'Ordered', 'Cancelled', 'Purchased'] as const;
export type PartStatus = (typeof PART_STATUSES)[number];

export const PURCHASE_LIMITS = {
  quantity: { min: 1, max: 1_000_000 },
  /** Dollars, stored in cents (the form's step is 0.01). */
  price: { min: 0, max: 10_000_000, places: 2 },
  /** GET /api/purchases/getrecent: defaults of the spec (page 0, size 12). */
  pageSize: { default: 12, max: 100 },
} as const;

/** The longest text of each field, with the name its message gives (see purchaseTextTooLong). */
export const PURCHASE_TEXT_LIMITS = {
  partName: { max: 200, label: 'Part name' },
  partNumber: { max: 100, label: 'Part number' },
  partDescription: { max: 2000, label: 'Part description' },
  partUrl: { max: 2000, label: 'Part URL' },
  storeName: { max: 120, label: 'Store name' },
  storeCity: { max: 120, label: 'Store city' },
  storeState: { max: 60, label: 'Store state' },
  storeAddress: { max: 500, label: 'Store address' },
} as const;

/** "Part name must be at most 200 characters". */
export const purchaseTextTooLong = ({ max, label }: { max: number; label: string }) => `${label} must be at most ${max} characters`;

/** The spec's messages (doc 2 section 5) and ours where it is silent. */
export const PURCHASE_MESSAGES = {
  partName: 'Part name is required',
  quantity: 'Quantity is required',
  quantityWhole: 'Quantity must be a whole number',
  quantityMin: 'Quantity must be at least 1',
  price: 'Price is required',
  priceMin: 'Price must be at least 0',
  partStatus: 'Status is required',
  purchaseDate: 'Purchase date is required',
  storeName: 'Store name is required',
  partUrl: 'Part URL must be a web address starting with http:// or https://',
} as const;
