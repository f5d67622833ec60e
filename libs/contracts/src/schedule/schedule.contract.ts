import { IsBoolean, IsDefined, IsIn, IsInt, IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { MAX_ID } from '../ids.js';
import type { Audited } from '../account/member.events.js';
import type { Page } from '../paging.js';
import { PageQuery } from '../paging.js';
import { IsRealDate } from './meter.contract.js';
import {
  MeterLimits,
  SCHEDULE_ANCHORS,
  ScheduleLimits,
  ScheduleMessages,
  type ScheduleAnchor,
  type ScheduleDimension,
  type ScheduleOrigin,
  type ScheduleStatus,
} from './schedule.limits.js';

// Producer: gateway. Consumer: schedule-service. Also emitted: schedule.status.changed.
export const SCHEDULE_CREATE = 'schedule.schedule.create' as const;
export const SCHEDULE_BY_MACHINE = 'schedule.schedule.byMachine' as const;
export const SCHEDULE_LIST = 'schedule.schedule.list' as const;
export const SCHEDULE_GET = 'schedule.schedule.get' as const;
export const SCHEDULE_UPDATE = 'schedule.schedule.update' as const;
export const SCHEDULE_DELETE = 'schedule.schedule.delete' as const;
export const SCHEDULE_COMPLETE = 'schedule.schedule.complete' as const;
export const SCHEDULE_TEMPLATES = 'schedule.template.list' as const;

/**
 * A maintenance schedule as every read answers it, with who added and last changed it (issue 32).
 * Distances are in the machine's distance meter's unit.
 */
export interface Schedule extends Audited {
  id: number;
  machineId: number;
  /** The machine's name and type from machine-service's events (null until known). */
  machineName: string | null;
  machineType: string | null;
  title: string;
  serviceType: string;
  origin: ScheduleOrigin;
  intervalDays: number | null;
  intervalMonths: number | null;
  intervalDistance: number | null;
  intervalHours: number | null;
  /** The due-soon windows in force (the defaults when the schedule set none). */
  soonDays: number;
  soonDistance: number;
  soonHours: number;
  recurring: boolean;
  anchor: ScheduleAnchor;
  lastDoneDate: string | null;
  lastDoneDistance: number | null;
  lastDoneHours: number | null;
  status: ScheduleStatus;
  /** In words: "120 h left", "Overdue by 340 mi", "Due in 12 days". */
  reason: string;
  reasonDimension: ScheduleDimension;
  nextDueDate: string | null;
  nextDueDistance: number | null;
  nextDueHours: number | null;
  /** Earliest of the due date and the meter forecasts; null when no rate is known. */
  forecastDate: string | null;
  /** A one-off schedule that has been completed. */
  done: boolean;
  /** Service records that completed it, newest first. */
  completedBy: number[];
  /** The unit of its distances: the machine's distance meter's (mi when the machine has none). */
  distanceUnit: 'mi' | 'km';
  /** The job template (work-order-service) its work orders start from (issue 35); null: none. */
  jobTemplateId: number | null;
}

export type SchedulePage = Page<Schedule>;

const Num = (message: string) => IsNumber({ allowNaN: false, allowInfinity: false }, { message });

/**
 * POST /api/machines/{id}/schedules and PUT /api/schedules/{id}. The gateway checks types; the
 * service checks the rules (an interval at all, above 0, decimals, windows no wider than the
 * interval), so the same rules hold for every caller.
 */
export class ScheduleInput {
  @IsDefined({ message: ScheduleMessages.title })
  @IsString({ message: ScheduleMessages.title })
  @MaxLength(ScheduleLimits.title, { message: ScheduleMessages.title })
  title!: string;

  @IsDefined({ message: ScheduleMessages.serviceType })
  @IsString({ message: ScheduleMessages.serviceType })
  @MaxLength(ScheduleLimits.serviceType, { message: ScheduleMessages.serviceType })
  serviceType!: string;

  // null means "not set"; '' is no number (issue 36: it was taken as "not set"). Decimals and ranges
  // beyond these are the service's (422 for decimals, as for readings).
  @IsOptional() @Num(ScheduleMessages.intervalPositive) @Max(ScheduleLimits.maxIntervalDays, { message: ScheduleMessages.intervalPositive }) intervalDays?:
    number | null;
  @IsOptional() @Num(ScheduleMessages.intervalPositive) @Max(ScheduleLimits.maxIntervalMonths, { message: ScheduleMessages.intervalPositive }) intervalMonths?:
    number | null;
  @IsOptional() @Num(ScheduleMessages.intervalNumber) @Max(ScheduleLimits.maxInterval, { message: ScheduleMessages.intervalNumber }) intervalDistance?:
    number | null;
  @IsOptional() @Num(ScheduleMessages.intervalNumber) @Max(ScheduleLimits.maxInterval, { message: ScheduleMessages.intervalNumber }) intervalHours?:
    number | null;
  @IsOptional() @Num(ScheduleMessages.soonNumber) soonDays?: number | null;
  @IsOptional() @Num(ScheduleMessages.soonNumber) soonDistance?: number | null;
  @IsOptional() @Num(ScheduleMessages.soonNumber) soonHours?: number | null;

  @IsDefined({ message: ScheduleMessages.recurring })
  @IsBoolean({ message: ScheduleMessages.recurring })
  recurring!: boolean;

  @IsDefined({ message: ScheduleMessages.anchor })
  @IsIn(SCHEDULE_ANCHORS, { message: ScheduleMessages.anchor })
  anchor!: ScheduleAnchor;

  @IsOptional() @IsRealDate(ScheduleMessages.lastDoneDate) lastDoneDate?: string | null;
  @IsOptional() @Num(ScheduleMessages.lastDoneValue) @Max(MeterLimits.maxValue, { message: ScheduleMessages.lastDoneTooLarge }) lastDoneDistance?:
    number | null;
  @IsOptional() @Num(ScheduleMessages.lastDoneValue) @Max(MeterLimits.maxValue, { message: ScheduleMessages.lastDoneTooLarge }) lastDoneHours?: number | null;

  /**
   * The job template its work orders start from (issue 35): an id of work-order-service, which applies
   * it only while it is a template of the account. null clears it; left out, an update keeps it.
   */
  @IsOptional()
  @IsInt({ message: ScheduleMessages.jobTemplateId })
  @Min(1, { message: ScheduleMessages.jobTemplateId })
  @Max(MAX_ID, { message: ScheduleMessages.jobTemplateId })
  jobTemplateId?: number | null;
}

/** GET /api/schedules?status=overdue,due_soon&machineType=&page=&size= : the fleet's Due list, most urgent first. */
export class ScheduleListQuery extends PageQuery {
  @IsOptional()
  @IsString({ message: ScheduleMessages.status })
  @Matches(/^\s*(upcoming|due_soon|overdue)\s*(,\s*(upcoming|due_soon|overdue)\s*)*$/, { message: ScheduleMessages.status })
  status?: string;

  @IsOptional()
  @IsString()
  @MaxLength(60, { message: 'Machine type must be at most 60 characters' })
  machineType?: string;
}

export class CompleteScheduleInput {
  @IsDefined({ message: ScheduleMessages.recordNotFound })
  @IsNumber({}, { message: ScheduleMessages.recordNotFound })
  serviceRecordId!: number;
}

export interface ScheduleTemplate {
  key: string;
  title: string;
  serviceType: string;
  intervalDays: number | null;
  intervalMonths: number | null;
  intervalDistance: number | null;
  intervalHours: number | null;
  recurring: boolean;
  anchor: ScheduleAnchor;
}

export interface CreateScheduleRequest {
  machineId: number;
  schedule: ScheduleInput;
}
export interface ScheduleIdRequest {
  id: number;
}
export interface MachineSchedulesRequest {
  machineId: number;
}
export interface UpdateScheduleRequest {
  id: number;
  schedule: ScheduleInput;
}
export interface CompleteScheduleRequest {
  id: number;
  serviceRecordId: number;
}
export interface ScheduleTemplatesRequest {
  type?: string;
}
export interface ScheduleDeleted {
  id: number;
}
