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
