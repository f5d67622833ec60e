import type { UsageCoverage } from '@wrenchlog/contracts';
import { costPerUnit, sumKnown } from './report.rules.js';

/** Statute miles in one kilometre: totals across machines are in miles (until accounts have a unit). */
export const MILES_PER_KM = 0.621371192;

/** A distance in miles, from its meter's unit. */
export const inMiles = (distance: number | null, unit: 'mi' | 'km'): number | null =>
  distance === null ? null : unit === 'km' ? Math.round(distance * MILES_PER_KM * 10) / 10 : distance;

/** One machine's share of a period: its cost (in cents) and its usage in its own units (null: unknown). */
export interface MachineUsageCost {
  name: string;
  cents: number;
  distance: number | null;
  distanceUnit: 'mi' | 'km';
  hours: number | null;
}

/** The per-unit figures of several machines, each over the machines that have that usage. */
export interface PerUnitTotals {
  distance: number | null;
  hours: number | null;
  distanceUnit: 'mi';
  costPerDistance: number | null;
  costPerHour: number | null;
  covers: UsageCoverage;
}

const sumCents = (machines: readonly MachineUsageCost[]) => machines.reduce((a, m) => a + m.cents, 0) / 100;

/**
 * Cost per mile over the machines that have a distance in the period (their costs over their miles,
 * km converted), cost per hour over those that have hours (issue 38): a truck's miles never carry
 * an excavator's costs. A machine with both meters counts in both.
 */
export function perUnitOver(machines: readonly MachineUsageCost[]): PerUnitTotals {
  const withDistance = machines.filter((m) => m.distance !== null);
  const withHours = machines.filter((m) => m.hours !== null);
  const distance = sumKnown(withDistance.map((m) => inMiles(m.distance, m.distanceUnit)));
  const hours = sumKnown(withHours.map((m) => m.hours));
  return {
    distance,
    hours,
    distanceUnit: 'mi',
    costPerDistance: costPerUnit(sumCents(withDistance), distance),
    costPerHour: costPerUnit(sumCents(withHours), hours),
    covers: { distance: withDistance.map((m) => m.name), hours: withHours.map((m) => m.name) },
  };
}
