import { DateLimits } from '../machine/machine.limits.js';

// Meter and schedule limits, defaults and messages, without class-validator: the DTOs and the
// schedule service are built from them, and the SPA loads them through `@wrenchlog/contracts/limits`.

export const METER_KINDS = ['distance', 'hours'] as const;
export type MeterKind = (typeof METER_KINDS)[number];
export const METER_UNITS = ['mi', 'km', 'h'] as const;
export type MeterUnit = (typeof METER_UNITS)[number];
export const READING_SOURCES = ['manual', 'service_record', 'fuel_record', 'import'] as const;
export type ReadingSource = (typeof READING_SOURCES)[number];
export const SCHEDULE_STATUSES = ['upcoming', 'due_soon', 'overdue'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];
export const SCHEDULE_DIMENSIONS = ['date', 'distance', 'hours'] as const;
export type ScheduleDimension = (typeof SCHEDULE_DIMENSIONS)[number];
export const SCHEDULE_ANCHORS = ['completion', 'fixed'] as const;
export type ScheduleAnchor = (typeof SCHEDULE_ANCHORS)[number];
/** Where a schedule comes from: the user, or the machine's own license or insurance expiration date. */
export const SCHEDULE_ORIGINS = ['user', 'license', 'insurance'] as const;
export type ScheduleOrigin = (typeof SCHEDULE_ORIGINS)[number];

export const MeterLimits = {
  /** Distance readings are whole miles or km, hours have at most one decimal (more answers 422). */
  decimals: { distance: 0, hours: 1 } as Record<MeterKind, number>,
  maxValue: 999_999_999,
  /** An hour meter wraps at 10,000.0 and an odometer at 1,000,000 unless the meter says otherwise. */
  defaultRollover: { distance: 1_000_000, hours: 10_000 } as Record<MeterKind, number>,
  /** A current value read longer ago than this is marked stale. */
  /** A manual usage rate a real machine can reach: 5,000 mi or km a day (a truck in relays), 24 h a day. */
  maxRatePerDay: { distance: 5_000, hours: 24 } as Record<MeterKind, number>,
  /** The smallest meter that can wrap: a 2-digit hour counter (99.9 h, 100 h wraps); 0 would wrap on every reading. */
  minRollover: 10,
  staleDays: 30,
  /** The usage rate looks at the readings of this many days first. */
  rateWindowDays: 90,
  label: 60,
  readingsPageSize: 20,
} as const;

export const ScheduleLimits = {
  title: 200,
  serviceType: 50,
  maxIntervalDays: 36_500,
  maxIntervalMonths: 1_200,
  maxInterval: 999_999_999,
  /** Due-soon windows when a schedule sets none: 30 days, 500 mi or km, 25 h (never wider than the interval). */
  defaultSoon: { days: 30, distance: 500, hours: 25 },
  pageSize: 20,
  /** GET /api/machines/{id}/schedules answers at most this many, most urgent first (issue 25, item 9). */
  machineList: 500,
} as const;

/** Titles of the date-based items that follow the machine's own dates. */
export const MACHINE_DATE_ITEM_TITLES: Record<Exclude<ScheduleOrigin, 'user'>, string> = {
  license: 'License plate expires',
  insurance: 'Insurance expires',
};

export const MeterMessages = {
  notFound: 'Meter not found',
  readingNotFound: 'Reading not found',
  machineNotFound: 'Machine not found',
  invalidId: 'Invalid meter ID',
  invalidReadingId: 'Invalid reading ID',
  invalidMachineId: 'Invalid machine ID',
  value: 'Value must be a number, 0 or more',
  valueTooLarge: `Value must be at most ${MeterLimits.maxValue}`,
  distanceDecimals: 'Distance readings must be whole numbers',
  hoursDecimals: 'Hours readings must have at most 1 decimal',
  readAt: 'Date must be a real date (YYYY-MM-DD)',
  void: 'Void must be true or false',
  rollover: 'Rollover must be true or false',
  outOfSequence: 'This reading is out of sequence with the readings around it',
  rolloverNotLatest: 'A rollover or replacement must be dated on or after the latest reading',
  duplicate: 'This reading is already recorded: the meter has the same value on the same day',
  newStartValue: 'New start value must be a number, 0 or more',
  manualRate: 'Manual rate must be a number, 0 or more',
  unit: 'Unit must be mi or km for a distance meter, h for an hour meter',
  label: `Label must be 1 to ${MeterLimits.label} characters`,
  manualRateTooLarge: `Manual rate must be at most ${MeterLimits.maxRatePerDay.distance} a day (${MeterLimits.maxRatePerDay.hours} for hours)`,
  rolloverValue: `Rollover value must be a number from ${MeterLimits.minRollover} to ${MeterLimits.maxValue}`,
} as const;

export const ScheduleMessages = {
  notFound: 'Schedule not found',
  machineNotFound: 'Machine not found',
  recordNotFound: 'Service record not found',
  invalidId: 'Invalid schedule ID',
  jobTemplateId: 'Job template must be a job template ID, or null',
  invalidMachineId: 'Invalid machine ID',
  title: `Title is required (at most ${ScheduleLimits.title} characters)`,
  serviceType: `Service type is required (at most ${ScheduleLimits.serviceType} characters)`,
  noInterval: 'Set at least one interval: days, months, distance or hours',
  daysOrMonths: 'Choose an interval in days or in months, not both',
  intervalPositive: 'Interval must be a whole number above 0',
  intervalNumber: 'Interval must be a number above 0',
  distanceDecimals: 'Distance must be a whole number',
  hoursDecimals: 'Hours must have at most 1 decimal',
  soonNumber: 'Due-soon window must be a number, 0 or more',
  soonTooWide: 'Due-soon window must not be larger than the interval',
  recurring: 'Recurring must be true or false',
  anchor: 'Anchor must be completion or fixed',
  lastDoneDate: 'Last done date must be a real date (YYYY-MM-DD)',
  lastDoneValue: 'Last done value must be a number, 0 or more',
  lastDoneTooLarge: `Last done value must be at most ${MeterLimits.maxValue}`,
  dueOutOfRange: `The next due date must be in the years ${DateLimits.minYear} to ${DateLimits.maxYear}: choose a shorter interval or an earlier last done date`,
  status: 'Status must be a comma-separated list of upcoming, due_soon, overdue',
  machineItem: "This item follows the machine's license or insurance date: change it on the machine",
  alreadyDone: 'This one-off schedule is already done',
} as const;
