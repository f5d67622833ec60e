import { fullToFull, type Fill } from './fuel.rules.js';

const fill = (id: number, date: string, amount: number, mileage: number | null, flags: Partial<Pick<Fill, 'fullTank' | 'missedPrevious'>> = {}): Fill => ({
  id,
  date,
  amount,
  mileage,
  fullTank: flags.fullTank ?? true,
  missedPrevious: flags.missedPrevious ?? false,
});

describe('fullToFull (issue 22)', () => {
  it('gives each full fill after the first the distance and fuel since the previous full fill', () => {
    expect(fullToFull([fill(1, '2026-01-01', 12, 1000), fill(2, '2026-01-10', 10, 1300)])).toEqual([{ id: 2, date: '2026-01-10', distance: 300, fuel: 10 }]);
  });

  it('counts a partial fill in the next full fill: 300 mi over 5 + 10 gal = 20 MPG', () => {
    const segments = fullToFull([fill(1, '2026-01-01', 12, 1000), fill(2, '2026-01-05', 5, 1100, { fullTank: false }), fill(3, '2026-01-10', 10, 1300)]);
    expect(segments).toEqual([{ id: 3, date: '2026-01-10', distance: 300, fuel: 15 }]);
    expect(segments[0]!.distance / segments[0]!.fuel).toBe(20);
  });

  it('gives no value across a missed fill-up, then 300 mi / 10 gal = 30 MPG from the next full fill', () => {
    const segments = fullToFull([fill(1, '2026-01-01', 12, 1000), fill(2, '2026-01-10', 10, 1300, { missedPrevious: true }), fill(3, '2026-01-20', 10, 1600)]);
    expect(segments).toEqual([{ id: 3, date: '2026-01-20', distance: 300, fuel: 10 }]);
  });

  it('gives a partial fill no value of its own, and none when the mileage is missing or does not grow', () => {
    expect(fullToFull([fill(1, '2026-01-01', 12, 1000), fill(2, '2026-01-05', 5, 1100, { fullTank: false })])).toEqual([]);
    expect(fullToFull([fill(1, '2026-01-01', 12, 1000), fill(2, '2026-01-05', 5, null), fill(3, '2026-01-09', 5, 1200)])).toEqual([]);
    expect(fullToFull([fill(1, '2026-01-01', 12, 1000), fill(2, '2026-01-05', 5, 900)])).toEqual([]);
  });
});
