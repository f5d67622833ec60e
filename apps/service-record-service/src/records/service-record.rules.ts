import {
  blankRequiredField,
  DEFAULT_SERVICE_SORT,
  isReadingInRange,
  isRealDate,
  isRealTime,
  isValidId,
  parseServiceSort,
  priceCents,
  RECENT_SERVICES_DEFAULTS,
  SERVICE_RECORD_DEFAULTS,
  ServiceRecordMessages as M,
  type RecentServicesQuery,
  type ServiceRecordInput,
  type ServiceSort,
} from '@wrenchlog/contracts';
import { validationFailed } from '@wrenchlog/platform';

/** The editable fields of a record once defaults and rules have been applied. */
export interface RecordFields {
  title: string;
  status: string;
  serviceDate: string;
  serviceType: string;
  serviceShop: string | null;
  notes: string | null;
  machineId: number;
  priceCents: number;
  miles: number | null;
  hours: number | null;
}

/** The UTC calendar date of an instant, YYYY-MM-DD ("today" for a new record's default). */
export const utcDate = (at: Date): string => at.toISOString().slice(0, 10);

type Input = Partial<Record<keyof ServiceRecordInput, unknown>>;

/**
 * A new record from the create form: absent (or null) fields take the spec's defaults
 * (status New, type Maintenance, price 0, date today); present ones must pass the rules.
 */
export function newRecordFields(input: Input, today: string): RecordFields {
  return checkRecord({
    title: input.title ?? '',
    status: input.status ?? SERVICE_RECORD_DEFAULTS.status,
    serviceDate: input.serviceDate ?? today,
    serviceType: input.serviceType,
    serviceShop: input.serviceShop,
    notes: input.notes,
    machineId: input.machineId,
    price: input.price ?? SERVICE_RECORD_DEFAULTS.price,
    miles: input.miles ?? null,
    hours: input.hours ?? null,
  });
}

/**
 * An update: fields left out keep their stored value, sent ones replace it (null clears an
 * optional field, and a blank title, date or status is refused like on create).
 */
export function updatedRecordFields(current: RecordFields, input: Input): RecordFields {
  const pick = <K extends keyof Input>(key: K, stored: unknown): unknown => (input[key] === undefined ? stored : input[key]);
  return checkRecord({
    title: pick('title', current.title) ?? '',
    status: pick('status', current.status) ?? '',
    serviceDate: pick('serviceDate', current.serviceDate) ?? '',
    serviceType: pick('serviceType', current.serviceType),
    serviceShop: pick('serviceShop', current.serviceShop),
    notes: pick('notes', current.notes),
    machineId: pick('machineId', current.machineId),
    price: pick('price', current.priceCents / 100) ?? SERVICE_RECORD_DEFAULTS.price,
    miles: pick('miles', current.miles),
    hours: pick('hours', current.hours),
  });
}

interface Unchecked {
  title: unknown;
  status: unknown;
  serviceDate: unknown;
  serviceType: unknown;
  serviceShop: unknown;
  notes: unknown;
  machineId: unknown;
  price: unknown;
  miles: unknown;
  hours: unknown;
}

// The spec's rule first (title, date and status, one message), then the machine, then the rest.
// Types and lengths are the DTO's (ServiceRecordInput, checked by the gateway and again on
// receipt): here only what a DTO cannot say, the defaults, the date and the ranges after rounding
// (the required fields and the ranges are contracts' rules, which the importers apply too).
function checkRecord(raw: Unchecked): RecordFields {
  const blank = blankRequiredField(raw);
  if (blank) {
    throw validationFailed(M.invalid, [{ field: blank, message: M.invalid }]);
  }
  const title = text(raw.title) as string;
  const status = text(raw.status) as string;
  const serviceDate = parseDate(text(raw.serviceDate) as string);
  if (!serviceDate) {
    throw validationFailed(M.badDate, [{ field: 'serviceDate', message: M.badDate }]);
  }
  if (!isValidId(raw.machineId)) {
    throw validationFailed(M.machineRequired, [{ field: 'machineId', message: M.machineRequired }]);
  }
  // Notes keep their line breaks and spacing; only a blank note counts as none.
  const notes = typeof raw.notes === 'string' && raw.notes.trim() ? raw.notes : null;
  return {
    title,
    status,
    serviceDate,
    serviceType: text(raw.serviceType) ?? SERVICE_RECORD_DEFAULTS.serviceType,
    serviceShop: text(raw.serviceShop),
    notes,
    machineId: raw.machineId,
    priceCents: toCents(raw.price),
    miles: reading(raw.miles, 'miles', M.miles),
    hours: reading(raw.hours, 'hours', M.hours),
  };
}

