import { segmentsFrom, usageByMachine, type FillRow, type MeterSpan } from './usage.rules.js';

const span = (s: Partial<MeterSpan>): MeterSpan => ({ machineId: 1, meterId: 10, kind: 'distance', unit: 'mi', min: 0, max: 0, ...s });
const fill = (f: Partial<FillRow>): FillRow => ({
  machineId: 1,
  recordId: 1,
  date: '2026-01-01',
  amount: 10,
  mileage: null,
  fullTank: true,
  missedPrevious: false,
  ...f,
});

describe('usageByMachine', () => {
  it('answers the largest minus the smallest lifetime value of each kind, 0 with a single reading', () => {
    const usage = usageByMachine([span({ min: 12_000, max: 12_850.4 }), span({ meterId: 11, kind: 'hours', unit: 'h', min: 310.2, max: 310.2 })], new Map());
    expect(usage.get(1)).toEqual({ distance: 850.4, hours: 0, distanceUnit: 'mi' });
  });

  it("takes the machine's first meter of a kind and the unit schedule-service last told", () => {
    const usage = usageByMachine(
      [span({ meterId: 12, min: 0, max: 999 }), span({ meterId: 10, unit: 'km', min: 100, max: 160 })],
      new Map([[1, 'mi' as const]]),
    );
    expect(usage.get(1)).toEqual({ distance: 60, hours: null, distanceUnit: 'mi' });
  });

  it('knows the unit of a machine with no reading in the period, its usage unknown (null, not 0)', () => {
    expect(usageByMachine([], new Map([[2, 'km' as const]])).get(2)).toEqual({ distance: null, hours: null, distanceUnit: 'km' });
  });
});

describe('segmentsFrom', () => {
  it('counts the partial fill between two full fills and keeps only segments ending in the period', () => {
    const rows = [
      fill({ recordId: 1, date: '2025-12-20', mileage: 1000 }), // the last full fill before the period
      fill({ recordId: 2, date: '2026-01-05', amount: 4, mileage: 1100, fullTank: false }),
      fill({ recordId: 3, date: '2026-01-12', amount: 8, mileage: 1360 }), // 360 mi / 12 gal
    ];
    expect(segmentsFrom(rows, '2026-01-01')).toEqual([{ machineId: 1, fuelRecordId: 3, date: '2026-01-12', distance: 360, fuel: 12 }]);
  });

  it('gives no segment across a missed fill-up, and starts again at the next full fill', () => {
    const rows = [
      fill({ recordId: 1, date: '2026-01-01', mileage: 1000 }),
      fill({ recordId: 2, date: '2026-01-10', amount: 9, mileage: 1300, missedPrevious: true }),
      fill({ recordId: 3, date: '2026-01-20', amount: 10, mileage: 1550 }), // 250 mi / 10 gal
    ];
    expect(segmentsFrom(rows, '2026-01-01')).toEqual([{ machineId: 1, fuelRecordId: 3, date: '2026-01-20', distance: 250, fuel: 10 }]);
  });

  it('keeps machines apart', () => {
    const rows = [
      fill({ machineId: 1, recordId: 1, mileage: 100 }),
      fill({ machineId: 2, recordId: 2, mileage: 500 }),
      fill({ machineId: 1, recordId: 3, date: '2026-01-02', mileage: 400, amount: 10 }),
    ];
    expect(segmentsFrom(rows, '2026-01-01')).toEqual([{ machineId: 1, fuelRecordId: 3, date: '2026-01-02', distance: 300, fuel: 10 }]);
  });
});
