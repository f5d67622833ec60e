/**
 * Miles per gallon of one fill-up: (current - last mileage) / gallons, rounded to 1 decimal; only
 * when all three are present and current is greater than last (spec section 4). Otherwise null.
 */
export function milesPerGallon(currentMileage: number | null | undefined, lastMileage: number | null | undefined, amount: number | null | undefined): number | null {
  if (currentMileage == null || lastMileage == null || amount == null) {
    return null;
  }
  if (!(currentMileage > lastMileage) || !(amount > 0)) {
    return null;
  }
  return Math.round(((currentMileage - lastMileage) / amount) * 10) / 10;
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
 * The full-to-full rule (issue 22) over one machine's fills, oldest first: the economy of a full
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
