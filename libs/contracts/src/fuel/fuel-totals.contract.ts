// Producer: user-service (Weekly Report Generation). Consumer: fuel-purchase-service.
export const FUEL_RECORD_TOTALS = 'fuel.record.totals' as const;

/** The caller's fuel records dated in [since, until) (ISO 8601 instants). */
export interface FuelTotalsRequest {
  since: string;
  until: string;
}

/** Count, gallons and money of those records, summed exactly (gallons to 3 decimals, money to 2). */
export interface FuelTotals {
  count: number;
  gallons: number;
  totalPrice: number;
}
