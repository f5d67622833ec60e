import type { ImportRowStatus, ImportRowView } from '@wrenchlog/contracts';
import { formatDate, formatDateTime, formatNumber } from '../../lib/format';
import { FIELD_OPTIONS } from './import-fields';
import type { RecordKind } from './import-sources';
import { i18n } from '../../core/i18n/i18n';
import './i18n';

// The Map step's preview as a person reads it (issue 38): the field labels the record forms use,
// dates in the member's date format, a cell the file could not read shown as typed with its
// message, and no "Error" on every row only because the machine is not chosen yet.

/** What a file's field (the Map step's choice) becomes in the stored record, where the names differ. */
const FIELD_TO_RECORD: Partial<Record<RecordKind, Record<string, string>>> = {
  fuel: { date: 'dateOfPurchase', odometer: 'currentMileage', tripDistance: 'lastMileage', hours: 'currentHours', partialFill: 'fullTank' },
  purchase: { notes: 'partDescription' },
  odometer: { odometer: 'value', date: 'readAt' },
  reading: { odometer: 'value', date: 'readAt' },
};

/** Keys the preview leaves out: internal references a person does not read. */
const HIDDEN = new Set(['exportRefs', 'origin', 'completions', 'source']);

/** "dateOfPurchase" -> "Date of purchase", for a key the texts do not name. */
function humanize(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A stored record's key as the forms label it (`recordLabels.<key>`: the rows' records have the create DTOs' names). */
export function recordLabel(key: string): string {
  const path = `recordLabels.${key}`;
  return i18n.exists(path, { ns: 'imports' }) ? i18n.t(path as 'recordLabels.title', { ns: 'imports' }) : humanize(key);
}

/** The record key a file field's label stands for ("Odometer" of a fuel file is currentMileage). */
export function recordKeyOfField(kind: RecordKind | null, field: string): string {
  return (kind && FIELD_TO_RECORD[kind]?.[field]) ?? field;
}

// The record key of each kind's date, for a date message (those name no field).
const DATE_KEY: Partial<Record<RecordKind, string>> = {
  fuel: 'dateOfPurchase',
  service: 'serviceDate',
  purchase: 'purchaseDate',
  reading: 'readAt',
  odometer: 'readAt',
};

/** Turns a file field's label (as the importers' messages name it) into the record key it fills, for the file's kinds. */
export function fieldResolver(kinds: readonly RecordKind[]): (label: string) => string | null {
  return (label) => {
    for (const kind of kinds) {
      const option = FIELD_OPTIONS[kind]?.find((o) => o.label.toLowerCase() === label.toLowerCase());
      if (option) {
        return recordKeyOfField(kind, option.value);
      }
      if (label === 'Date' && DATE_KEY[kind]) {
        return DATE_KEY[kind];
      }
    }
    return null;
  };
}

/** A cell of the file that could not be read: its text as typed and why. */
export interface BadCell {
  key: string | null;
  raw: string;
  message: string;
}

/**
 * The unreadable cells a row's messages name ("row 4: Odometer: 'twelve' is not a number"): the
 * importers answer such a cell as missing from the record, so the preview shows it from the message.
 * `fieldOfLabel` turns the file field's label into its record key (null when it names none).
 */
export function badCells(messages: string[], fieldOfLabel: (label: string) => string | null): BadCell[] {
  const cells: BadCell[] = [];
  for (const message of messages) {
    const text = message.replace(/^row \d+: /, '');
    const labelled = /^([^:']+): '([^']*)' (.+)$/.exec(text);
    if (labelled) {
      cells.push({ key: fieldOfLabel(labelled[1].trim()), raw: labelled[2], message: `${labelled[1].trim()}: '${labelled[2]}' ${labelled[3]}` });
      continue;
    }
    // Dates' messages name no field: "'31/02/2024' is not a date ..." or "date '31/02/2024' does not exist".
    const dated = /^(?:date )?'([^']*)' (.*(?:date|time|exist).*)$/.exec(text);
    if (dated) {
      cells.push({ key: fieldOfLabel('Date'), raw: dated[1], message: text });
    }
  }
  return cells;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A stored value as the preview shows it: dates in the member's format, Yes/No, grouped numbers. */
export function previewValue(value: unknown): string {
  if (value === null || value === undefined) {
    return '';
  }
  if (typeof value === 'boolean') {
    return value ? i18n.t('map.yes', { ns: 'imports' }) : i18n.t('map.no', { ns: 'imports' });
  }
  if (typeof value === 'number') {
    return formatNumber(value);
  }
  if (typeof value === 'string' && ISO_INSTANT.test(value)) {
    return formatDateTime(value);
  }
  if (typeof value === 'string' && ISO_DAY.test(value)) {
    return formatDate(value);
  }
  if (typeof value === 'object') {
    return JSON.stringify(value);
  }
  return String(value);
}

// The importers' message of a row that names no machine while none is chosen for the file.
const NO_MACHINE = /no machine: choose the machine of the file/;

/** What a row waiting for the file's machine says instead of the importers' message. */
export function machineMissingText(): string {
  return i18n.t('map.machineMissing', { ns: 'imports' });
}

/**
 * The status a preview row shows. Before the file's machine is chosen every row "has no machine":
 * that is a step still to take, not an error of the row, so such a row is "Waiting" and says what is
 * missing; a row with another error stays an error.
 */
export function previewStatus(
  row: Pick<ImportRowView, 'status' | 'messages'>,
  machineChosen: boolean,
): { status: ImportRowStatus | 'waiting'; messages: string[] } {
  if (machineChosen || row.status !== 'error') {
    return { status: row.status, messages: row.messages };
  }
  const others = row.messages.filter((m) => !NO_MACHINE.test(m));
  if (others.length === row.messages.length) {
    return { status: row.status, messages: row.messages };
  }
  return { status: others.length > 0 ? 'error' : 'waiting', messages: [machineMissingText(), ...others] };
}

/** The preview's columns: the records' keys in order of appearance, and the keys of unreadable cells. */
export function previewKeys(
  rows: Pick<ImportRowView, 'record' | 'messages'>[],
  fieldOfLabel: (label: string) => string | null,
  hideMachine: boolean,
): string[] {
  const keys: string[] = [];
  const add = (key: string | null) => {
    if (key && !keys.includes(key) && !HIDDEN.has(key) && !(hideMachine && key === 'machineId')) {
      keys.push(key);
    }
  };
  for (const row of rows) {
    Object.keys(row.record ?? {}).forEach(add);
    badCells(row.messages, fieldOfLabel).forEach((c) => add(c.key));
  }
  return keys;
}
