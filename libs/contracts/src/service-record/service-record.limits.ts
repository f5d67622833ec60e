// A new service record's defaults, without class-validator: the service applies them (see
// service-record.contract.ts), and the SPA fills a new form with them through
// `@wrenchlog/contracts/limits`.

/** Defaults of a new record (spec doc 1 sections 3 and 9). */
export const SERVICE_RECORD_DEFAULTS = { status: 'New', serviceType: 'Maintenance', price: 0 } as const;
