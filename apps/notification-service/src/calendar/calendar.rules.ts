import type { Schedule } from '@wrenchlog/contracts';

export interface CalendarItem {
  /** Stable per schedule and install: a moved due date updates the same event in calendar apps. */
  uid: string;
  /** YYYY-MM-DD, an all-day event. */
  date: string;
  summary: string;
  description: string;
}

const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/**
 * What a schedule is due at, in words that stay true on any later day (a calendar shows an event's
 * text long after the feed was read: "Due in 17 days" is wrong the next day): "Due on 2026-05-01 or
 * at 12,000 mi", and for a forecast the date it was projected for.
 */
export function dueText(s: Schedule, forecastFirst: boolean): string {
  const dues = [
    s.nextDueDate === null ? null : `on ${s.nextDueDate}`,
    s.nextDueDistance === null ? null : `at ${NUMBER.format(s.nextDueDistance)} ${s.distanceUnit}`,
    s.nextDueHours === null ? null : `at ${NUMBER.format(s.nextDueHours)} h`,
  ].filter((d): d is string => d !== null);
  const due = dues.length > 0 ? `Due ${dues.join(' or ')}` : 'Due';
  return forecastFirst && s.forecastDate ? `${due} (expected on ${s.forecastDate} at the meters' recent rate)` : due;
}

/**
 * One all-day event per schedule on its due date, or on its forecast date when a meter forecast
 * comes first or is all it has ("(forecast)" in the title); none for a schedule with neither or
 * a completed one-off. `installId` (generated once per install) makes the UIDs of two installs
 * differ when one calendar subscribes to both.
 */
export function calendarItems(schedules: Schedule[], installId: string): CalendarItem[] {
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
      uid: `schedule-${s.id}-${installId}@wrenchlog`,
      date,
      summary: `${s.title}${machine}${forecastFirst ? ' (forecast)' : ''}`,
      description: dueText(s, forecastFirst),
    });
  }
  return items;
}
