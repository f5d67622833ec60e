import { MACHINE_TEXT_LIMITS } from '../machine/machine.limits.js';

// Meter readings in bulk (issue 33): POST /api/readings/batch's limits and messages, without
// class-validator (the DTO and schedule-service are built from them).

export const ReadingBatchLimits = {
  /** Readings in one batch: more answers 400. */
  maxReadings: 1_000,
  /** A VIN or serial number, as a machine's VIN or serial number field holds it. */
  identifier: MACHINE_TEXT_LIMITS.vin.max,
  /** The sender's own id of a reading, echoed in that reading's error. */
  externalId: 100,
  /** The gateway waits this long for a batch (a 1,000-reading batch on PostgreSQL takes seconds); a retry after a timeout skips what was stored. */
  replyTimeoutMs: 30_000,
} as const;

/** Codes of a reading the batch did not store (`errors[].code`); the others of the batch are stored. */
export const READING_BATCH_ERROR_CODES = ['NOT_FOUND', 'AMBIGUOUS', 'METER_OUT_OF_SEQUENCE', 'UNPROCESSABLE', 'VALIDATION'] as const;
export type ReadingBatchErrorCode = (typeof READING_BATCH_ERROR_CODES)[number];

export const ReadingBatchMessages = {
  readings: `Readings must be a list of 1 to ${ReadingBatchLimits.maxReadings} readings`,
  tooMany: `A batch holds at most ${ReadingBatchLimits.maxReadings} readings: send the rest in another batch`,
  oneMachine: 'Name the machine by exactly one of machineId, vin or serialNumber',
  machineId: 'Machine ID must be a whole number above 0',
  vin: `VIN must be text of 1 to ${ReadingBatchLimits.identifier} characters`,
  serialNumber: `Serial number must be text of 1 to ${ReadingBatchLimits.identifier} characters`,
  kind: 'Kind must be distance or hours',
  readAt: 'Read at must be an ISO 8601 date and time (2026-05-01T08:30:00Z) or date',
  externalId: `External ID must be text of at most ${ReadingBatchLimits.externalId} characters`,
  machineNotFound: 'Machine not found',
  ambiguous: 'Several machines have this VIN or serial number: name the machine by machineId',
  noMeter: 'This machine has no meter of that kind',
} as const;
