import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsDefined,
  IsIn,
  IsISO8601,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  MinLength,
  registerDecorator,
  ValidateNested,
  type ValidationArguments,
} from 'class-validator';
import { isValidId } from '../ids.js';
import { isDateOnly } from '../machine/machine-dates.js';
import { METER_KINDS, MeterMessages, type MeterKind } from './schedule.limits.js';
import { ReadingBatchLimits, ReadingBatchMessages as M, type ReadingBatchErrorCode } from './reading-batch.limits.js';

// Producer: gateway (POST /api/readings/batch, issue 33). Consumer: schedule-service. Also emitted,
// per stored reading and machine as for one reading: schedule.reading.created, schedule.reading.changed,
// schedule.meters.changed, schedule.status.changed.
export const READING_BATCH = 'schedule.reading.batch' as const;

/** The constraint name of machineId's rule (the API reference documents it as a positive integer). */
export const MACHINE_NAMED_ONCE = 'machineNamedOnce';

const named = (value: unknown) => value !== undefined && value !== null;

/**
 * A reading names its machine by exactly one of machineId, vin or serialNumber, and a machineId is an
 * id. One rule on machineId (not @IsOptional, which would skip it when machineId is absent).
 */
function MachineNamedOnce() {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: MACHINE_NAMED_ONCE,
      target: object.constructor,
      propertyName,
      validator: {
        validate: (value: unknown, args: ValidationArguments) => {
          const item = args.object as BatchReadingInput;
          const count = [item.machineId, item.vin, item.serialNumber].filter(named).length;
          return count === 1 && (!named(value) || isValidId(value));
        },
        defaultMessage: (args: ValidationArguments) => {
          const item = args.object as BatchReadingInput;
          const count = [item.machineId, item.vin, item.serialNumber].filter(named).length;
          return count === 1 ? M.machineId : M.oneMachine;
        },
      },
    });
}

/** The reading's day is a real date within the years every date of the product allows (not 2201). */
function ReadingDayInRange() {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'readingDayInRange',
      target: object.constructor,
      propertyName,
      options: { message: M.readAt },
      validator: { validate: (value: unknown) => typeof value === 'string' && isDateOnly(value.slice(0, 10)) },
    });
}

/** One reading of a batch: its machine (by id, VIN or serial number), meter kind, value and time. */
export class BatchReadingInput {
  @MachineNamedOnce()
  machineId?: number;

  @IsOptional()
  @IsString({ message: M.vin })
  @MinLength(1, { message: M.vin })
  @MaxLength(ReadingBatchLimits.identifier, { message: M.vin })
  vin?: string;

  @IsOptional()
  @IsString({ message: M.serialNumber })
  @MinLength(1, { message: M.serialNumber })
  @MaxLength(ReadingBatchLimits.identifier, { message: M.serialNumber })
  serialNumber?: string;

  @IsDefined({ message: M.kind })
  @IsIn(METER_KINDS, { message: M.kind })
  kind!: MeterKind;

  // Range and decimals depend on the meter: the service checks them per reading (UNPROCESSABLE).
  @IsDefined({ message: MeterMessages.value })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: MeterMessages.value })
  value!: number;

  // The reading's day is the date as written (the sender's own offset): readings are kept by day.
  @IsDefined({ message: M.readAt })
  @IsISO8601({ strict: true }, { message: M.readAt })
  @Matches(/^\d{4}-\d{2}-\d{2}(T|$)/, { message: M.readAt })
  @ReadingDayInRange()
  readAt!: string;

  @IsOptional()
  @IsString({ message: M.externalId })
  @MaxLength(ReadingBatchLimits.externalId, { message: M.externalId })
  externalId?: string;
}

/** POST /api/readings/batch: 1 to 1,000 readings. */
export class ReadingBatchInput {
  @IsDefined({ message: M.readings })
  @IsArray({ message: M.readings })
  @ArrayMinSize(1, { message: M.readings })
  @ArrayMaxSize(ReadingBatchLimits.maxReadings, { message: M.tooMany })
  @ValidateNested({ each: true })
  @Type(() => BatchReadingInput)
  readings!: BatchReadingInput[];
}

/** A reading the batch did not store: its place in the request, why, and the sender's own id of it. */
export interface ReadingBatchError {
  /** The reading's position in `readings`, from 0. */
  index: number;
  code: ReadingBatchErrorCode;
  message: string;
  externalId?: string;
}

/** What a batch did: readings stored, readings skipped as already stored (same meter, day and value), and the others. */
export interface ReadingBatchResult {
  stored: number;
  skipped: number;
  /** By index; empty when every reading was stored or skipped. */
  errors: ReadingBatchError[];
}

/** A machine of the caller's a VIN or serial number named (machine.machine.resolve's answer). */
export interface ResolvedMachine {
  id: number;
  vin: string;
  /** Its serial number ('' for none): a batch's serialNumber names the machine by this, a vin by `vin`. */
  serialNumber?: string;
}

export interface ReadingBatchRequest {
  batch: ReadingBatchInput;
  /** The machines the batch's VINs and serial numbers name, as machine-service resolved them for the caller. */
  machines: ResolvedMachine[];
}
