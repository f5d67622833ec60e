// A new service record's defaults and its limits, without class-validator: the service applies
// them (see service-record.contract.ts, whose DTOs are built from them), and the SPA fills and
// limits its form with them through `@wrenchlog/contracts/limits`.

/** Defaults of a new record (spec doc 1 sections 3 and 9). */
export const SERVICE_RECORD_DEFAULTS = { status: 'New', serviceType: 'Maintenance', price: 0 } as const;

/** Lengths the spec leaves open, chosen so a title fits a list row and notes fit a long repair log. */
export const ServiceRecordLimits = {
  title: 200,
  status: 50,
  serviceType: 50,
  serviceShop: 200,
  notes: 10000,
  /** Largest price in cents (9,999,999.99): integer cents stay exact and inside a 32-bit column. */
  maxPriceCents: 999_999_999,
  maxReading: 999_999_999,
  query: 200,
  maxPageSize: 100,
} as const;

/**
 * GET /api/services/{id}/images answers at most this many photos of a record, the first added
 * (issue 25, item 9); the record form says so when an answer is at the bound.
 */
export const SERVICE_IMAGE_LIST_MAX = 500;

/**
 * The recent services list's defaults (spec doc 1 section 9): the service answers them when a
 * query leaves them out, and the SPA starts its list with them.
 */
export const RECENT_SERVICES_DEFAULTS = {
  size: 12,
  sort: { field: 'serviceDate', direction: 'desc' },
} as const satisfies { size: number; sort: { field: string; direction: 'asc' | 'desc' } };

// The rules past the DTO that service-record-service and the importers both apply to a record, so
// a row the import review accepts is one the service accepts (issue 19: one rule, one place).

/** The fields the spec requires together (title, status, date; one message, `ServiceRecordMessages.invalid`). */
export const SERVICE_RECORD_REQUIRED = ['title', 'status', 'serviceDate'] as const;

/** The first of the required fields that is blank or absent, else undefined. */
export function blankRequiredField(fields: { title?: unknown; status?: unknown; serviceDate?: unknown }): (typeof SERVICE_RECORD_REQUIRED)[number] | undefined {
  return SERVICE_RECORD_REQUIRED.find((f) => typeof fields[f] !== 'string' || fields[f].trim() === '');
}

/**
 * A price as integer cents, rounded half away from zero (toPrecision(15) first removes the binary
 * noise of the multiplication: 1.005 * 100 is 100.49999999999999); undefined outside 0 to
 * `maxPriceCents` (`ServiceRecordMessages.price`).
 */
export function priceCents(price: number): number | undefined {
  if (!Number.isFinite(price)) {
    return undefined;
  }
  const cents = Math.round(Number((price * 100).toPrecision(15)));
  return cents >= 0 && cents <= ServiceRecordLimits.maxPriceCents ? cents : undefined;
}

/** Whether a miles or hours reading is within 0 to `maxReading` (`ServiceRecordMessages.miles` / `.hours`). */
export const isReadingInRange = (value: number): boolean => Number.isFinite(value) && value >= 0 && value <= ServiceRecordLimits.maxReading;
