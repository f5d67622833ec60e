import { eventTime } from './events.js';

describe(eventTime.name, () => {
  it("answers the event's own time", () => {
    expect(eventTime('2026-11-23T08:05:00.000Z').toISOString()).toBe('2026-11-23T08:05:00.000Z');
  });

  it('answers now for an event without a time or with one that is not a date', () => {
    for (const at of [undefined, null, 42, 'yesterday', '']) {
      const before = Date.now();
      const t = eventTime(at).getTime();
      expect(t).toBeGreaterThanOrEqual(before);
      expect(t).toBeLessThanOrEqual(Date.now());
    }
  });
});
