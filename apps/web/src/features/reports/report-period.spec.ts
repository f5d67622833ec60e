import { customReady, dayInZone, isoDay, monthLabel, monthsBetween, parseScope, presetPeriod, scopeValue } from './report-period';

describe('presetPeriod', () => {
  it('this year runs from 1 January to today', () => {
    expect(presetPeriod('year', '2026-11-24')).toEqual({ from: '2026-01-01', to: '2026-11-24' });
  });

  it('the last 12 months start on the first of the month eleven months back, so twelve month columns', () => {
    const p = presetPeriod('last12', '2026-11-24');
    expect(p).toEqual({ from: '2025-12-01', to: '2026-11-24' });
    expect(monthsBetween(p.from, p.to)).toHaveLength(12);
  });

  it('the last 12 months from January reach back into the previous year', () => {
    expect(presetPeriod('last12', '2026-01-05')).toEqual({ from: '2025-02-01', to: '2026-01-05' });
    expect(presetPeriod('last12', '2026-12-31')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });
});

describe('dayInZone', () => {
  // 11:30 UTC on 31 December 2025 is already 00:30 on 1 January 2026 in Auckland (UTC+13 in summer).
  const newYearInAuckland = new Date('2025-12-31T11:30:00Z');

  it("takes today in the account's zone, not the device's: an owner in Auckland on 1 January sees the new year", () => {
    expect(dayInZone(newYearInAuckland, 'Pacific/Auckland')).toBe('2026-01-01');
    expect(presetPeriod('year', dayInZone(newYearInAuckland, 'Pacific/Auckland'))).toEqual({ from: '2026-01-01', to: '2026-01-01' });
    expect(presetPeriod('last12', dayInZone(newYearInAuckland, 'Pacific/Auckland'))).toEqual({ from: '2025-02-01', to: '2026-01-01' });
  });

  it('and an owner in UTC at the same instant is still in the old year', () => {
    expect(presetPeriod('year', dayInZone(newYearInAuckland, 'UTC'))).toEqual({ from: '2025-01-01', to: '2025-12-31' });
  });

  it('a zone west of UTC is still on the previous day', () => {
    expect(dayInZone(new Date('2026-03-01T03:00:00Z'), 'America/Chicago')).toBe('2026-02-28');
  });

  it("falls back to the device's calendar day for no zone or one this runtime does not know", () => {
    const late = new Date(2026, 2, 31, 23, 59);
    expect(dayInZone(late, null)).toBe('2026-03-31');
    expect(dayInZone(late, 'Mars/Olympus_Mons')).toBe('2026-03-31');
  });

  it('takes the calendar day of local time, late in the evening too', () => {
    expect(isoDay(new Date(2026, 2, 31, 23, 59))).toBe('2026-03-31');
  });
});

describe('customReady', () => {
  it('asks once both days are complete, and leaves order and length to the server', () => {
    expect(customReady({ from: '2026-01-01', to: '' })).toBe(false);
    expect(customReady({ from: '2026-01-01', to: '2026-1-5' })).toBe(false);
    expect(customReady({ from: '2026-05-01', to: '2026-01-01' })).toBe(true);
  });
});

describe('machine scope', () => {
  it.each([
    ['', { kind: 'all' }],
    ['m:12', { kind: 'machine', machineId: 12 }],
    ['t:Tractor', { kind: 'type', type: 'Tractor' }],
    ['m:abc', { kind: 'all' }],
    ['t:', { kind: 'all' }],
  ])('reads %j', (value, scope) => {
    expect(parseScope(value)).toEqual(scope);
  });

  it('writes back what it reads', () => {
    for (const v of ['', 'm:3', 't:Skid steer']) {
      expect(scopeValue(parseScope(v))).toBe(v);
    }
  });
});

describe('monthsBetween', () => {
  it('lists every month of the period across a year end', () => {
    expect(monthsBetween('2025-11-15', '2026-02-01')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  });

  it('is empty for a period that ends before it starts', () => {
    expect(monthsBetween('2026-03-01', '2026-01-01')).toEqual([]);
  });

  it('labels a month', () => {
    expect(monthLabel('2026-03')).toBe('Mar 2026');
  });
});
