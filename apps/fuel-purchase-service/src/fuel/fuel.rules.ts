import { OPERATOR_EDIT_WINDOW_MS, type AccountRole } from '@wrenchlog/contracts';

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

/** The 403 of an operator's change to their fuel record after the edit window (issue 32). */
export const OPERATOR_WINDOW_PASSED = 'Your role (operator) can change or delete a fuel record only within 24 hours of adding it';

/**
 * Whether the caller may still change or delete a fuel record they see: always, but an operator
 * (who sees only the records they added) only within OPERATOR_EDIT_WINDOW_MS of adding it.
 */
export function mayChangeFuelRecord(role: AccountRole, dateCreated: Date, now: Date): boolean {
  return role !== 'operator' || now.getTime() - dateCreated.getTime() <= OPERATOR_EDIT_WINDOW_MS;
}
