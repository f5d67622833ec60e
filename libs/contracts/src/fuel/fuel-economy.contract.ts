// Producer: report-service (issue 22). Consumer: fuel-purchase-service, which owns fuel records.
export const FUEL_ECONOMY_SEGMENTS = 'fuel.economy.segments' as const;

/** The caller's machines and a period [from, to] (YYYY-MM-DD, inclusive, UTC dates of purchase). */
export interface FuelEconomyRequest {
  machineIds: number[];
  from: string;
  to: string;
}

/**
 * A full-to-full segment ending at a full fill in the period: the distance since the previous full
 * fill and the fuel added since then, this fill included. None across a missed fill-up.
 */
export interface FuelEconomySegment {
  machineId: number;
  fuelRecordId: number;
  /** YYYY-MM-DD */
  date: string;
  distance: number;
  fuel: number;
}
