import { isDateOnly, toDateOnly } from './machine-dates.js';

describe(toDateOnly.name, () => {
  it('keeps a plain date', () => {
    expect(toDateOnly('2025-03-10')).toBe('2025-03-10');
  });

  it('takes the UTC date of a UTC timestamp sent at 13:00 local time, for zones from UTC-10 to UTC+13', () => {
    // 13:00 in Honolulu (UTC-10), New York (UTC-5), London (UTC+0), Tokyo (UTC+9), Auckland summer (UTC+13).
    expect(toDateOnly('2025-03-10T23:00:00.000Z')).toBe('2025-03-10');
    expect(toDateOnly('2025-03-10T18:00:00.000Z')).toBe('2025-03-10');
    expect(toDateOnly('2025-03-10T13:00:00.000Z')).toBe('2025-03-10');
    expect(toDateOnly('2025-03-10T04:00:00.000Z')).toBe('2025-03-10');
    expect(toDateOnly('2025-03-10T00:00:00.000Z')).toBe('2025-03-10');
  });

  it('takes the date as written when the timestamp carries its own offset', () => {
    expect(toDateOnly('2025-03-10T13:00:00-05:00')).toBe('2025-03-10');
    expect(toDateOnly('2025-03-10T13:00:00+14:00')).toBe('2025-03-10');
  });

  it('reads empty values as no date', () => {
    expect(toDateOnly('')).toBeNull();
    expect(toDateOnly('  ')).toBeNull();
    expect(toDateOnly(null)).toBeNull();
    expect(toDateOnly(undefined)).toBeUndefined();
  });

  it('leaves anything else for validation to refuse', () => {
    expect(toDateOnly('2025-02-30')).toBe('2025-02-30');
    expect(toDateOnly('yesterday')).toBe('yesterday');
    expect(toDateOnly(20250310)).toBe(20250310);
    expect(isDateOnly(toDateOnly('2025-02-30'))).toBe(false);
    expect(isDateOnly(toDateOnly('yesterday'))).toBe(false);
  });
});

// Issue 36: an impossible time made the date part pass; a year past DateLimits broke date arithmetic.
describe('dates out of range or with an impossible time', () => {
  it.each(['9999-12-31T25:61', '2026-01-01T24:00', '2026-01-01T12:60Z', '2026-01-01T23:59:60+02:00'])('refuses %j', (value) => {
    expect(isDateOnly(toDateOnly(value))).toBe(false);
  });

  it.each(['9999-12-31', '1899-12-31', '2201-01-01'])('refuses the year of %j', (value) => {
    expect(isDateOnly(value)).toBe(false);
  });

  it('keeps the first and last supported days and a real time', () => {
    expect(isDateOnly('1900-01-01')).toBe(true);
    expect(isDateOnly('2200-12-31')).toBe(true);
    expect(toDateOnly('2026-03-10T23:59:59')).toBe('2026-03-10');
  });
});
