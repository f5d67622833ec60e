import { READING_VOIDED_BY_RECORD, type VoidedByRecordRequest, type VoidedReading } from './voided-readings.contract.js';
import type {
  CreateReadingRequest,
  MachineMetersRequest,
  Meter,
  MeterReading,
  MeterReadingPage,
  ReadingListRequest,
  ReplaceMeterRequest,
  UpdateMeterRequest,
  UpdateReadingRequest,
} from './meter.contract.js';
import { METER_BY_MACHINE, METER_REPLACE, METER_UPDATE, READING_CREATE, READING_LIST, READING_UPDATE } from './meter.contract.js';
import type { ReadingBatchRequest, ReadingBatchResult } from './reading-batch.contract.js';
import { READING_BATCH } from './reading-batch.contract.js';
import type {
  CompleteScheduleRequest,
  CreateScheduleRequest,
  MachineSchedulesRequest,
  Schedule,
  ScheduleDeleted,
  ScheduleIdRequest,
  ScheduleListQuery,
  SchedulePage,
  ScheduleTemplate,
  ScheduleTemplatesRequest,
  UpdateScheduleRequest,
} from './schedule.contract.js';
import {
  SCHEDULE_BY_MACHINE,
  SCHEDULE_COMPLETE,
  SCHEDULE_CREATE,
  SCHEDULE_DELETE,
  SCHEDULE_GET,
  SCHEDULE_LIST,
  SCHEDULE_TEMPLATES,
  SCHEDULE_UPDATE,
} from './schedule.contract.js';

/** The schedule context (schedule-service): meters, readings, schedules. */
export type ScheduleRpc = {
  [METER_BY_MACHINE]: { request: MachineMetersRequest; response: Meter[] };
  [METER_UPDATE]: { request: UpdateMeterRequest; response: Meter };
  [METER_REPLACE]: { request: ReplaceMeterRequest; response: MeterReading };
  [READING_CREATE]: { request: CreateReadingRequest; response: MeterReading };
  [READING_LIST]: { request: ReadingListRequest; response: MeterReadingPage };
  [READING_UPDATE]: { request: UpdateReadingRequest; response: MeterReading };
  [READING_VOIDED_BY_RECORD]: { request: VoidedByRecordRequest; response: VoidedReading[] };
  [SCHEDULE_CREATE]: { request: CreateScheduleRequest; response: Schedule };
  [SCHEDULE_BY_MACHINE]: { request: MachineSchedulesRequest; response: Schedule[] };
  [SCHEDULE_LIST]: { request: ScheduleListQuery; response: SchedulePage };
  [SCHEDULE_GET]: { request: ScheduleIdRequest; response: Schedule };
  [SCHEDULE_UPDATE]: { request: UpdateScheduleRequest; response: Schedule };
  [SCHEDULE_DELETE]: { request: ScheduleIdRequest; response: ScheduleDeleted };
  [SCHEDULE_COMPLETE]: { request: CompleteScheduleRequest; response: Schedule };
  [SCHEDULE_TEMPLATES]: { request: ScheduleTemplatesRequest; response: ScheduleTemplate[] };
  [READING_BATCH]: { request: ReadingBatchRequest; response: ReadingBatchResult };
};
