import { Transform } from 'class-transformer';
import type { Audited } from '../account/member.events.js';
import { ArrayMaxSize, IsArray, IsInt, IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { MAX_PAGE_NUMBER, type Page } from '../paging.js';
import type { HistoryWindow } from '../history.limits.js';
import { DecimalText, IsDecimal, QueryInt } from '../input.js';

// Producer: gateway. Consumer: service-record-service. Also emitted: service.record.changed.
export const SERVICE_RECORD_CREATE = 'service.record.create' as const;
export const SERVICE_RECORD_GET = 'service.record.get' as const;
export const SERVICE_RECORD_UPDATE = 'service.record.update' as const;
export const SERVICE_RECORD_DELETE = 'service.record.delete' as const;
export const SERVICE_RECORD_BY_MACHINE = 'service.record.byMachine' as const;
export const SERVICE_RECORD_RECENT = 'service.record.recent' as const;

/** The spec's messages (document 1, section 5) and ours where the spec is silent. */
export const ServiceRecordMessages = {
  invalid: 'Service record must have a title, date and status',
  invalidId: 'Invalid service record ID',
  invalidUpdate: 'Invalid service record or ID',
  machineRequired: 'Machine is required',
  machineNotFound: 'Machine not found',
  invalidMachineId: 'Invalid machine ID',
  notFound: 'Service record not found',
  badDate: 'Service date must be a date (YYYY-MM-DD)',
  price: 'Price must be a number from 0 to 9999999.99',
  miles: 'Miles must be a number from 0 to 999999999',
  hours: 'Hours must be a number from 0 to 999999999',
  page: 'Page must be a whole number, 0 or more',
  size: 'Size must be a whole number from 1 to 100',
  sort: 'Sort must be one of machineName, title, serviceDate, serviceType, status, optionally followed by ,asc or ,desc',
} as const;

import { RECENT_SERVICES_DEFAULTS, ServiceRecordLimits } from './service-record.limits.js';

export { ServiceRecordLimits };

/** A service record as every read answers it. */
export interface ServiceRecord {
  id: number;
  title: string;
  status: string;
  /** From the machine's own service (machine.machine.saved); null until that event has arrived. */
  machineName: string | null;
  machineId: number;
  /** A date, YYYY-MM-DD. */
  serviceDate: string;
  serviceType: string;
  serviceShop: string | null;
  notes: string | null;
  /** Stored as integer cents, answered with at most 2 decimals. */
  price: number;
  /** ISO 8601 instant (UTC). */
  dateCreated: string;
  miles: number | null;
  hours: number | null;
}

/**
 * A service record as the service answers it (issue 32): with the member who created it and the
 * one who last changed it (null: nobody since; a record from before accounts has its owner).
 */
export type AuditedServiceRecord = ServiceRecord & Audited;

/** '' means "no value" for an optional number (implicit conversion would make it 0); null clears it. */
const EmptyIsNull = () =>
  Transform(({ value, obj, key }: { value: unknown; obj: Record<string, unknown>; key: string }) => (obj[key] === '' || obj[key] === null ? null : value));

// The service record form sends its numbers as text (the spec's web app): they are read strictly as
// decimal (DecimalText, QueryInt), never converted loosely.

/**
 * The body of POST /api/services/fastCreate and PUT /api/services/{id}. Every field is optional
 * here: the service applies the defaults and the spec's rules (one message for title, date and
 * status), so the gateway only checks types. Unknown and computed fields (id on create,
 * machineName, dateCreated) are stripped, so an update accepts what a read returned.
 */
export class ServiceRecordInput {
  @IsOptional()
  @IsString({ message: ServiceRecordMessages.invalid })
  @MaxLength(ServiceRecordLimits.title, { message: `Title must be at most ${ServiceRecordLimits.title} characters` })
  title?: string;

  @IsOptional()
  @IsString({ message: ServiceRecordMessages.invalid })
  @MaxLength(ServiceRecordLimits.status, { message: `Status must be at most ${ServiceRecordLimits.status} characters` })
  status?: string;

  @IsOptional()
  @IsString({ message: ServiceRecordMessages.badDate })
  serviceDate?: string;

  @IsOptional()
  @IsString({ message: 'Service type must be text' })
  @MaxLength(ServiceRecordLimits.serviceType, { message: `Service type must be at most ${ServiceRecordLimits.serviceType} characters` })
  serviceType?: string;

  @IsOptional()
  @IsString({ message: 'Service shop must be text' })
  @MaxLength(ServiceRecordLimits.serviceShop, { message: `Service shop must be at most ${ServiceRecordLimits.serviceShop} characters` })
  serviceShop?: string;

  @IsOptional()
  @IsString({ message: 'Notes must be text' })
  @MaxLength(ServiceRecordLimits.notes, { message: `Notes must be at most ${ServiceRecordLimits.notes} characters` })
  notes?: string;

  @IsOptional()
  @QueryInt()
  @IsInt({ message: ServiceRecordMessages.machineRequired })
  machineId?: number;

  @IsOptional()
  @EmptyIsNull()
  @DecimalText()
  // Cents at most: 1.005 and 1e-7 are refused, never rounded (issue 36).
  @IsDecimal(2, { message: ServiceRecordMessages.price })
  price?: number;

  @IsOptional()
  @EmptyIsNull()
  @DecimalText()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: ServiceRecordMessages.miles })
  miles?: number;

  @IsOptional()
  @EmptyIsNull()
  @DecimalText()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: ServiceRecordMessages.hours })
  hours?: number;

  /** Schedules this record completes (issue 21): schedule-service completes those of the caller's machine with the record's date and meters. */
  @IsOptional()
  @IsArray({ message: 'completesScheduleIds must be a list of schedule ids' })
  @ArrayMaxSize(100, { message: 'completesScheduleIds must hold at most 100 ids' })
  @IsInt({ each: true, message: 'completesScheduleIds must be a list of schedule ids' })
  @Min(1, { each: true, message: 'completesScheduleIds must be a list of schedule ids' })
  completesScheduleIds?: number[];
}

