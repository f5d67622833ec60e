import {
  isValidId,
  parseServiceSort,
  SERVICE_RECORD_DEFAULTS,
  ServiceRecordLimits,
  ServiceRecordMessages as M,
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
function checkRecord(raw: Unchecked): RecordFields {
  const title = typeof raw.title === 'string' ? raw.title.trim() : '';
  const status = typeof raw.status === 'string' ? raw.status.trim() : '';
  const dateText = typeof raw.serviceDate === 'string' ? raw.serviceDate.trim() : '';
  if (!title || !status || !dateText) {
    throw validationFailed(M.invalid, [{ field: !title ? 'title' : !status ? 'status' : 'serviceDate', message: M.invalid }]);
  }
  const serviceDate = parseDate(dateText);
  if (!serviceDate) {
    throw validationFailed(M.badDate, [{ field: 'serviceDate', message: M.badDate }]);
  }
  if (!isValidId(raw.machineId)) {
    throw validationFailed(M.machineRequired, [{ field: 'machineId', message: M.machineRequired }]);
  }
  maxLength('title', title, ServiceRecordLimits.title, 'Title');
  maxLength('status', status, ServiceRecordLimits.status, 'Status');
  const serviceType = optionalText(raw.serviceType, 'serviceType', 'Service type') ?? SERVICE_RECORD_DEFAULTS.serviceType;
  maxLength('serviceType', serviceType, ServiceRecordLimits.serviceType, 'Service type');
  const serviceShop = optionalText(raw.serviceShop, 'serviceShop', 'Service shop');
  maxLength('serviceShop', serviceShop, ServiceRecordLimits.serviceShop, 'Service shop');
  // Notes keep their line breaks and spacing; only a blank note counts as none.
  const notes =
    raw.notes === null || raw.notes === undefined
      ? null
      : typeof raw.notes === 'string'
        ? raw.notes.trim()
          ? raw.notes
          : null
        : fail('notes', 'Notes must be text');
  maxLength('notes', notes, ServiceRecordLimits.notes, 'Notes');
  return {
    title,
    status,
    serviceDate,
    serviceType,
    serviceShop,
    notes,
    machineId: raw.machineId,
    priceCents: toCents(raw.price),
    miles: reading(raw.miles, 'miles', M.miles),
    hours: reading(raw.hours, 'hours', M.hours),
  };
}

/** YYYY-MM-DD, or an ISO instant whose date part is taken (what a date picker may send); undefined when not a real date. */
export function parseDate(text: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.exec(text);
  if (!match) {
    return undefined;
  }
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1000 || date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return undefined;
  }
  return `${match[1]}-${match[2]}-${match[3]}`;
}

/**
 * Money is kept as integer cents so sums and comparisons are exact. A price with more than two
 * decimals is rounded half away from zero to the cent; toPrecision(15) first removes the binary
 * noise of the multiplication (1.005 * 100 is 100.49999999999999).
 */
export function toCents(price: unknown): number {
  const value = typeof price === 'string' && price.trim() !== '' ? Number(price) : price;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw fail('price', M.price);
  }
  const cents = Math.round(Number((value * 100).toPrecision(15)));
  if (cents < 0 || cents > ServiceRecordLimits.maxPriceCents) {
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
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > ServiceRecordLimits.maxReading) {
    throw fail(field, message);
  }
  return value;
}

function optionalText(value: unknown, field: string, label: string): string | null {
  if (value === null || value === undefined) {
    return null;
  }
  if (typeof value !== 'string') {
    throw fail(field, `${label} must be text`);
  }
  return value.trim() || null;
}

function maxLength(field: string, value: string | null, max: number, label: string): void {
  if (value !== null && value.length > max) {
    throw fail(field, `${label} must be at most ${max} characters`);
  }
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

export function parseRecentQuery(raw: { page?: unknown; size?: unknown; status?: unknown; sort?: unknown; q?: unknown } | null | undefined): RecentQuery {
  const query = raw ?? {};
  const page = query.page === undefined || query.page === null ? 0 : query.page;
  const size = query.size === undefined || query.size === null ? 12 : query.size;
  if (typeof page !== 'number' || !Number.isSafeInteger(page) || page < 0 || page > 1_000_000_000) {
    throw fail('page', M.page);
  }
  if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 1 || size > ServiceRecordLimits.maxPageSize) {
    throw fail('size', M.size);
  }
  const sort = typeof query.sort === 'string' || query.sort === undefined || query.sort === null ? parseServiceSort(query.sort) : undefined;
  if (!sort) {
    throw fail('sort', M.sort);
  }
  const status = typeof query.status === 'string' && query.status.trim() ? query.status.trim() : null;
  const search = typeof query.q === 'string' && query.q.trim() ? query.q.trim() : null;
  if (search && search.length > ServiceRecordLimits.query) {
    throw fail('q', `Search must be at most ${ServiceRecordLimits.query} characters`);
  }
  return { page, size, status, sort, search };
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
