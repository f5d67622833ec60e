import { ErrorCode, hasAtMostDecimals, MeterLimits, MeterMessages, type MeterKind, type OutOfSequenceDetails } from '@wrenchlog/contracts';
import { DomainError, unprocessable, validationFailed } from '@wrenchlog/platform';
import { addDays, daysBetween } from '../common/dates.js';

/** What the rules need of a reading. `lifetime` = value + its segment's offset. */
export interface ReadingFacts {
  id: number;
  value: number;
  lifetime: number;
  readAt: string;
  void: boolean;
  segmentId: number;
}

export interface SegmentFacts {
  id: number;
  startDate: string;
  offset: number;
}

const decimalsMessage = (kind: MeterKind) => (kind === 'distance' ? MeterMessages.distanceDecimals : MeterMessages.hoursDecimals);

/** A reading's raw value: 0 or more, at most the limit, whole for distance and 1 decimal for hours (else 422). */
export function checkReadingValue(kind: MeterKind, value: unknown, field = 'value'): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw validationFailed(MeterMessages.value, [{ field, message: MeterMessages.value }]);
  }
  if (value > MeterLimits.maxValue) {
    throw validationFailed(MeterMessages.valueTooLarge, [{ field, message: MeterMessages.valueTooLarge }]);
  }
  if (!hasAtMostDecimals(value, MeterLimits.decimals[kind])) {
    throw unprocessable(decimalsMessage(kind), [{ field, message: decimalsMessage(kind) }]);
  }
  return roundTo(value, MeterLimits.decimals[kind]);
}

export const roundTo = (value: number, places: number): number => Math.round(value * 10 ** places) / 10 ** places;

/** The segment a reading of this date belongs to: the latest one started on or before it. */
export function segmentFor(segments: SegmentFacts[], readAt: string): SegmentFacts {
  const sorted = [...segments].sort((a, b) => (a.startDate === b.startDate ? a.id - b.id : a.startDate < b.startDate ? -1 : 1));
  const found = sorted.filter((s) => s.startDate <= readAt).pop();
  return found ?? sorted[0];
}

/** A reading's neighbours in its segment: the highest live reading of the latest earlier day, the lowest of the earliest later day. */
export interface Neighbours<R extends Pick<ReadingFacts, 'value'> = ReadingFacts> {
  before: R | null;
  after: R | null;
}

/**
 * The sequence rule: a reading may not be lower than any earlier-dated non-void reading, nor
 * higher than any later-dated one, of the same segment. Same-day readings may come in any order
 * (the highest of a day counts). Every live reading was placed by this rule, so a segment's live
 * readings never go down from one day to a later one, and its nearest neighbours decide (void
 * readings, other segments and the reading itself are left out when finding them). Answers the
 * neighbours it breaks with, or null when it fits.
 */
export function sequenceConflict<R extends Pick<ReadingFacts, 'value'>>(neighbours: Neighbours<R>, candidate: { value: number }): Neighbours<R> | null {
  const before = neighbours.before && neighbours.before.value > candidate.value ? neighbours.before : null;
  const after = neighbours.after && neighbours.after.value < candidate.value ? neighbours.after : null;
  return before || after ? { before, after } : null;
}

/** 422 METER_OUT_OF_SEQUENCE with the neighbouring readings in the body. */
export const outOfSequence = (neighbours: OutOfSequenceDetails, message: string = MeterMessages.outOfSequence) =>
  new DomainError(ErrorCode.MeterOutOfSequence, message, [{ field: 'value', message }], { neighbours });

/** The current reading: the latest-dated non-void one, the highest of that day; never simply the maximum ever entered. */
export function currentReading<R extends Pick<ReadingFacts, 'lifetime' | 'readAt' | 'void'>>(readings: R[]): R | null {
  let best: R | null = null;
  for (const r of readings) {
    if (r.void) {
      continue;
    }
    if (!best || r.readAt > best.readAt || (r.readAt === best.readAt && r.lifetime > best.lifetime)) {
      best = r;
    }
  }
  return best;
}

/** The meter's lifetime value on a date: its current reading among those read on or before it. */
export const valueAt = <R extends Pick<ReadingFacts, 'lifetime' | 'readAt' | 'void'>>(readings: R[], date: string): number | null =>
  currentReading(readings.filter((r) => r.readAt <= date))?.lifetime ?? null;

/** Rate over a set of non-void readings: (last - first) / days, needing two readings at least a day apart. */
function rateOver(readings: Pick<ReadingFacts, 'lifetime' | 'readAt'>[]): number | null {
  if (readings.length < 2) {
    return null;
  }
  let first = readings[0];
  let last = readings[0];
  for (const r of readings) {
    // The first day's lowest and the last day's highest.
    if (r.readAt < first.readAt || (r.readAt === first.readAt && r.lifetime < first.lifetime)) {
      first = r;
    }
    if (r.readAt > last.readAt || (r.readAt === last.readAt && r.lifetime > last.lifetime)) {
      last = r;
    }
  }
  const days = daysBetween(first.readAt, last.readAt);
  if (days < 1) {
    return null;
  }
  return (last.lifetime - first.lifetime) / days;
}

/** The days the usage rate looks at first: the last 90 up to today. */
export const rateWindow = (today: string): { since: string; until: string } => ({ since: addDays(today, -MeterLimits.rateWindowDays), until: today });

export type RateBasis = '90days' | 'all' | 'manual' | 'none';

/**
 * Usage per day: over the non-void readings of the last 90 days; else over all of them; else the
 * meter's manual rate; else none.
 */
export function usageRate(
  readings: Pick<ReadingFacts, 'lifetime' | 'readAt' | 'void'>[],
  today: string,
  manualRate: number | null,
): { rate: number | null; basis: RateBasis } {
  const live = readings.filter((r) => !r.void);
  const { since, until } = rateWindow(today);
  const recent = rateOver(live.filter((r) => r.readAt >= since && r.readAt <= until));
  if (recent !== null) {
    return { rate: recent, basis: '90days' };
  }
  const all = rateOver(live);
  if (all !== null) {
    return { rate: all, basis: 'all' };
  }
  if (manualRate !== null && manualRate !== undefined) {
    return { rate: manualRate, basis: 'manual' };
  }
  return { rate: null, basis: 'none' };
}

/** A current reading older than 30 days is stale. */
export const isStale = (readAt: string | null, today: string): boolean => readAt !== null && daysBetween(readAt, today) > MeterLimits.staleDays;

/** A replacement starts a segment whose offset carries the lifetime on: old lifetime - new raw start. */
export const replacementOffset = (oldLifetime: number, newStart: number): number => oldLifetime - newStart;

/** A flagged rollover starts a segment whose offset adds the meter's rollover value. */
export const rolloverOffset = (currentOffset: number, rolloverValue: number): number => currentOffset + rolloverValue;

/**
 * The idempotency key of the reading a machine's own miles or hours field gave (machine-service's
 * saved event): it marks the reading as the machine's, which Revert does not count as one the user
 * entered on an imported machine. One per machine, kind and event.
 */
export const MACHINE_FIELD_KEY = 'machine-field:';
export const machineFieldKey = (machineId: number, kind: MeterKind, at: Date): string => `${MACHINE_FIELD_KEY}${machineId}:${kind}:${at.getTime()}`;

/** A reading stored from the machine's miles or hours fields (a value "as of" the day it was typed). */
export const isMachineFieldReading = (r: { source: string; idempotencyKey: string | null }): boolean =>
  r.source === 'manual' && (r.idempotencyKey?.startsWith(MACHINE_FIELD_KEY) ?? false);
