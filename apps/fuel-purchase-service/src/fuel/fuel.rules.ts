/**
 * Miles per gallon of one fill-up: (current - last mileage) / gallons, rounded to 1 decimal; only
 * when all three are present and current is greater than last (spec section 4). Otherwise null.
 */
export function milesPerGallon(
  currentMileage: number | null | undefined,
  lastMileage: number | null | undefined,
  amount: number | null | undefined,
): number | null {
  if (currentMileage == null || lastMileage == null || amount == null) {
    return null;
  }
  if (!(currentMileage > lastMileage) || !(amount > 0)) {
    return null;
  }
  return Math.round(((currentMileage - lastMileage) / amount) * 10) / 10;
}

// The full-to-full rule is shared with report-service's fleet report: one definition, in contracts.
export { fullToFull, type Fill, type FullToFull } from '@wrenchlog/contracts';
