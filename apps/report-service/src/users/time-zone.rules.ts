/** The zone of a user not heard of, and of one whose stored zone this runtime does not know. */
export const DEFAULT_TIME_ZONE = 'UTC';

const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    try {
      // en-CA writes dates as YYYY-MM-DD.
      f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      f = formatFor(DEFAULT_TIME_ZONE);
    }
    formats.set(timeZone, f);
  }
  return f;
}

/**
 * The calendar day (YYYY-MM-DD) of an instant in a time zone: a fuel record bought at 00:30 on
 * 1 March in Paris (23:30 UTC on 28 February) counts in March for its owner.
 */
export function localDate(instant: Date, timeZone: string): string {
  return formatFor(timeZone).format(instant);
}
