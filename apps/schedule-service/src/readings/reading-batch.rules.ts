import {
  ErrorCode,
  machineIdentifierKey,
  MeterMessages,
  ReadingBatchMessages as M,
  type BatchReadingInput,
  type ReadingBatchError,
  type ReadingBatchErrorCode,
  type ResolvedMachine,
} from '@wrenchlog/contracts';
import type { Neighbours } from '../meters/meter.rules.js';

// A batch of meter readings (issue 33, POST /api/readings/batch): which machine each names, the
// order they are placed in, and the words of one that is not stored. The meter's own rules
// (value, duplicate, sequence) are a single reading's, applied by ReadingBatchService.

/** A reading's day: the date as written, in the sender's own offset (readings are kept by day). */
export const readingDay = (readAt: string): string => readAt.slice(0, 10);

// A VIN and a serial number are kept apart: a serial number never names a machine by its VIN.
const vinKey = (value: string) => `vin:${machineIdentifierKey(value)}`;
const serialKey = (value: string) => `serial:${machineIdentifierKey(value)}`;

/** The machine ids each VIN and each serial number names, by vinKey and serialKey. */
export function machinesByKey(machines: readonly ResolvedMachine[]): Map<string, number[]> {
  const byKey = new Map<string, number[]>();
  const add = (key: string, id: number) => byKey.set(key, [...(byKey.get(key) ?? []), id]);
  for (const m of machines ?? []) {
    if (m.vin?.trim()) {
      add(vinKey(m.vin), m.id);
    }
    if (m.serialNumber?.trim()) {
      add(serialKey(m.serialNumber), m.id);
    }
  }
  return byKey;
}

export type Named = { machineId: number; problem?: undefined } | { machineId?: undefined; problem: { code: ReadingBatchErrorCode; message: string } };

/**
 * The machine a reading names: its id as given (the service checks it is the caller's), or the one
 * machine of the caller's its VIN or serial number names. None (unknown, another account's or
 * unassigned: never told apart) is not found; several is ambiguous.
 */
export function machineNamed(item: Pick<BatchReadingInput, 'machineId' | 'vin' | 'serialNumber'>, byKey: Map<string, number[]>): Named {
  if (typeof item.machineId === 'number') {
    return { machineId: item.machineId };
  }
  const key = typeof item.vin === 'string' ? vinKey(item.vin) : serialKey(item.serialNumber ?? '');
  const ids = byKey.get(key) ?? [];
  if (ids.length === 1) {
    return { machineId: ids[0] };
  }
  return { problem: ids.length === 0 ? { code: 'NOT_FOUND', message: M.machineNotFound } : { code: 'AMBIGUOUS', message: M.ambiguous } };
}

/**
 * The order readings are placed in: by day, then by instant, then as sent. Two readings of one day
 * sent newest first would otherwise refuse the earlier, lower one as out of sequence.
 */
export function placingOrder<T extends { index: number; item: Pick<BatchReadingInput, 'readAt'> }>(readings: readonly T[]): T[] {
  const instant = (r: T) => {
    const t = Date.parse(r.item.readAt);
    return Number.isNaN(t) ? 0 : t;
  };
  return [...readings].sort((a, b) => {
    const dayA = readingDay(a.item.readAt);
    const dayB = readingDay(b.item.readAt);
    return dayA !== dayB ? (dayA < dayB ? -1 : 1) : instant(a) - instant(b) || a.index - b.index;
  });
}

const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** "…: 90 is lower than 100 on 2026-01-03": the single reading's 422 message, with the neighbour it breaks. */
export function outOfSequenceMessage(value: number, neighbours: Neighbours<{ value: number; readAt: string }> | undefined): string {
  if (neighbours?.before) {
    return `${MeterMessages.outOfSequence}: ${NUMBER.format(value)} is lower than ${NUMBER.format(neighbours.before.value)} on ${neighbours.before.readAt}`;
  }
  if (neighbours?.after) {
    return `${MeterMessages.outOfSequence}: ${NUMBER.format(value)} is higher than ${NUMBER.format(neighbours.after.value)} on ${neighbours.after.readAt}`;
  }
  return MeterMessages.outOfSequence;
}

/** The batch code of a domain error one reading met (its single-reading status in words a program can switch on). */
export function batchCode(code: ErrorCode): ReadingBatchErrorCode | null {
  switch (code) {
    case ErrorCode.MeterOutOfSequence:
      return 'METER_OUT_OF_SEQUENCE';
    case ErrorCode.Unprocessable:
      return 'UNPROCESSABLE';
    case ErrorCode.Validation:
      return 'VALIDATION';
    case ErrorCode.NotFound:
      return 'NOT_FOUND';
    default:
      return null;
  }
}

/** One error of the answer, with the sender's own id of the reading when it gave one. */
export function batchError(index: number, item: Pick<BatchReadingInput, 'externalId'>, code: ReadingBatchErrorCode, message: string): ReadingBatchError {
  return item.externalId === undefined ? { index, code, message } : { index, code, message, externalId: item.externalId };
}

/** A live reading of a segment as the batch judges against it. */
export interface LiveFacts {
  id: number;
  value: number;
  readAt: string;
}

/**
 * The neighbours of a day among a segment's live readings, as MetersRepository.neighbours finds
 * them in SQL: the highest of the latest earlier day and the lowest of the earliest later day (the
 * first entered of equals). The batch holds each meter's live readings in memory instead of asking
 * twice per reading.
 */
export function neighboursIn<R extends LiveFacts>(live: readonly R[], day: string): { before: R | null; after: R | null } {
  let before: R | null = null;
  let after: R | null = null;
  for (const r of live) {
    if (r.readAt < day) {
      if (!before || r.readAt > before.readAt || (r.readAt === before.readAt && (r.value > before.value || (r.value === before.value && r.id < before.id)))) {
        before = r;
      }
    } else if (r.readAt > day) {
      if (!after || r.readAt < after.readAt || (r.readAt === after.readAt && (r.value < after.value || (r.value === after.value && r.id < after.id)))) {
        after = r;
      }
    }
  }
  return { before, after };
}

/** Of several earlier days that read the same value, the first (as a single reading's 422 names it). */
export function firstOfValueIn<R extends LiveFacts>(live: readonly R[], day: string, value: number): R | null {
  let first: R | null = null;
  for (const r of live) {
    if (r.readAt < day && r.value === value && (!first || r.readAt < first.readAt || (r.readAt === first.readAt && r.id < first.id))) {
      first = r;
    }
  }
  return first;
}
