// Calendar dates as YYYY-MM-DD strings (they compare as strings), counted in UTC days.

const DAY_MS = 86_400_000;

export const utcDate = (d: Date): string => d.toISOString().slice(0, 10);

const toMs = (date: string): number => Date.parse(`${date}T00:00:00Z`);

export const addDays = (date: string, days: number): string => utcDate(new Date(toMs(date) + days * DAY_MS));

/** Whole days from a to b (negative when b is earlier). */
export const daysBetween = (a: string, b: string): number => Math.round((toMs(b) - toMs(a)) / DAY_MS);

/** The same day n months later, clamped to the month's end (Jan 31 + 1 month = Feb 28 or 29). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return utcDate(new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, lastDay))));
}

export const minDate = (dates: (string | null)[]): string | null =>
  dates.reduce<string | null>((min, d) => (d !== null && (min === null || d < min) ? d : min), null);
