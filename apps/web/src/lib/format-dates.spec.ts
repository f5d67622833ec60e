import { DATE_FORMATS } from '@wrenchlog/contracts/limits';
import { dateInputFormat, formatDate, formatDateAs, formatDateTime, formatDateTimeAs, setReaderFormats } from './format';

// Issue 38: one date format everywhere, the member's preference; a date-time is that date and HH:mm.
const EXPECTED: Record<string, { day: string; instant: RegExp }> = {
  'MM/DD/YYYY': { day: '11/28/2026', instant: /^11\/2[78]\/2026 \d{2}:\d{2}$/ },
  'DD/MM/YYYY': { day: '28/11/2026', instant: /^2[78]\/11\/2026 \d{2}:\d{2}$/ },
  'YYYY-MM-DD': { day: '2026-11-28', instant: /^2026-11-2[78] \d{2}:\d{2}$/ },
  'DD.MM.YYYY': { day: '28.11.2026', instant: /^2[78]\.11\.2026 \d{2}:\d{2}$/ },
};

afterEach(() => setReaderFormats({ currency: 'USD', dateFormat: 'YYYY-MM-DD' }));

describe('the date formatter', () => {
  it('has an expectation for every preference value', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...DATE_FORMATS].sort());
  });

  it.each(Object.entries(EXPECTED))('writes dates and date-times in %s', (dateFormat, { day, instant }) => {
    expect(formatDateAs('2026-11-28', dateFormat)).toBe(day);
    expect(formatDateTimeAs('2026-11-28T12:43:00Z', dateFormat)).toMatch(instant);
    // The member's preference, once read, is what formatDate / formatDateTime and the inputs use.
    setReaderFormats({ currency: 'USD', dateFormat });
    expect(formatDate('2026-11-28')).toBe(day);
    expect(formatDateTime('2026-11-28T12:43:00Z')).toMatch(instant);
    expect(dateInputFormat()).toBe(dateFormat);
  });

  it('keeps a plain day on its calendar day, and answers n/a for nothing or nonsense', () => {
    expect(formatDateAs('2026-01-01', 'DD.MM.YYYY')).toBe('01.01.2026');
    expect(formatDateTimeAs('2026-01-01', 'DD.MM.YYYY')).toBe('01.01.2026');
    expect([formatDate(null), formatDate(''), formatDateTime('not a date')]).toEqual(['n/a', 'n/a', 'n/a']);
  });
});
