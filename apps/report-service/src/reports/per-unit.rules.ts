import type { UsageCoverage } from '@wrenchlog/contracts';
import { costPerUnit, sumKnown } from './report.rules.js';

/** Statute miles in one kilometre: totals across machines are in miles (until accounts have a unit). */
export const MILES_PER_KM = 0.621371192;

/** A distance in `to`, from its meter's unit. */
export const convertDistance = (distance: number | null, from: 'mi' | 'km', to: 'mi' | 'km' = 'mi'): number | null =>
  distance === null || from === to ? distance : Math.round((to === 'mi' ? distance * MILES_PER_KM : distance / MILES_PER_KM) * 10) / 10;

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
  distanceUnit: 'mi' | 'km';
  costPerDistance: number | null;
  costPerHour: number | null;
  covers: UsageCoverage;
}

const sumCents = (machines: readonly MachineUsageCost[]) => machines.reduce((a, m) => a + m.cents, 0) / 100;

/**
 * Cost per mile over the machines that have a distance in the period (their costs over their miles,
 * km converted), cost per hour over those that have hours (issue 38): a truck's miles never carry
 * an excavator's costs. A machine with both meters counts in both. Distances are added in `unit`
 * (miles across machines; one machine's report keeps its own unit).
 */
export function perUnitOver(machines: readonly MachineUsageCost[], unit: 'mi' | 'km' = 'mi'): PerUnitTotals {
  const withDistance = machines.filter((m) => m.distance !== null);
  const withHours = machines.filter((m) => m.hours !== null);
  const distance = sumKnown(withDistance.map((m) => convertDistance(m.distance, m.distanceUnit, unit)));
  const hours = sumKnown(withHours.map((m) => m.hours));
  return {
    distance,
    hours,
    distanceUnit: unit,
    costPerDistance: costPerUnit(sumCents(withDistance), distance),
    costPerHour: costPerUnit(sumCents(withHours), hours),
    covers: { distance: withDistance.map((m) => m.name), hours: withHours.map((m) => m.name) },
  };
}
