// The fuel economy of issue 22: the full-to-full rule, one definition for fuel-purchase-service (each
// record's MPG) and report-service (the reports' economy, from its read model of fuel records).

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

/** One fill-up as the full-to-full rule reads it, in the order of purchase. */
export interface Fill {
  id: number;
  date: string;
  amount: number;
  mileage: number | null;
  fullTank: boolean;
  missedPrevious: boolean;
}

/** A full fill that has an economy: the distance since the previous full fill, the fuel added since. */
export interface FullToFull {
  id: number;
  date: string;
  distance: number;
  fuel: number;
}

/**
 * The full-to-full rule (issue 22; fuel-purchase-service's record MPG and report-service's economy) over one machine's fills, oldest first: the economy of a full
 * fill is the distance since the previous full fill divided by the fuel added since then, this fill
 * included (the partial fills between count). A fill marked "missed the previous fill-up" breaks
 * the chain: neither it nor anything before it yields a value until the next full fill after it.
 * A full fill without a mileage breaks it too (the distance is unknown).
 */
export function fullToFull(fills: readonly Fill[]): FullToFull[] {
  const out: FullToFull[] = [];
  let lastFullMileage: number | null = null;
  let fuel = 0;
  for (const f of fills) {
    if (f.missedPrevious) {
      lastFullMileage = null;
      fuel = 0;
    }
    fuel += f.amount;
    if (!f.fullTank) {
      continue;
    }
    if (lastFullMileage !== null && f.mileage !== null && f.mileage > lastFullMileage && fuel > 0) {
      out.push({ id: f.id, date: f.date, distance: f.mileage - lastFullMileage, fuel: Math.round(fuel * 1000) / 1000 });
    }
    lastFullMileage = f.mileage;
    fuel = 0;
  }
  return out;
}
