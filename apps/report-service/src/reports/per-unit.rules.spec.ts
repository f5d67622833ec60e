import { convertDistance, perUnitOver } from './per-unit.rules.js';

describe('cost per unit across machines (issue 38)', () => {
  it('divides each usage by the costs of the machines that have it: truck 590.14 / 2,090 mi, excavator and mower 1,024.40 / 139.5 h', () => {
    const totals = perUnitOver([
      { name: 'Truck', cents: 59014, distance: 2090, distanceUnit: 'mi', hours: null },
      { name: 'Excavator', cents: 70000, distance: null, distanceUnit: 'mi', hours: 100 },
      { name: 'Mower', cents: 32440, distance: null, distanceUnit: 'mi', hours: 39.5 },
    ]);
    expect(totals).toEqual({
      distance: 2090,
      hours: 139.5,
      distanceUnit: 'mi',
      costPerDistance: 0.28,
      costPerHour: 7.34,
      covers: { distance: ['Truck'], hours: ['Excavator', 'Mower'] },
    });
  });

  it('converts kilometres to miles before adding them (issue 36): 1,000 mi + 1,000 km = 1,621.4 mi', () => {
    expect(convertDistance(1000, 'km')).toBe(621.4);
    expect(convertDistance(621.4, 'mi', 'km')).toBe(1000);
    const totals = perUnitOver([
      { name: 'Truck', cents: 50000, distance: 1000, distanceUnit: 'mi', hours: null },
      { name: 'Loader', cents: 50000, distance: 1000, distanceUnit: 'km', hours: null },
    ]);
    expect(totals.distance).toBe(1621.4);
    expect(totals.costPerDistance).toBe(0.62);
    expect(totals.costPerHour).toBeNull();
    expect(totals.covers.hours).toEqual([]);
  });
});
