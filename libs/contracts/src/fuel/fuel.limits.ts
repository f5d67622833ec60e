// The fuel record form's limits and the spec's own messages, without class-validator: the DTO in
// fuel-record.contract.ts is built from them, and the SPA loads them through
// `@wrenchlog/contracts/limits` (the main entry would bring the decorators into the browser bundle).

/** Upper bounds keep every stored value (integer thousandths and cents) far inside 32-bit columns. */
export const FUEL_LIMITS = {
  /** Gallons, stored in thousandths (pumps show 3 decimals). */
  amount: { min: 0.1, max: 100_000, places: 3 },
  /** Dollars per gallon, stored in thousandths of a dollar (prices like 3.459). */
  pricePerUnit: { min: 0.01, max: 10_000, places: 3 },
  /** Dollars, stored in cents. */
  totalPrice: { min: 0.01, max: 10_000_000, places: 2 },
  mileage: { min: 0, max: 10_000_000, places: 1 },
  hours: { min: 0, max: 1_000_000, places: 1 },
} as const;

/** The longest text of each field, with the name its message gives (see fuelTextTooLong). */
export const FUEL_TEXT_LIMITS = {
  notes: { max: 2000, label: 'Notes' },
  storeName: { max: 120, label: 'Store name' },
  storeCity: { max: 120, label: 'Store city' },
  storeState: { max: 60, label: 'Store state' },
} as const;

/** "Store name must be at most 120 characters". */
export const fuelTextTooLong = ({ max, label }: { max: number; label: string }) => `${label} must be at most ${max} characters`;

/** The spec's texts (doc 2 section 5) where it gives one; the other fields say FIELD_REQUIRED. */
export const FUEL_MESSAGES = {
  machineRequired: 'Machine is required',
  totalPriceRequired: 'Total Price is required',
} as const;
