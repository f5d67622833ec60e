import type { Actor, MetersChangedEvent, ReadingFields, RpcMeta, ScheduleReadingChangedEvent, ScheduleReadingCreatedEvent } from '@wrenchlog/contracts';
import type { CallContext } from '@wrenchlog/platform';
import type { MeterEntity } from '../meters/meter.entity.js';
import { currentReading } from '../meters/meter.rules.js';
import type { ReadingRow } from '../meters/meters.repository.js';
import type { ReadingEntity } from '../meters/reading.entity.js';

/** A stored reading as the API answers it, but for its people (MemberDirectory adds them). */
export const toReading = (r: ReadingRow): ReadingFields => ({
  id: r.id,
  meterId: r.meterId,
  machineId: r.machineId,
  value: r.value,
  lifetimeValue: r.lifetime,
  readAt: r.readAt,
  void: r.void,
  rollover: r.rollover,
  replacement: r.replacement,
  source: r.source,
  sourceId: r.sourceId,
  dateCreated: r.dateCreated.toISOString(),
});

/** schedule.reading.created of a live reading: schedules and notifications follow it. */
export const readingCreatedEvent = (meter: MeterEntity, row: ReadingEntity): ScheduleReadingCreatedEvent => ({
  readingId: row.id,
  meterId: meter.id,
  machineId: meter.machineId,
  accountId: meter.accountId,
  kind: meter.kind,
  unit: meter.unit,
  value: row.value,
  lifetimeValue: row.lifetime,
  date: row.readAt,
  source: row.source,
  sourceId: row.sourceId,
  at: new Date().toISOString(),
});

/** schedule.reading.changed: report-service's copy of one reading, live or not (void, or deleted). */
export const readingChangedEvent = (
  meter: MeterEntity,
  row: Pick<ReadingEntity, 'id' | 'lifetime' | 'readAt' | 'void'>,
  deleted: boolean,
): ScheduleReadingChangedEvent => ({
  readingId: row.id,
  meterId: meter.id,
  machineId: meter.machineId,
  accountId: meter.accountId,
  kind: meter.kind,
  unit: meter.unit,
  lifetimeValue: row.lifetime,
  date: row.readAt,
  live: !row.void && !deleted,
  at: new Date().toISOString(),
});

/** schedule.meters.changed: the machine's miles and hours are its meters' current values (null: no live reading). */
export function metersChangedEvent(
  machineId: number,
  accountId: number,
  meters: MeterEntity[],
  readings: (Pick<ReadingEntity, 'lifetime' | 'readAt' | 'void'> & { meterId: number })[],
): MetersChangedEvent {
  const currentOf = (kind: 'distance' | 'hours') => {
    const meter = meters.find((m) => m.kind === kind);
    return meter ? (currentReading(readings.filter((r) => r.meterId === meter.id))?.lifetime ?? null) : null;
  };
  const distanceMeter = meters.find((m) => m.kind === 'distance');
  const distanceUnit = distanceMeter ? (distanceMeter.unit === 'km' ? 'km' : 'mi') : null;
  return { machineId, accountId, miles: currentOf('distance'), hours: currentOf('hours'), distanceUnit, at: new Date().toISOString() };
}

export const callContext = (actor: Actor, meta?: RpcMeta): CallContext => ({ actor, correlationId: meta?.correlationId });
