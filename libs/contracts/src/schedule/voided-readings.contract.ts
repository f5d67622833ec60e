import type { FuelRecord } from '../fuel/fuel-record.contract.js';
import type { ServiceRecord } from '../service-record/service-record.contract.js';
import type { ReadingFields } from './meter.contract.js';
import type { MeterKind } from './schedule.limits.js';

// A save that voids a meter reading says so (issue 38): the readings a service or fuel record's
// values left void (out of sequence with a reading already there), and those a record's dated
// reading voided (a value typed in the machine's own fields, "as of" the day it was typed).
// Producer: gateway, after a service or fuel record's save. Consumer: schedule-service.
export const READING_VOIDED_BY_RECORD = 'schedule.reading.voidedByRecord' as const;

export interface VoidedByRecordRequest {
  source: 'service_record' | 'fuel_record';
  recordId: number;
}

/** A reading left void by a save, and the live reading it conflicts with (null: none named). */
export interface VoidedReading extends ReadingFields {
  kind: MeterKind;
  /** 'mi', 'km' or 'h'. */
  unit: string;
  /** The reading it is void because of. */
  conflictsWith: ReadingFields | null;
}

export type VoidedReadingsRpc = {
  [READING_VOIDED_BY_RECORD]: { request: VoidedByRecordRequest; response: VoidedReading[] };
};

/**
 * The reply of a service or fuel record's create and update (POST /api/services/fastCreate, PUT
 * /api/services/{id}, POST and PUT /api/fuel-records): the spec's record, and `voidedReadings` when
 * the save left meter readings void (absent when it left none, or the meters did not answer in time).
 */
export type WithVoidedReadings<T> = T & { voidedReadings?: VoidedReading[] };

/** A fuel record's save, named for the API reference (a generic's name is no OpenAPI component name). */
export interface FuelRecordSaved extends FuelRecord {
  voidedReadings?: VoidedReading[];
}

/** A service record's save, named for the API reference. */
export interface ServiceRecordSaved extends ServiceRecord {
  voidedReadings?: VoidedReading[];
}
