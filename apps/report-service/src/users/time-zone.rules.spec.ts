import { localDate } from './time-zone.rules.js';

describe('localDate', () => {
  it("dates an instant in the user's zone: 23:30 UTC on 28 Feb is 1 March in Paris, still 28 Feb in New York", () => {
    const instant = new Date('2026-02-28T23:30:00.000Z');
    expect(localDate(instant, 'UTC')).toBe('2026-02-28');
    expect(localDate(instant, 'Europe/Paris')).toBe('2026-03-01');
    expect(localDate(new Date('2026-03-01T03:00:00.000Z'), 'America/New_York')).toBe('2026-02-28');
  });

  it('follows daylight saving time (Paris is UTC+2 in July)', () => {
    expect(localDate(new Date('2026-07-31T22:30:00.000Z'), 'Europe/Paris')).toBe('2026-08-01');
    expect(localDate(new Date('2026-07-31T21:30:00.000Z'), 'Europe/Paris')).toBe('2026-07-31');
  });

  it('reads an unknown zone as UTC rather than failing', () => {
    expect(localDate(new Date('2026-02-28T23:30:00.000Z'), 'Mars/Olympus')).toBe('2026-02-28');
  });
});