/** PUT /api/services/{id}: the record a read returned; its id, when sent, must be the path's. */
export class UpdateServiceRecordInput extends ServiceRecordInput {
  @IsOptional()
  @QueryInt()
  @IsInt({ message: ServiceRecordMessages.invalidUpdate })
  id?: number;
}

export interface ServiceRecordIdRequest {
  id: number;
}

export interface UpdateServiceRecordRequest {
  id: number;
  record: UpdateServiceRecordInput;
}

/** `page`/`size` page the list (answered as a Page); without them the newest MACHINE_HISTORY_LIMITS.unpaged. */
export interface ServiceRecordsByMachineRequest extends HistoryWindow {
  machineId: number;
}
/** A machine's service records: a JSON array unpaged, a Page when paged. */
export type ServiceRecordsOfMachine<R extends ServiceRecord = ServiceRecord> = R[] | Page<R>;

export interface ServiceRecordDeleted {
  id: number;
}

export const SERVICE_SORT_FIELDS = ['machineName', 'title', 'serviceDate', 'serviceType', 'status'] as const;
export type ServiceSortField = (typeof SERVICE_SORT_FIELDS)[number];
export type SortDirection = 'asc' | 'desc';
export interface ServiceSort {
  field: ServiceSortField;
  direction: SortDirection;
}
export const DEFAULT_SERVICE_SORT: ServiceSort = RECENT_SERVICES_DEFAULTS.sort;

const SORT_PATTERN = new RegExp(`^(${SERVICE_SORT_FIELDS.join('|')})(,(asc|desc))?$`, 'i');

/** `field` or `field,dir` (Spring style, direction case-insensitive, asc when left out); undefined when invalid. */
export function parseServiceSort(sort: string | null | undefined): ServiceSort | undefined {
  if (sort === undefined || sort === null || sort.trim() === '') {
    return DEFAULT_SERVICE_SORT;
  }
  const match = SORT_PATTERN.exec(sort.trim());
  if (!match) {
    return undefined;
  }
  const field = SERVICE_SORT_FIELDS.find((f) => f.toLowerCase() === match[1].toLowerCase())!;
  return { field, direction: (match[3]?.toLowerCase() as SortDirection | undefined) ?? 'asc' };
}

/** GET /api/services/recent query: page from 0, size 1..100, optional status filter, sort and search (defaults: RECENT_SERVICES_DEFAULTS). */
export class RecentServicesQuery {
  @IsOptional()
  @QueryInt()
  @IsInt({ message: ServiceRecordMessages.page })
  @Min(0, { message: ServiceRecordMessages.page })
  @Max(MAX_PAGE_NUMBER, { message: ServiceRecordMessages.page })
  page?: number;

  @IsOptional()
  @QueryInt()
  @IsInt({ message: ServiceRecordMessages.size })
  @Min(1, { message: ServiceRecordMessages.size })
  @Max(ServiceRecordLimits.maxPageSize, { message: ServiceRecordMessages.size })
  size?: number;

  @IsOptional()
  @IsString()
  @MaxLength(ServiceRecordLimits.status, { message: `Status must be at most ${ServiceRecordLimits.status} characters` })
  status?: string;

  @IsOptional()
  @IsString({ message: ServiceRecordMessages.sort })
  @Matches(SORT_PATTERN, { message: ServiceRecordMessages.sort })
  sort?: string;

  @IsOptional()
  @IsString()
  @MaxLength(ServiceRecordLimits.query, { message: `Search must be at most ${ServiceRecordLimits.query} characters` })
  q?: string;
}

export type ServiceRecordPage<R extends ServiceRecord = ServiceRecord> = Page<R>;