/** Trimmed text, null when blank or absent. */
const text = (value: unknown): string | null => (typeof value === 'string' ? value.trim() || null : null);

/**
 * YYYY-MM-DD, or an ISO instant whose date part is taken (what a date picker may send); undefined
 * when not a real date in DateLimits' years, or when the time is impossible (25:61, issue 36).
 */
export function parseDate(text: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(text);
  if (!match || !isRealDate(+match[1], +match[2], +match[3])) {
    return undefined;
  }
  if (match[4] !== undefined && !isRealTime(+match[4], +match[5], +(match[6] ?? 0))) {
    return undefined;
  }
  return `${match[1]}-${match[2]}-${match[3]}`;
}

/** Money is kept as integer cents so sums and comparisons are exact (`priceCents` rounds to the cent). */
export function toCents(price: unknown): number {
  const value = typeof price === 'string' && price.trim() !== '' ? Number(price) : price;
  const cents = typeof value === 'number' ? priceCents(value) : undefined;
  if (cents === undefined) {
    throw fail('price', M.price);
  }
  return cents;
}

/** Cents as the number every reply carries: at most 2 decimals, exact for any stored value. */
export const fromCents = (cents: number): number => Number((cents / 100).toFixed(2));

function reading(value: unknown, field: string, message: string): number | null {
  if (value === null || value === undefined) {
    return null;
  }
  if (typeof value !== 'number' || !isReadingInRange(value)) {
    throw fail(field, message);
  }
  return value;
}

function fail(field: string, message: string): never {
  throw validationFailed(message, [{ field, message }]);
}

/** A list query after defaults and bounds: page from 0, size 1..100, optional status, sort and search. */
export interface RecentQuery {
  page: number;
  size: number;
  status: string | null;
  sort: ServiceSort;
  search: string | null;
}

/**
 * The list query with its defaults (RECENT_SERVICES_DEFAULTS): its bounds and the sort's form are
 * RecentServicesQuery's, checked on receipt; blank status and search count as none.
 */
export function parseRecentQuery(query: RecentServicesQuery | null | undefined): RecentQuery {
  const status = query?.status?.trim() || null;
  const search = query?.q?.trim() || null;
  return {
    page: query?.page ?? 0,
    size: query?.size ?? RECENT_SERVICES_DEFAULTS.size,
    status,
    sort: parseServiceSort(query?.sort) ?? DEFAULT_SERVICE_SORT,
    search,
  };
}

/**
 * Sort and filter keys: the lower-case form of a text, stored in its own indexed column so the
 * order and the status filter are the same on SQLite and PostgreSQL (whose collations differ)
 * and an index serves them. An unknown machine name sorts as ''.
 */
export const sortKey = (text: string | null | undefined): string => (text ?? '').trim().toLowerCase();

/** The text the search box looks through (besides the machine name, which has its own key column). */
export function searchText(fields: Pick<RecordFields, 'title' | 'notes' | 'serviceShop' | 'serviceType' | 'status'>): string {
  return [fields.title, fields.notes, fields.serviceShop, fields.serviceType, fields.status]
    .filter((t): t is string => !!t)
    .join('\n')
    .toLowerCase();
}

/** A LIKE pattern that finds `text` anywhere, with the pattern characters escaped (ESCAPE '\'). */
export const containsPattern = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
