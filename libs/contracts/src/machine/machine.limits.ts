// The machine form's limits and messages, without class-validator: machine.contract.ts builds its
// DTOs and messages from them, the machine service enforces the gallery size, and the SPA loads
// them through `@wrenchlog/contracts/limits`.

/** Spec: a machine's gallery holds at most 5 photos. */
export const MACHINE_GALLERY_LIMIT = 5;

/**
 * GET /api/machines/all (active or archived) and GET /api/machines/recentlyserviced answer at most
 * this many machines, the first in the list's own order (issue 25, item 9); the web app says so.
 */
export const MACHINE_LIST_MAX = 2000;

/** The longest text of each field, with the name its message gives (see machineTextTooLong). */
export const MACHINE_TEXT_LIMITS = {
  name: { max: 120, label: 'Name' },
  make: { max: 60, label: 'Make' },
  model: { max: 60, label: 'Model' },
  submodel: { max: 60, label: 'Submodel' },
  vin: { max: 32, label: 'VIN' },
  serialNumber: { max: 32, label: 'Serial number' },
  color: { max: 40, label: 'Color' },
  description: { max: 2000, label: 'Description' },
  status: { max: 60, label: 'Status' },
  type: { max: 60, label: 'Type' },
  license: { max: 32, label: 'License' },
  insuranceProvider: { max: 120, label: 'Insurance provider' },
  policyNumber: { max: 60, label: 'Policy number' },
} as const;

/** "Name must be at most 120 characters". */
export const machineTextTooLong = ({ max, label }: { max: number; label: string }) => `${label} must be at most ${max} characters`;

export const MACHINE_LIMITS = {
  /** The oldest model year; the newest is next year (maxModelYear), as dealers sell next year's models. */
  year: { min: 1900 },
  miles: { min: 0, max: 100_000_000 },
  hours: { min: 0, max: 10_000_000 },
} as const;

/** The newest model year accepted: next year, by the clock of whoever checks (so it moves on by itself). */
export function maxModelYear(now: Date = new Date()): number {
  return now.getFullYear() + 1;
}

export const MACHINE_MESSAGES = {
  yearRequired: 'Year is required',
  yearNumber: 'Year must be a number, like 2020',
  yearMin: `Year must be ${MACHINE_LIMITS.year.min} or later`,
  yearMax: (max: number = maxModelYear()) => `Year must be ${max} or earlier`,
  milesWhole: 'Miles must be a whole number',
  milesMin: 'Miles must be 0 or more',
  milesMax: `Miles must be at most ${MACHINE_LIMITS.miles.max}`,
  hoursNumber: 'Hours must be a number with at most 1 decimal',
  hoursMin: 'Hours must be 0 or more',
  hoursMax: `Hours must be at most ${MACHINE_LIMITS.hours.max}`,
} as const;

/**
 * Every calendar date the product takes or computes (machine dates, service dates, readings,
 * last-done and due dates) lies in these years: a real machine's history, and what its schedules
 * can reach (issue 36: 9999-12-31 plus an interval broke the date arithmetic).
 */
export const DateLimits = { minYear: 1900, maxYear: 2200, min: '1900-01-01', max: '2200-12-31' } as const;
