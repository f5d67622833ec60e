import { overdueWeeks, planForTransition, weeklyReminder } from './notification.rules.js';

const at = new Date('2026-03-02T10:00:00.000Z');
const base = { scheduleId: 7, title: 'Oil change', at };

describe('planForTransition', () => {
  it('notifies when a schedule becomes due soon, keyed by the instant it did', () => {
    expect(planForTransition({ ...base, previous: 'upcoming', next: 'due_soon' })).toEqual({
      kind: 'schedule_due_soon',
      key: 'schedule:7:due_soon:2026-03-02T10:00:00.000Z',
      title: 'Due soon: Oil change',
    });
  });

  it('notifies when it becomes overdue, from due soon or straight from upcoming', () => {
    expect(planForTransition({ ...base, previous: 'due_soon', next: 'overdue' })?.key).toBe('schedule:7:overdue:2026-03-02T10:00:00.000Z:0');
    expect(planForTransition({ ...base, previous: null, next: 'overdue' })?.kind).toBe('schedule_overdue');
  });

  it('counts a return to upcoming as a completion; the next due soon is a new cycle', () => {
    expect(planForTransition({ ...base, previous: 'overdue', next: 'upcoming' })).toEqual({
      kind: 'schedule_completed',
      key: 'schedule:7:completed:2026-03-02T10:00:00.000Z',
      title: 'Completed: Oil change',
    });
    const later = planForTransition({ ...base, previous: 'upcoming', next: 'due_soon', at: new Date('2026-06-01T00:00:00.000Z') });
    expect(later?.key).toBe('schedule:7:due_soon:2026-06-01T00:00:00.000Z');
  });

  it('counts a return to upcoming as a completion only when a completion caused it (or an older event names no cause)', () => {
    expect(planForTransition({ ...base, previous: 'due_soon', next: 'upcoming', cause: 'completion' })?.kind).toBe('schedule_completed');
    for (const cause of ['edit', 'record', 'reading', 'machine', 'day'] as const) {
      expect(planForTransition({ ...base, previous: 'overdue', next: 'upcoming', cause })).toBeNull();
    }
  });

  it('says nothing of a new upcoming schedule, a deletion, or a step back from overdue to due soon', () => {
    expect(planForTransition({ ...base, previous: null, next: 'upcoming' })).toBeNull();
    expect(planForTransition({ ...base, previous: 'overdue', next: null })).toBeNull();
    expect(planForTransition({ ...base, previous: 'overdue', next: 'due_soon' })).toBeNull();
  });
});

describe('weekly reminders while overdue', () => {
  it('counts whole weeks since the schedule became overdue', () => {
    const since = new Date('2026-01-01T10:00:00Z');
    expect(overdueWeeks(since, new Date('2026-01-08T09:59:59Z'))).toBe(0);
    expect(overdueWeeks(since, new Date('2026-01-08T10:00:00Z'))).toBe(1);
    expect(overdueWeeks(since, new Date('2026-01-22T10:00:00Z'))).toBe(3);
    expect(overdueWeeks(since, new Date('2025-12-01T00:00:00Z'))).toBe(0);
  });

  it('keys each week of each overdue cycle apart', () => {
    expect(weeklyReminder(7, 'Oil change', at, 2)).toEqual({
      kind: 'schedule_overdue',
      key: 'schedule:7:overdue:2026-03-02T10:00:00.000Z:2',
      title: 'Still overdue (2 weeks): Oil change',
    });
  });
});
