import { costPerUnit, economyOf, monthsOf, parsePeriod, splitPeriod, stackByMonth, sumKnown } from './report.rules.js';

describe('parsePeriod', () => {
  it('takes both dates, and defaults to the calendar year so far', () => {
    expect(parsePeriod('2026-01-15', '2026-03-10', '2026-11-24')).toEqual({ from: '2026-01-15', to: '2026-03-10' });
    expect(parsePeriod(undefined, undefined, '2026-11-24')).toEqual({ from: '2026-01-01', to: '2026-11-24' });
  });

  it('refuses a period that ends before it starts, one over 10 years, and a date that does not exist', () => {
    expect(() => parsePeriod('2026-03-10', '2026-03-09', '2026-11-24')).toThrow('to must be on or after from');
    expect(() => parsePeriod('2016-01-01', '2026-01-01', '2026-11-24')).toThrow('The period must be at most 10 years');
    expect(parsePeriod('2016-01-02', '2026-01-01', '2026-11-24')).toEqual({ from: '2016-01-02', to: '2026-01-01' });
    expect(() => parsePeriod('2026-02-30', '2026-03-01', '2026-11-24')).toThrow('from must be a date, YYYY-MM-DD');
    expect(() => parsePeriod('2026-01-01', '03/01/2026', '2026-11-24')).toThrow('to must be a date, YYYY-MM-DD');
  });
});

describe('months of a period', () => {
  it('lists every month touched, across a year end', () => {
    expect(monthsOf({ from: '2025-11-20', to: '2026-02-01' })).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  });

  it('reads whole months from the totals and the partial ends from the records', () => {
    expect(splitPeriod({ from: '2026-01-15', to: '2026-04-30' })).toEqual({
      wholeMonths: ['2026-02', '2026-03', '2026-04'],
      partial: [{ from: '2026-01-15', to: '2026-01-31' }],
    });
    expect(splitPeriod({ from: '2024-02-01', to: '2024-02-29' })).toEqual({ wholeMonths: ['2024-02'], partial: [] });
    expect(splitPeriod({ from: '2026-03-05', to: '2026-03-06' })).toEqual({ wholeMonths: [], partial: [{ from: '2026-03-05', to: '2026-03-06' }] });
  });
});

describe('stackByMonth', () => {
  it('stacks each month by category with zero months kept: Jan 45.99 fuel + 120 service, Feb nothing, Mar 30.50 parts', () => {
    const report = stackByMonth(
      ['2026-01', '2026-02', '2026-03'],
      [
        { machineKey: 1, month: '2026-01', category: 'fuel', cents: 4599 },
        { machineKey: 2, month: '2026-01', category: 'service', cents: 12000 },
        { machineKey: 0, month: '2026-03', category: 'parts', cents: 3050 },
      ],
    );
    expect(report.months).toEqual([
      { month: '2026-01', fuel: 45.99, service: 120, parts: 0, total: 165.99 },
      { month: '2026-02', fuel: 0, service: 0, parts: 0, total: 0 },
      { month: '2026-03', fuel: 0, service: 0, parts: 30.5, total: 30.5 },
    ]);
    expect(report.totals).toEqual({ fuel: 45.99, service: 120, parts: 30.5, total: 196.49 });
  });
});

describe('cost per unit', () => {
  it('divides the cost by the usage: 196.49 over 400 mi = 0.49 per mile', () => {
    expect(costPerUnit(196.49, 400)).toBe(0.49);
    expect(costPerUnit(300, 12.5)).toBe(24);
  });

  it('is n/a (null), never infinity or 0, when the usage is 0 or unknown', () => {
    expect(costPerUnit(196.49, 0)).toBeNull();
    expect(costPerUnit(196.49, null)).toBeNull();
  });

  it('sums only known usage', () => {
    expect(sumKnown([400, null, 100.5])).toBe(500.5);
    expect(sumKnown([null, null])).toBeNull();
  });
});

describe('economyOf', () => {
  it('answers MPG for miles and L/100 km for km, to 1 decimal', () => {
    expect(
      economyOf(
        [
          { distance: 300, fuel: 15 },
          { distance: 300, fuel: 10 },
        ],
        'mpg',
      ),
    ).toBe(24);
    expect(economyOf([{ distance: 500, fuel: 40 }], 'L/100km')).toBe(8);
    expect(economyOf([], 'mpg')).toBeNull();
  });
});
