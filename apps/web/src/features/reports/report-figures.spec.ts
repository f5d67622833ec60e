import type { FleetRow } from './api';
import { coverText, distanceUnitName, economyText, monthRows, overallEconomy, perUnitText, sortFleet, usageText } from './report-figures';

const row = (r: Partial<FleetRow> & { machineId: number }): FleetRow => ({
  machineName: `Machine ${r.machineId}`,
  fuel: 0,
  service: 0,
  parts: 0,
  total: 0,
  distance: null,
  distanceUnit: 'mi',
  hours: null,
  costPerDistance: null,
  costPerHour: null,
  fuelEconomy: null,
  economyUnit: null,
  ...r,
});

describe('perUnitText', () => {
  it('shows money per unit', () => {
    expect(perUnitText(0.4237, 'mi')).toBe('$0.42 / mi');
  });

  it.each([null, undefined, Infinity, -Infinity, NaN])('says n/a for %p, never infinity', (value) => {
    expect(perUnitText(value, 'h')).toBe('n/a');
  });
});

describe('economyText and usageText', () => {
  it('reads MPG by default and L/100 km for metric machines', () => {
    expect(economyText(24.26, 'mpg')).toBe('24.3 MPG');
    expect(economyText(9.04, 'L/100km')).toBe('9.0 L/100 km');
    expect(economyText(null, 'mpg')).toBe('n/a');
  });

  it('shows usage with its unit, n/a when unknown', () => {
    expect(usageText(1234.5, 'mi')).toBe('1,234.5 mi');
    expect(usageText(null, 'h')).toBe('n/a');
  });
});

describe('monthRows', () => {
  it('fills the months without records with zeros, in calendar order', () => {
    const rows = monthRows([{ month: '2026-03', fuel: 40, service: 0, parts: 10, total: 50 }], '2026-01-01', '2026-04-30');
    expect(rows.map((r) => [r.month, r.total])).toEqual([
      ['2026-01', 0],
      ['2026-02', 0],
      ['2026-03', 50],
      ['2026-04', 0],
    ]);
  });
});

describe('sortFleet', () => {
  const rows = [
    row({ machineId: 1, machineName: 'b tractor', total: 20, costPerHour: null }),
    row({ machineId: 2, machineName: 'Auger', total: 300, costPerHour: 4 }),
    row({ machineId: 3, machineName: 'Crane', total: 5, costPerHour: 1 }),
  ];

  it('sorts by name case-insensitively', () => {
    expect(sortFleet(rows, { field: 'machineName', direction: 'asc' }).map((r) => r.machineId)).toEqual([2, 1, 3]);
  });

  it('sorts figures by value, largest first when descending', () => {
    expect(sortFleet(rows, { field: 'total', direction: 'desc' }).map((r) => r.machineId)).toEqual([2, 1, 3]);
  });

  it('keeps an unknown figure (n/a) last in both directions', () => {
    expect(sortFleet(rows, { field: 'costPerHour', direction: 'asc' }).map((r) => r.machineId)).toEqual([3, 2, 1]);
    expect(sortFleet(rows, { field: 'costPerHour', direction: 'desc' }).map((r) => r.machineId)).toEqual([2, 3, 1]);
  });
});

describe('labels of the per-unit figures', () => {
  it('names the unit in full and the machines a figure covers', () => {
    expect(distanceUnitName('mi')).toBe('mile');
    expect(distanceUnitName('km')).toBe('kilometre');
    expect(coverText(['Excavator', 'Mower'])).toBe(' over Excavator, Mower');
    expect(coverText([])).toBe('');
  });
});

describe('overallEconomy (issue 38)', () => {
  it('is the total distance over the total fuel, as the fleet table, not the mean of the fills', () => {
    const mpg = [
      { distance: 100, fuel: 5, unit: 'mpg' as const },
      { distance: 400, fuel: 17.5, unit: 'mpg' as const },
    ];
    expect(overallEconomy(mpg)).toBe(22.2);
    expect(overallEconomy([{ distance: 500, fuel: 40, unit: 'L/100km' as const }])).toBe(8);
  });

  it('is null without points or without their segments', () => {
    expect(overallEconomy([])).toBeNull();
    expect(overallEconomy([{ unit: 'mpg' }])).toBeNull();
  });
});
