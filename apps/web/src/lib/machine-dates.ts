import dayjs from 'dayjs';

/** The value for an <input type="date"> from a date or an instant. */
export function toDateInput(value: string | null | undefined): string {
  if (!value) {
    return '';
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return value;
  }
  const d = dayjs(value);
  return d.isValid() ? d.format('YYYY-MM-DD') : '';
}

/**
 * Purchase and last-serviced dates go out at 13:00 local time (spec doc 2 section 9), so the
 * calendar day survives any time-zone conversion on the way.
 */
export function atOnePmLocal(date: string): string | null {
  if (!date) {
    return null;
  }
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y, m - 1, d, 13, 0, 0, 0).toISOString();
}
