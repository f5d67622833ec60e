import { ISSUE_PRIORITIES, type IssuePriority } from '@wrenchlog/contracts';

// The mechanic's portal (issue 35): what comes first in a list of a person's open orders.

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) at `now` in a time zone; UTC for none, or for a zone this runtime does not know. */
export function localDate(now: Date, timeZone: string | null): string {
  const zone = timeZone ?? 'UTC';
  let format = dayFormats.get(zone);
  if (!format) {
    try {
      // en-CA writes dates as YYYY-MM-DD.
      format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      return localDate(now, null);
    }
    dayFormats.set(zone, format);
  }
  return format.format(now);
}

/** Planned before today: today itself is not late yet. */
export const isOverdue = (plannedDate: string | null, today: string): boolean => plannedDate !== null && plannedDate < today;

interface Ranked {
  id: number;
  overdue: boolean;
  priority: IssuePriority;
  plannedDate: string | null;
}

// critical first: ISSUE_PRIORITIES runs from low to critical.
const rank = (p: IssuePriority) => ISSUE_PRIORITIES.length - 1 - ISSUE_PRIORITIES.indexOf(p);

/** Overdue first, then by priority (critical first), then by planned date (none last), then oldest order first. */
export function byUrgency(a: Ranked, b: Ranked): number {
  return (
    Number(b.overdue) - Number(a.overdue) ||
    rank(a.priority) - rank(b.priority) ||
    (a.plannedDate === b.plannedDate ? 0 : a.plannedDate === null ? 1 : b.plannedDate === null ? -1 : a.plannedDate < b.plannedDate ? -1 : 1) ||
    a.id - b.id
  );
}
