import type { Schedule } from '@wrenchlog/contracts';

export interface CalendarItem {
  /** Stable per schedule: a moved due date updates the same event in calendar apps. */
  uid: string;
  /** YYYY-MM-DD, an all-day event. */
  date: string;
  summary: string;
  description: string;
}

/**
 * One all-day event per schedule on its due date, or on its forecast date when a meter forecast
 * comes first or is all it has ("(forecast)" in the title); none for a schedule with neither or
 * a completed one-off.
 */
export function calendarItems(schedules: Schedule[]): CalendarItem[] {
  const items: CalendarItem[] = [];
  for (const s of schedules) {
    if (s.done) {
      continue;
    }
    const forecastFirst = s.forecastDate !== null && (s.nextDueDate === null || s.forecastDate < s.nextDueDate);
    const date = forecastFirst ? s.forecastDate : s.nextDueDate;
    if (!date) {
      continue;
    }
    const machine = s.machineName ? ` - ${s.machineName}` : '';
    items.push({
      uid: `schedule-${s.id}@wrenchlog`,
      date,
      summary: `${s.title}${machine}${forecastFirst ? ' (forecast)' : ''}`,
      description: s.reason,
    });
  }
  return items;
}
