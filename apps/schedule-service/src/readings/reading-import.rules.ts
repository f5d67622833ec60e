import { checkImportRecord, CreateReadingInput, isValidId, type MeterKind, type MeterUnit } from '@wrenchlog/contracts';
import { roundTo, type Neighbours } from '../meters/meter.rules.js';

// Readings of an import (issue 23, LubeLogger's odometer file): what a row must hold, its value in
// the meter's unit, and the words of a reading the meter's sequence refuses, as the dry run shows it.

/** An imported odometer reading as libs/importers builds it (OdometerRow with its machine). */
export interface ImportedReading {
  machineId: number;
  value: number;
  readAt: string;
  /** The file's distance unit; the meter's own unit may differ. */
  unit: 'mi' | 'km';
}

const KM_PER_MILE = 1.609344;

/** The row's reading, checked with the DTO of a hand-entered reading, or why it cannot be one. */
export function readImportedReading(record: unknown): { value: ImportedReading; problem: null } | { value: null; problem: string } {
  const { value, problem } = checkImportRecord(CreateReadingInput, record);
  if (!value) {
    return { value: null, problem };
  }
  const { machineId, unit } = record as { machineId?: unknown; unit?: unknown };
  if (!isValidId(machineId)) {
    return { value: null, problem: 'machineId: the row has no machine' };
  }
  if (unit !== 'mi' && unit !== 'km') {
    return { value: null, problem: 'unit: must be mi or km' };
  }
  return { value: { machineId, value: value.value, readAt: value.readAt, unit }, problem: null };
}

/** The value in the meter's unit: converted (to a whole number, as distance readings are) when the file's unit is the other one. */
export function inMeterUnit(value: number, from: 'mi' | 'km', meterUnit: MeterUnit): number {
  if (meterUnit === from || meterUnit === 'h') {
    return value;
  }
  return roundTo(from === 'km' ? value / KM_PER_MILE : value * KM_PER_MILE, 0);
}

// One formatter for every row (as libs/importers' file checks): "12,000".
const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** "odometer 12,000 is lower than 12,800 on 2024-03-20": the neighbour a reading breaks the sequence with. */
export function sequenceMessage(value: number, conflict: Neighbours<{ value: number; readAt: string }>): string {
  if (conflict.before) {
    return `odometer ${NUMBER.format(value)} is lower than ${NUMBER.format(conflict.before.value)} on ${conflict.before.readAt}`;
  }
  const after = conflict.after!;
  return `odometer ${NUMBER.format(value)} is higher than ${NUMBER.format(after.value)} on ${after.readAt}`;
}

/** A restore's reading (libs/importers' ReadingRow with its machine): a meter of either kind, void or a rollover as exported. */
export interface RestoredReading {
  machineId: number;
  meterKind: MeterKind;
  unit: MeterUnit;
  value: number;
  readAt: string;
  void: boolean;
  rollover: boolean;
}

/** The restored row's reading, checked with the DTO of a hand-entered reading, or why it cannot be one. */
export function readRestoredReading(record: unknown): { value: RestoredReading; problem: null } | { value: null; problem: string } {
  const { value, problem } = checkImportRecord(CreateReadingInput, record);
  if (!value) {
    return { value: null, problem };
  }
  const { machineId, meterKind, unit } = record as { machineId?: unknown; meterKind?: unknown; unit?: unknown };
  if (!isValidId(machineId)) {
    return { value: null, problem: 'machineId: the row has no machine' };
  }
  if (meterKind === 'distance' ? unit !== 'mi' && unit !== 'km' : meterKind !== 'hours' || unit !== 'h') {
    return { value: null, problem: 'meterKind: must be distance (mi or km) or hours (h)' };
  }
  return {
    value: {
      machineId,
      meterKind: meterKind as MeterKind,
      unit: unit as MeterUnit,
      value: value.value,
      readAt: value.readAt,
      void: value.void === true,
      rollover: value.rollover === true,
    },
    problem: null,
  };
}
