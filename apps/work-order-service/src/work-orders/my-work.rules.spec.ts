import { byUrgency, isOverdue, localDate } from './my-work.rules.js';

describe('my work rules', () => {
  it('takes today in the member’s time zone, UTC without one or for an unknown zone', () => {
    const now = new Date('2026-03-01T23:30:00Z');
    expect(localDate(now, null)).toBe('2026-03-01');
    expect(localDate(now, 'Europe/Berlin')).toBe('2026-03-02');
    expect(localDate(now, 'America/Los_Angeles')).toBe('2026-03-01');
    expect(localDate(now, 'Not/AZone')).toBe('2026-03-01');
  });

  it('counts a planned date before today as overdue, today and later or none not', () => {
    expect(isOverdue('2026-02-28', '2026-03-01')).toBe(true);
    expect(isOverdue('2026-03-01', '2026-03-01')).toBe(false);
    expect(isOverdue(null, '2026-03-01')).toBe(false);
  });

  it('puts overdue first, then the higher priority, then the earlier planned date (none last)', () => {
    const orders = [
      { id: 1, overdue: false, priority: 'low' as const, plannedDate: '2026-03-02' },
      { id: 2, overdue: false, priority: 'critical' as const, plannedDate: null },
      { id: 3, overdue: true, priority: 'low' as const, plannedDate: '2026-02-01' },
      { id: 4, overdue: false, priority: 'critical' as const, plannedDate: '2026-03-05' },
      { id: 5, overdue: true, priority: 'high' as const, plannedDate: '2026-02-20' },
      { id: 6, overdue: false, priority: 'medium' as const, plannedDate: '2026-03-01' },
      { id: 7, overdue: false, priority: 'low' as const, plannedDate: '2026-03-02' },
    ];
    expect([...orders].sort(byUrgency).map((o) => o.id)).toEqual([5, 3, 4, 2, 6, 1, 7]);
  });
});
