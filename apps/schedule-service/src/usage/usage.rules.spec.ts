import { usageOf, type MeterSpan } from './usage.rules.js';

const span = (machineId: number, meterId: number, kind: MeterSpan['kind'], min: number | null, max: number | null, unit = kind === 'distance' ? 'mi' : 'h'): MeterSpan => ({ machineId, meterId, kind, unit, min, max });

describe('usageOf (issue 22)', () => {
  it('answers the largest minus the smallest reading of the period per meter: 12,400 - 12,000 = 400 mi and 35.5 - 30 = 5.5 h', () => {
    expect(usageOf([span(7, 1, 'distance', 12_000, 12_400), span(7, 2, 'hours', 30, 35.5)])).toEqual([{ machineId: 7, distance: 400, hours: 5.5, distanceUnit: 'mi' }]);
  });

  it('answers 0 for a single reading and null (unknown) for a meter without readings in the period', () => {
    expect(usageOf([span(7, 1, 'distance', 500, 500), span(7, 2, 'hours', null, null)])).toEqual([{ machineId: 7, distance: 0, hours: null, distanceUnit: 'mi' }]);
  });

  it("takes each machine's first meter of a kind and its unit", () => {
    expect(usageOf([span(3, 9, 'distance', 0, 10), span(3, 4, 'distance', 100, 250, 'km')])).toEqual([{ machineId: 3, distance: 150, hours: null, distanceUnit: 'km' }]);
  });
});
