import { MACHINE_LIMITS, MACHINE_MESSAGES, MACHINE_TEXT_LIMITS, machineTextTooLong, maxModelYear } from '@wrenchlog/contracts/limits';

export interface MachineCreateValues {
  name: string;
  year: string;
  make: string;
  model: string;
}

export type MachineCreateErrors = Partial<Record<keyof MachineCreateValues, string>>;

/** The machine create rules (spec doc 2 section 5), with the server's limits and messages. */
export function validateMachineCreate(values: MachineCreateValues, now: Date = new Date()): MachineCreateErrors {
  const errors: MachineCreateErrors = {};
  const required = { name: 'Name is required', make: 'Make is required', model: 'Model is required' } as const;
  for (const key of ['name', 'make', 'model'] as const) {
    const value = values[key].trim();
    if (!value) {
      errors[key] = required[key];
    } else if (value.length > MACHINE_TEXT_LIMITS[key].max) {
      errors[key] = machineTextTooLong(MACHINE_TEXT_LIMITS[key]);
    }
  }
  const year = values.year.trim();
  const newest = maxModelYear(now);
  if (!year) {
    errors.year = MACHINE_MESSAGES.yearRequired;
  } else if (!/^\d+$/.test(year)) {
    errors.year = MACHINE_MESSAGES.yearNumber;
  } else if (Number(year) < MACHINE_LIMITS.year.min) {
    errors.year = MACHINE_MESSAGES.yearMin;
  } else if (Number(year) > newest) {
    errors.year = MACHINE_MESSAGES.yearMax(newest);
  }
  // Keep the keys in form order, so the first message is the first field's.
  return Object.fromEntries((['name', 'year', 'make', 'model'] as const).filter((k) => errors[k]).map((k) => [k, errors[k]]));
}

/** A machine's miles: blank, or a whole number from 0 (never silently clamped to 0). */
export function milesError(value: number | string): string | undefined {
  if (value === '' || value === null) {
    return undefined;
  }
  const n = Number(value);
  if (!Number.isFinite(n) || !Number.isInteger(n)) {
    return MACHINE_MESSAGES.milesWhole;
  }
  if (n < MACHINE_LIMITS.miles.min) {
    return MACHINE_MESSAGES.milesMin;
  }
  return n > MACHINE_LIMITS.miles.max ? MACHINE_MESSAGES.milesMax : undefined;
}

/** A machine's hours: blank, or a number from 0 with at most 1 decimal. */
export function hoursError(value: number | string): string | undefined {
  if (value === '' || value === null) {
    return undefined;
  }
  const n = Number(value);
  if (!Number.isFinite(n) || Math.round(n * 10) !== n * 10) {
    return MACHINE_MESSAGES.hoursNumber;
  }
  if (n < MACHINE_LIMITS.hours.min) {
    return MACHINE_MESSAGES.hoursMin;
  }
  return n > MACHINE_LIMITS.hours.max ? MACHINE_MESSAGES.hoursMax : undefined;
}
