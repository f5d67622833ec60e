import type { Meter, ServiceRecord } from '@wrenchlog/contracts';
import { SERVICE_RECORD_DEFAULTS } from '@wrenchlog/contracts/limits';
import dayjs from 'dayjs';
import { i18n } from '../../core/i18n/i18n';
import type { en } from '../../locales/en';
import './i18n';

/** Spec doc 1 section 2: status suggestions and the service types, in the spec's order. */
export const STATUS_SUGGESTIONS = ['New', 'In Progress', 'On Hold', 'Complete', 'Cancelled'];

/** The spec's texts (doc 1 sections 2, 5 and 8; verbatim in English), in the reader's language. */
export function message(key: keyof typeof en.serviceRecord.messages): string {
  return i18n.t(`messages.${key}`, { ns: 'serviceRecord' });
}

/** The photo delete confirmation: one photo or n photos (spec doc 1 section 2). */
export function confirmPhotosText(count: number): string {
  return i18n.t('confirmPhotos', { ns: 'serviceRecord', count });
}

/** Today as a calendar date (YYYY-MM-DD) in the user's time zone. */
export function today(): string {
  return dayjs().format('YYYY-MM-DD');
}

/** The editable copy: text inputs hold strings, empty numbers are ''. */
export interface Draft {
  machineId: number | null;
  title: string;
  status: string;
  serviceDate: string;
  serviceType: string;
  serviceShop: string;
  price: number | '';
  miles: number | '';
  hours: number | '';
  notes: string;
}

/** A new record: status New, type Maintenance, today, price 0 (spec doc 1 sections 3 and 9). */
export function newDraft(machineId?: number | null): Draft {
  return {
    machineId: machineId && machineId > 0 ? machineId : null,
    title: '',
    status: SERVICE_RECORD_DEFAULTS.status,
    serviceDate: today(),
    serviceType: SERVICE_RECORD_DEFAULTS.serviceType,
    serviceShop: '',
    price: SERVICE_RECORD_DEFAULTS.price,
    miles: '',
    hours: '',
    notes: '',
  };
}

export function toDraft(r: ServiceRecord): Draft {
  return {
    machineId: r.machineId > 0 ? r.machineId : null,
    title: r.title ?? '',
    status: r.status ?? '',
    serviceDate: r.serviceDate ?? '',
    serviceType: r.serviceType ?? '',
    serviceShop: r.serviceShop ?? '',
    price: r.price ?? '',
    miles: r.miles ?? '',
    hours: r.hours ?? '',
    notes: r.notes ?? '',
  };
}

/** The body of a create or an update. */
export interface RecordBody {
  machineId: number;
  title: string;
  status: string;
  serviceDate: string;
  serviceType: string;
  serviceShop: string;
  price: number;
  miles: number | null;
  hours: number | null;
  notes: string;
  /** Schedules the record completes (issue 21); absent keeps what it completes. */
  completesScheduleIds?: number[];
}

const num = (v: number | '') => (v === '' || Number.isNaN(Number(v)) ? null : Number(v));

export function toBody(d: Draft): RecordBody {
  return {
    machineId: d.machineId ?? 0,
    title: d.title.trim(),
    status: d.status.trim(),
    serviceDate: d.serviceDate,
    serviceType: d.serviceType.trim(),
    serviceShop: d.serviceShop.trim(),
    price: num(d.price) ?? 0,
    miles: num(d.miles),
    hours: num(d.hours),
    notes: d.notes,
  };
}

/** True when the draft would store something different from the saved record. */
export function differs(d: Draft, saved: ServiceRecord): boolean {
  const a = toBody(d);
  const b = toBody(toDraft(saved));
  return (Object.keys(a) as (keyof RecordBody)[]).some((k) => a[k] !== b[k]);
}

export type DraftErrors = Partial<Record<'machineId' | 'title' | 'serviceDate' | 'status', string>>;

/** Title, date and status non-blank after trimming; a machine picked (spec doc 1 section 5). */
export function validate(d: Draft): DraftErrors {
  const errors: DraftErrors = {};
  if (!d.machineId) {
    errors.machineId = message('machineRequired');
  }
  if (!d.title.trim()) {
    errors.title = message('invalid');
  }
  if (!d.serviceDate.trim()) {
    errors.serviceDate = message('invalid');
  }
  if (!d.status.trim()) {
    errors.status = message('invalid');
  }
  return errors;
}

/**
 * What a status or type field holds after it loses focus (spec doc 1 section 4): the field was
 * cleared on focus; blank restores the previous value; a non-empty value is taken. With `allowed`
 * (the service type list) only one of those values is taken, matched without regard to case.
 */
export function resolveOnBlur(typed: string, previous: string, allowed?: readonly string[]): string {
  const value = typed.trim();
  if (!value) {
    return previous;
  }
  if (!allowed) {
    return value;
  }
  return allowed.find((option) => option.toLowerCase() === value.toLowerCase()) ?? previous;
}

/** A copy to create anew: id 0 and the service date set to today (spec doc 1 section 2). */
export function cloneRecord(r: ServiceRecord): ServiceRecord {
  return { ...r, id: 0, serviceDate: today() };
}

/** Images per upload request: the gateway reads at most 20 files, an original and a thumbnail each. */
export const IMAGES_PER_REQUEST = 10;

export function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) {
    out.push(items.slice(i, i + size));
  }
  return out;
}

/** The status a record that completes schedules takes (issue 38: it stayed "New"). */
export const COMPLETE_STATUS = 'Complete';

/**
 * The status once `ids` are ticked: a record still "New" (the default) that completes schedules
 * is the service done, so "Complete"; any status the user chose stays.
 */
export function statusForCompletions(status: string, ids: readonly number[]): string {
  return ids.length > 0 && status === SERVICE_RECORD_DEFAULTS.status ? COMPLETE_STATUS : status;
}

/** The schedule ids of the form's `schedule` query (`?schedule=12` or `12,13`), as the Due page's "Log service" sends them. */
export function scheduleIdsFromQuery(raw: string | null): number[] {
  return [...new Set((raw ?? '').split(',').map(Number))].filter((n) => Number.isSafeInteger(n) && n > 0);
}

/**
 * Miles and Hours offered for the machine's meters (issue 38: a pickup was offered Hours). Every
 * machine is given both meters, so a meter the machine "has" is one with a reading; while none has
 * one (a new machine), or the meters are unknown, both are offered. A value the record already
 * holds is always shown.
 */
export function offeredMeters(
  meters: readonly Pick<Meter, 'kind' | 'currentValue'>[] | undefined,
  d: Pick<Draft, 'miles' | 'hours'>,
): { miles: boolean; hours: boolean } {
  const read = (meters ?? []).filter((m) => m.currentValue !== null);
  if (read.length === 0) {
    return { miles: true, hours: true };
  }
  return { miles: d.miles !== '' || read.some((m) => m.kind === 'distance'), hours: d.hours !== '' || read.some((m) => m.kind === 'hours') };
}
