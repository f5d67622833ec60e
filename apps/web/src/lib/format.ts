import dayjs from 'dayjs';

export const NA = 'n/a';

/**
 * The member's currency and date format (issue 34), set once their preferences are read
 * (core/preferences.tsx), so every money and date on every screen follows them without each screen
 * asking. Before that (and signed out) the app's own: dollars and YYYY-MM-DD.
 */
const READER_KEY = 'wrenchlog-reader-formats';
const reader = { currency: 'USD', dateFormat: 'YYYY-MM-DD', ...storedReader() };
// The interface language's locale (core/i18n): '1.234,50 €' in German; the date format stays the member's.
let locale = 'en-US';
let money = moneyFormats(reader.currency);
let plain = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });

/** The last member's formats on this device, so a reload starts in them (their preferences then confirm). */
function storedReader(): { currency?: string; dateFormat?: string } {
  try {
    const stored = JSON.parse(globalThis.localStorage?.getItem(READER_KEY) ?? '{}') as { currency?: unknown; dateFormat?: unknown };
    const currency = typeof stored.currency === 'string' && /^[A-Z]{3}$/.test(stored.currency) ? stored.currency : undefined;
    const dateFormat = typeof stored.dateFormat === 'string' && /^[DMY./-]{8,10}$/.test(stored.dateFormat) ? stored.dateFormat : undefined;
    new Intl.NumberFormat('en-US', { style: 'currency', currency: currency ?? 'USD' });
    return { ...(currency ? { currency } : {}), ...(dateFormat ? { dateFormat } : {}) };
  } catch {
    return {};
  }
}

/** The member's currency sign ('$', '€', 'CHF') for a money box's label. */
export function currencySymbol(): string {
  return money.withSign.formatToParts(0).find((p) => p.type === 'currency')?.value ?? reader.currency;
}

export function readerFormats(): { currency: string; dateFormat: string } {
  return { ...reader };
}

function moneyFormats(currency: string) {
  const withSign = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const { minimumFractionDigits, maximumFractionDigits } = withSign.resolvedOptions();
  return {
    withSign,
    plain: new Intl.NumberFormat(locale, { minimumFractionDigits, maximumFractionDigits }),
    compact: new Intl.NumberFormat(locale, { style: 'currency', currency, notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1 }),
  };
}

/** The locale numbers and money are written in ('de-DE'), from the interface language. */
export function readerLocale(): string {
  return locale;
}

export function setReaderLocale(next: string): void {
  if (next !== locale) {
    locale = next;
    money = moneyFormats(reader.currency);
    plain = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  }
}

/** A count or number in the reader's locale ('1,000', '1.000'). */
export function formatCount(value: number): string {
  return value.toLocaleString(locale);
}

export function setReaderFormats({ currency, dateFormat }: { currency: string; dateFormat: string }): void {
  if (currency !== reader.currency) {
    money = moneyFormats(currency);
  }
  reader.currency = currency;
  reader.dateFormat = dateFormat;
  try {
    globalThis.localStorage?.setItem(READER_KEY, JSON.stringify(reader));
  } catch {
    // Private mode or no storage: the formats apply to this page only.
  }
}

// The app's one date format (issue 38): every date and date-time on every screen, and the date
// inputs' display, go through the functions below, in the member's date-format preference.
const PLAIN_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A date or instant in `dateFormat` (a dayjs pattern: 'DD.MM.YYYY'...); n/a when empty or unreadable. */
export function formatDateAs(value: string | null | undefined, dateFormat: string): string {
  if (!value) {
    return NA;
  }
  // A plain date (YYYY-MM-DD) is a calendar day: never shift it through a time zone.
  if (PLAIN_DAY.test(value)) {
    const day = dayjs(value);
    return day.isValid() ? day.format(dateFormat) : NA;
  }
  const d = dayjs(value);
  return d.isValid() ? d.format(dateFormat) : NA;
}

/** An instant as its local date and 24-hour time in `dateFormat` ('28.11.2026 23:43'); a plain day stays a day. */
export function formatDateTimeAs(value: string | null | undefined, dateFormat: string): string {
  if (!value || PLAIN_DAY.test(value)) {
    return formatDateAs(value, dateFormat);
  }
  const d = dayjs(value);
  return d.isValid() ? d.format(`${dateFormat} HH:mm`) : NA;
}

/** A date or instant in the member's date format; n/a when empty or unreadable. */
export function formatDate(value: string | null | undefined): string {
  return formatDateAs(value, reader.dateFormat);
}

/** An instant (last updated, created) in the member's date format with local 24-hour time. */
export function formatDateTime(value: string | null | undefined): string {
  return formatDateTimeAs(value, reader.dateFormat);
}

/** The member's date format, for the date inputs' display (they still hold YYYY-MM-DD). */
export function dateInputFormat(): string {
  return reader.dateFormat;
}

function moneyValue(value: number | string | null | undefined): number | null {
  const n = typeof value === 'string' ? (value.trim() === '' ? null : Number(value)) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

/** The app's one money format, without the sign ('1,234.50', for a 'Cost ($)' column); n/a when missing. */
export function formatMoney(value: number | string | null | undefined): string {
  const n = moneyValue(value);
  return n === null ? NA : money.plain.format(n);
}

/** Money with its sign: '$1,234.50'; n/a when missing or not computable (NaN, infinity). */
export function formatPrice(value: number | string | null | undefined): string {
  const n = moneyValue(value);
  return n === null ? NA : money.withSign.format(n);
}

/** Money in a few characters for a chart's axis: '$80K', '$1.5M', '$950'; n/a when missing. */
export function formatCompactPrice(value: number | string | null | undefined): string {
  const n = moneyValue(value);
  return n === null ? NA : money.compact.format(n);
}

export function formatNumber(value: number | string | null | undefined): string {
  const n = typeof value === 'string' ? Number(value) : value;
  return n === null || n === undefined || (typeof value === 'string' && value.trim() === '') || Number.isNaN(n) ? NA : plain.format(n);
}

/** Text value or n/a. */
export function orNA(value: unknown): string {
  if (value === null || value === undefined) {
    return NA;
  }
  const text = String(value).trim();
  return text ? text : NA;
}

/**
 * A stored size a person reads: MB to 2 decimals (dividing by 1048576, as the spec's account size),
 * KB below 1 MB so a 3 KB document is not '0.00 MB'; nothing at all is '0.00 MB'.
 */
export function formatSize(bytes: number): string {
  const n = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  return n === 0 || n >= 1048576 ? `${(n / 1048576).toFixed(2)} MB` : `${(n / 1024).toFixed(1)} KB`;
}
