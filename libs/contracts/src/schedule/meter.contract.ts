import {
  IsBoolean,
  IsDefined,
  IsIn,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  MinLength,
  registerDecorator,
  type ValidationOptions,
} from 'class-validator';
import type { Audited } from '../account/member.events.js';
import { OmittableNotNull, Trimmed } from '../input.js';
import { isDateOnly } from '../machine/machine-dates.js';
import type { Page } from '../paging.js';
import { METER_UNITS, MeterLimits, MeterMessages, type MeterKind, type MeterUnit, type ReadingSource } from './schedule.limits.js';

// Producer: gateway. Consumer: schedule-service. Also emitted: schedule.meters.changed,
// schedule.status.changed.
export const METER_BY_MACHINE = 'schedule.meter.byMachine' as const;
export const METER_UPDATE = 'schedule.meter.update' as const;
export const METER_REPLACE = 'schedule.meter.replace' as const;
export const READING_CREATE = 'schedule.reading.create' as const;
export const READING_LIST = 'schedule.reading.list' as const;
export const READING_UPDATE = 'schedule.reading.update' as const;

/** A meter as every read answers it; values are lifetime values (raw + the segment's offset). */
export interface Meter {
  id: number;
  machineId: number;
  kind: MeterKind;
  unit: MeterUnit;
  label: string;
  /** The latest-dated non-void reading's lifetime value (the highest of that day); null with no reading. */
  currentValue: number | null;
  /** YYYY-MM-DD of that reading. */
  currentReadAt: string | null;
  /** The current reading is older than 30 days (or there is none). */
  stale: boolean;
  /** Usage per day (90 days, else all readings, else the manual rate); null when unknown. */
  ratePerDay: number | null;
  /** The user's own rate, used only when the readings cannot give one. */
  manualRatePerDay: number | null;
  /** The value at which the meter wraps (a flagged rollover adds it). */
  rolloverValue: number;
}

/** A reading as every read answers it, with who added and last changed it (issue 32). */
export interface MeterReading extends Audited {
  id: number;
  meterId: number;
  machineId: number;
  /** The value as read on the meter. */
  value: number;
  /** value + the offset of its segment (replacements and rollovers). */
  lifetimeValue: number;
  readAt: string;
  void: boolean;
  rollover: boolean;
  /** This reading started a new meter (replacement). */
  replacement: boolean;
  source: ReadingSource;
  /** The service or fuel record it came from. */
  sourceId: number | null;
  dateCreated: string;
}

export type MeterReadingPage = Page<MeterReading>;

/** The 422 METER_OUT_OF_SEQUENCE body adds the readings the new one does not fit between. */
export interface OutOfSequenceDetails {
  /** The highest earlier-dated (or same-day) non-void reading above the value, when that broke the rule. */
  before: ReadingFields | null;
  /** The lowest later-dated non-void reading below the value, when that broke the rule. */
  after: ReadingFields | null;
}

/** A reading's own fields, without its people: what a 422 names (an error answer reads no names). */
export type ReadingFields = Omit<MeterReading, keyof Audited>;

/** A calendar date that exists (2025-02-30 does not). */
export function IsRealDate(message: string, options?: ValidationOptions) {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'isRealDate',
      target: object.constructor,
      propertyName,
      options: { message, ...options },
      validator: { validate: (value: unknown) => isDateOnly(value) },
    });
}

const Num = (message: string) => IsNumber({ allowNaN: false, allowInfinity: false }, { message });

/** POST /api/meters/{id}/readings. Decimals are checked by the service (422: they depend on the meter). */
export class CreateReadingInput {
  @IsDefined({ message: MeterMessages.value })
  @Num(MeterMessages.value)
  value!: number;

  @IsDefined({ message: MeterMessages.readAt })
  @IsRealDate(MeterMessages.readAt)
  readAt!: string;

  @IsOptional()
  @IsBoolean({ message: MeterMessages.void })
  void?: boolean;

  @IsOptional()
  @IsBoolean({ message: MeterMessages.rollover })
  rollover?: boolean;
}

/** PUT /api/readings/{id}: void or unvoid. */
export class UpdateReadingInput {
  @IsDefined({ message: MeterMessages.void })
  @IsBoolean({ message: MeterMessages.void })
  void!: boolean;
}

/** POST /api/meters/{id}/replacement: a new meter starting at newStartValue on readAt. */
export class ReplaceMeterInput {
  @IsDefined({ message: MeterMessages.newStartValue })
  @Num(MeterMessages.newStartValue)
  newStartValue!: number;

  @IsDefined({ message: MeterMessages.readAt })
  @IsRealDate(MeterMessages.readAt)
  readAt!: string;
}

/** PUT /api/meters/{id}: label, unit (mi or km for distance), manual rate, rollover value. */
export class UpdateMeterInput {
  // Null and whitespace-only are refused (issue 36): a meter always has a label.
  @OmittableNotNull()
  @Trimmed()
  @IsString({ message: MeterMessages.label })
  @MinLength(1, { message: MeterMessages.label })
  @MaxLength(MeterLimits.label, { message: MeterMessages.label })
  label?: string;

  @IsOptional()
  @IsIn(METER_UNITS, { message: MeterMessages.unit })
  unit?: MeterUnit;

  @IsOptional()
  @Num(MeterMessages.manualRate)
  @Min(0, { message: MeterMessages.manualRate })
  @Max(MeterLimits.maxRatePerDay.distance, { message: MeterMessages.manualRateTooLarge })
  manualRatePerDay?: number | null;

  // Decimals depend on the meter's kind: the service checks them (422).
  @OmittableNotNull()
  @Num(MeterMessages.rolloverValue)
  @Min(MeterLimits.minRollover, { message: MeterMessages.rolloverValue })
  @Max(MeterLimits.maxValue, { message: MeterMessages.rolloverValue })
  rolloverValue?: number;
}

export interface MachineMetersRequest {
  machineId: number;
}
export interface MeterIdRequest {
  id: number;
}
export interface CreateReadingRequest {
  meterId: number;
  reading: CreateReadingInput;
}
export interface ReadingListRequest {
  meterId: number;
  page?: number;
  size?: number;
}
export interface UpdateReadingRequest {
  id: number;
  reading: UpdateReadingInput;
}
export interface ReplaceMeterRequest {
  meterId: number;
  replacement: ReplaceMeterInput;
}
export interface UpdateMeterRequest {
  id: number;
  meter: UpdateMeterInput;
}
