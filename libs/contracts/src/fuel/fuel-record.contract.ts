import { IsBoolean, IsDefined, IsInt, IsISO8601, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { FUEL_LIMITS, FUEL_MESSAGES, FUEL_TEXT_LIMITS, fuelTextTooLong } from './fuel.limits.js';
import { atLeast, atMost, decimals, FIELD_REQUIRED } from './messages.js';
import type { HistoryWindow } from '../history.limits.js';
import type { Page } from '../paging.js';
import { EmptyIsMissing, IsDecimal } from '../input.js';
import { MAX_ID } from '../ids.js';
import type { Audited } from '../account/member.events.js';

// Producer: gateway. Consumer: fuel-purchase-service.
export const FUEL_RECORD_LIST_BY_MACHINE = 'fuel.record.listByMachine' as const;
export const FUEL_RECORD_LATEST = 'fuel.record.latest' as const;
export const FUEL_RECORD_GET = 'fuel.record.get' as const;
export const FUEL_RECORD_CREATE = 'fuel.record.create' as const;
export const FUEL_RECORD_UPDATE = 'fuel.record.update' as const;
export const FUEL_RECORD_DELETE = 'fuel.record.delete' as const;

export const FUEL_FLAG_MESSAGES = {
  fullTank: 'fullTank must be true or false',
  missedPrevious: 'missedPrevious must be true or false',
} as const;

/**
 * The fuel record form (POST and PUT carry the same fields). id, dateCreated and mpg are answered
 * but never taken from the body (the gateway strips them), so an update accepts what a read returned.
 */
export class FuelRecordInput {
  @EmptyIsMissing()
  @IsDefined({ message: FUEL_MESSAGES.machineRequired })
  @IsInt({ message: FUEL_MESSAGES.machineRequired })
  @Min(1, { message: FUEL_MESSAGES.machineRequired })
  @Max(MAX_ID, { message: FUEL_MESSAGES.machineRequired })
  machineId!: number;

  @EmptyIsMissing()
  @IsDefined({ message: FIELD_REQUIRED })
  @IsDecimal(FUEL_LIMITS.amount.places, { message: decimals(FUEL_LIMITS.amount.places) })
  @Min(FUEL_LIMITS.amount.min, { message: atLeast(FUEL_LIMITS.amount.min) })
  @Max(FUEL_LIMITS.amount.max, { message: atMost(FUEL_LIMITS.amount.max) })
  amount!: number;

  @EmptyIsMissing()
  @IsDefined({ message: FIELD_REQUIRED })
  @IsDecimal(FUEL_LIMITS.pricePerUnit.places, { message: decimals(FUEL_LIMITS.pricePerUnit.places) })
  @Min(FUEL_LIMITS.pricePerUnit.min, { message: atLeast(FUEL_LIMITS.pricePerUnit.min) })
  @Max(FUEL_LIMITS.pricePerUnit.max, { message: atMost(FUEL_LIMITS.pricePerUnit.max) })
  pricePerUnit!: number;

  @EmptyIsMissing()
  @IsDefined({ message: FUEL_MESSAGES.totalPriceRequired })
  @IsDecimal(FUEL_LIMITS.totalPrice.places, { message: decimals(FUEL_LIMITS.totalPrice.places) })
  @Min(FUEL_LIMITS.totalPrice.min, { message: atLeast(FUEL_LIMITS.totalPrice.min) })
  @Max(FUEL_LIMITS.totalPrice.max, { message: atMost(FUEL_LIMITS.totalPrice.max) })
  totalPrice!: number;

  /** ISO 8601 instant (the fast form sends the current moment). */
  @EmptyIsMissing()
  @IsDefined({ message: FIELD_REQUIRED })
  @IsISO8601({ strict: true }, { message: 'Date of purchase must be an ISO 8601 date and time' })
  dateOfPurchase!: string;

  @IsOptional()
  @IsString()
  @MaxLength(FUEL_TEXT_LIMITS.notes.max, { message: fuelTextTooLong(FUEL_TEXT_LIMITS.notes) })
  notes?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(FUEL_TEXT_LIMITS.storeName.max, { message: fuelTextTooLong(FUEL_TEXT_LIMITS.storeName) })
  storeName?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(FUEL_TEXT_LIMITS.storeCity.max, { message: fuelTextTooLong(FUEL_TEXT_LIMITS.storeCity) })
  storeCity?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(FUEL_TEXT_LIMITS.storeState.max, { message: fuelTextTooLong(FUEL_TEXT_LIMITS.storeState) })
  storeState?: string | null;

  @IsOptional()
  @IsDecimal(FUEL_LIMITS.hours.places, { message: decimals(FUEL_LIMITS.hours.places) })
  @Min(FUEL_LIMITS.hours.min, { message: atLeast(FUEL_LIMITS.hours.min) })
  @Max(FUEL_LIMITS.hours.max, { message: atMost(FUEL_LIMITS.hours.max) })
  currentHours?: number | null;

  @IsOptional()
  @IsDecimal(FUEL_LIMITS.mileage.places, { message: decimals(FUEL_LIMITS.mileage.places) })
  @Min(FUEL_LIMITS.mileage.min, { message: atLeast(FUEL_LIMITS.mileage.min) })
  @Max(FUEL_LIMITS.mileage.max, { message: atMost(FUEL_LIMITS.mileage.max) })
  currentMileage?: number | null;

  @IsOptional()
  @IsDecimal(FUEL_LIMITS.mileage.places, { message: decimals(FUEL_LIMITS.mileage.places) })
  @Min(FUEL_LIMITS.mileage.min, { message: atLeast(FUEL_LIMITS.mileage.min) })
  @Max(FUEL_LIMITS.mileage.max, { message: atMost(FUEL_LIMITS.mileage.max) })
  lastMileage?: number | null;

  /** "Filled the tank" (issue 22): absent keeps the record's value (true for a new record). */
  @IsOptional()
  @IsBoolean({ message: FUEL_FLAG_MESSAGES.fullTank })
  fullTank?: boolean;

  /** "Missed the previous fill-up": absent keeps the record's value (false for a new record). */
  @IsOptional()
  @IsBoolean({ message: FUEL_FLAG_MESSAGES.missedPrevious })
  missedPrevious?: boolean;
}

/** A fuel record as every call answers it, with who added and last changed it (issue 32). Money has 2 decimals (pricePerUnit up to 3). */
export interface FuelRecord extends Audited {
  id: number;
  machineId: number;
  amount: number;
  pricePerUnit: number;
  totalPrice: number;
  /** ISO 8601 instant, UTC. */
  dateOfPurchase: string;
  /** ISO 8601 instant, UTC; set by the server. */
  dateCreated: string;
  notes: string | null;
  storeName: string | null;
  storeCity: string | null;
  storeState: string | null;
  currentHours: number | null;
  currentMileage: number | null;
  lastMileage: number | null;
  /** The tank was filled (default true). */
  fullTank: boolean;
  /** A fill-up before this one was not recorded (default false): no economy across it. */
  missedPrevious: boolean;
  /**
   * Miles per gallon to 1 decimal by the full-to-full rule (issue 22): after another full fill of
   * the machine, the distance since it over the fuel added since (partial fills included); for the
   * machine's first full fill, (currentMileage - lastMileage) / amount when current > last. null for
   * a partial fill, one after a missed fill-up, or without the mileages.
   */
  mpg: number | null;
}

export interface FuelRecordIdRequest {
  id: number;
}
/** `page`/`size` page the list (answered as a Page); without them the newest MACHINE_HISTORY_LIMITS.unpaged. */
export interface FuelRecordsByMachineRequest extends HistoryWindow {
  machineId: number;
}
/** A machine's fuel records: a JSON array unpaged, a Page when paged. */
export type FuelRecordsOfMachine = FuelRecord[] | Page<FuelRecord>;
export interface FuelRecordCreateRequest {
  record: FuelRecordInput;
}
export interface FuelRecordUpdateRequest {
  id: number;
  record: FuelRecordInput;
}
/** What a delete answers over RPC (the gateway answers 204 with no body). */
export interface FuelPurchaseDeleted {
  deleted: true;
}
