import { DateInput, type DateInputProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useState, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { dateInputFormat } from '../../lib/format';

// A date input that shows and takes the member's date format (issue 38: a browser's own date input
// shows its locale's MM/DD/YYYY whatever the member chose). The value stays a plain YYYY-MM-DD day,
// as the forms and the API have it; '' is no date.

const PARTS: Record<string, RegExp> = {
  'YYYY-MM-DD': /^(?<y>\d{4})-(?<m>\d{1,2})-(?<d>\d{1,2})$/,
  'MM/DD/YYYY': /^(?<m>\d{1,2})\/(?<d>\d{1,2})\/(?<y>\d{4})$/,
  'DD/MM/YYYY': /^(?<d>\d{1,2})\/(?<m>\d{1,2})\/(?<y>\d{4})$/,
  'DD.MM.YYYY': /^(?<d>\d{1,2})\.(?<m>\d{1,2})\.(?<y>\d{4})$/,
};

/** Reads a day typed in `dateFormat` (or as YYYY-MM-DD, which is never ambiguous): 'YYYY-MM-DD', or null for no real day. */
export function parseDay(text: string, dateFormat: string): string | null {
  const trimmed = text.trim();
  const match = (PARTS[dateFormat] ?? PARTS['YYYY-MM-DD']).exec(trimmed) ?? PARTS['YYYY-MM-DD'].exec(trimmed);
  if (!match?.groups) {
    return null;
  }
  const y = Number(match.groups.y);
  const m = Number(match.groups.m);
  const d = Number(match.groups.d);
  const day = new Date(Date.UTC(y, m - 1, d));
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== m - 1 || day.getUTCDate() !== d) {
    return null;
  }
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * When the calendar shows: on a click on the box or ArrowDown, not on focus or typing (so tabbing
 * through a form, or typing a date, never leaves a calendar over the form's buttons); a picked day,
 * Escape, a key typed and leaving the box close it.
 */
function useCalendar(rest: Pick<DateInputProps, 'onClick' | 'onBlur' | 'onKeyDown'>) {
  const [opened, setOpened] = useState(false);
  return {
    popoverProps: { withinPortal: true, opened, onDismiss: () => setOpened(false) },
    onClick: (e: MouseEvent<HTMLInputElement>) => {
      setOpened(true);
      rest.onClick?.(e);
    },
    onBlur: (e: FocusEvent<HTMLInputElement>) => {
      setOpened(false);
      rest.onBlur?.(e);
    },
    onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => {
      setOpened(e.key === 'ArrowDown');
      rest.onKeyDown?.(e);
    },
    close: () => setOpened(false),
  };
}

export interface DateFieldProps extends Omit<DateInputProps, 'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'dateParser'> {
  /** YYYY-MM-DD, or '' for none. */
  value?: string;
  onChange: (value: string) => void;
}

/** A day in the member's date format, typed or picked from the calendar (Escape closes it). */
export function DateField({ value, onChange, onClick, onBlur, onKeyDown, ...rest }: DateFieldProps) {
  const format = dateInputFormat();
  const { close, ...calendar } = useCalendar({ onClick, onBlur, onKeyDown });
  return (
    <DateInput
      valueFormat={format}
      dateParser={(text) => parseDay(text, format)}
      placeholder={format}
      value={value || null}
      onChange={(v) => {
        close();
        onChange(v ?? '');
      }}
      allowDeselect
      leftSection={<IconCalendar size={16} aria-hidden />}
      {...calendar}
      {...rest}
    />
  );
}

/** Reads a day and time typed in `dateFormat` + ' HH:mm' (or ISO, with 'T' or a space): 'YYYY-MM-DDTHH:mm', or null. */
export function parseDayTime(text: string, dateFormat: string): string | null {
  const match = /^(.+?)[T ]\s*(\d{1,2}):(\d{2})$/.exec(text.trim());
  const day = match ? parseDay(match[1], dateFormat) : null;
  const hours = Number(match?.[2]);
  const minutes = Number(match?.[3]);
  if (!day || hours > 23 || minutes > 59) {
    return null;
  }
  return `${day}T${String(hours).padStart(2, '0')}:${match![3]}`;
}

/** A local date and time in the member's date format and 24-hour time; the value is 'YYYY-MM-DDTHH:mm' (as datetime-local had it). */
export function DateTimeField({ value, onChange, onClick, onBlur, onKeyDown, ...rest }: DateFieldProps) {
  const format = `${dateInputFormat()} HH:mm`;
  // A picked day keeps the calendar open: the time is typed next.
  const { close: _typed, ...calendar } = useCalendar({ onClick, onBlur, onKeyDown });
  // The calendar's value carries seconds after a space; the form keeps datetime-local's shape.
  const toInput = (v: string | undefined) => (v ? `${v.replace('T', ' ').slice(0, 16)}:00` : null);
  return (
    <DateInput
      withTime
      valueFormat={format}
      dateParser={(text) => {
        const parsed = parseDayTime(text, dateInputFormat());
        return parsed ? `${parsed.replace('T', ' ')}:00` : null;
      }}
      placeholder={format}
      value={toInput(value)}
      onChange={(v) => onChange(v ? v.slice(0, 16).replace(' ', 'T') : '')}
      allowDeselect
      leftSection={<IconCalendar size={16} aria-hidden />}
      {...calendar}
      {...rest}
    />
  );
}
