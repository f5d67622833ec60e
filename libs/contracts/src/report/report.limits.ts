// The reports' limits and messages (issue 22), without class-validator: report.contract.ts builds
// its DTOs from them, report-service enforces them, and the SPA may load them through `/limits`.

export const REPORT_LIMITS = {
  /** The longest period a report covers. */
  maxYears: 10,
} as const;

/** The economy unit of a machine: MPG for a distance meter in miles, L/100 km for one in km. */
export const ECONOMY_UNITS = ['mpg', 'L/100km'] as const;
export type EconomyUnit = (typeof ECONOMY_UNITS)[number];

/** A fleet row's name for the part purchases that name no machine (so the totals equal the rows). */
export const UNASSIGNED_MACHINE_NAME = 'Unassigned';

export const ReportMessages = {
  from: 'from must be a date, YYYY-MM-DD',
  to: 'to must be a date, YYYY-MM-DD',
  order: 'to must be on or after from',
  range: `The period must be at most ${REPORT_LIMITS.maxYears} years`,
  machineId: 'machineId must be a machine id',
  type: 'Unknown machine type',
  machineNotFound: 'Machine not found',
  photos: 'photos must be thumbnails or full',
} as const;
