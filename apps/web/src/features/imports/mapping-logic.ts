import type { ImportDetectedView, ImportRowView, ImportSameNameMachines, ImportUploaded } from '@wrenchlog/contracts';
import { FIELD_OPTIONS, type FieldOption } from './import-fields';
import type { RecordKind, SourceCard } from './import-sources';
import { i18n } from '../../core/i18n/i18n';
import './i18n';

// The Map step's rules, pure: which fields a column may take, how a choice changes the mapping,
// the body of PUT /api/imports/{id}/mapping, and the preview table's columns.

/** What the user has chosen on the Map step; sent whole on every change (the server keeps the last). */
export interface MapDraft {
  mapping: Record<string, string>;
  detected: Pick<ImportDetectedView, 'delimiter' | 'decimalSeparator' | 'dateFormat' | 'encoding' | 'units'>;
  /** 'file': one machine for every row; 'column': a column names each row's machine. */
  machineMode: 'file' | 'column';
  machineId: number | null;
  machineColumn: string | null;
  /** A machine row named as a machine the user has: use that machine, or create another (machine rows only). */
  sameNameMachines: ImportSameNameMachines;
}

/** A Drivvo column reads 'Refuelling / Odometer': its section, and the column inside it. */
export function sectionOf(column: string): string {
  const at = column.indexOf(' / ');
  return at < 0 ? '' : column.slice(0, at);
}

// Fields only fuel rows have: a Drivvo section whose suggested mapping uses one is a refuelling
// section, whatever its (translated) name.
const FUEL_ONLY = new Set(['amount', 'pricePerUnit', 'totalPrice', 'fullTank', 'partialFill', 'missedPrevious', 'tripDistance', 'date']);

/** The kind of record a column's rows become. */
export function kindOfColumn(card: Pick<SourceCard, 'kinds'>, column: string, suggested: Record<string, string>): RecordKind | null {
  if (card.kinds.length === 1) {
    return card.kinds[0];
  }
  const section = sectionOf(column);
  const siblings = Object.entries(suggested).filter(([c]) => sectionOf(c) === section);
  if (card.kinds.includes('fuel') && siblings.some(([, f]) => FUEL_ONLY.has(f))) {
    return 'fuel';
  }
  if (card.kinds.includes('service') && siblings.length > 0) {
    return 'service';
  }
  return null;
}

/** A field as the select shows it, in the reader's language (FIELD_OPTIONS keep the importers' English labels). */
function shownOption(kind: RecordKind, option: FieldOption): FieldOption {
  return { value: option.value, label: i18n.t(`fields.${kind}.${option.value}` as 'fields.machine.name', { ns: 'imports' }) };
}

/** The fields a column may be mapped to ('' is "not imported"); the union of the kinds when unknown. */
export function fieldOptions(card: Pick<SourceCard, 'kinds'>, column: string, suggested: Record<string, string>): FieldOption[] {
  const kind = kindOfColumn(card, column, suggested);
  if (kind) {
    return FIELD_OPTIONS[kind].map((o) => shownOption(kind, o));
  }
  const seen = new Map<string, FieldOption>();
  for (const k of card.kinds) {
    for (const option of FIELD_OPTIONS[k]) {
      if (!seen.has(option.value)) {
        seen.set(option.value, shownOption(k, option));
      }
    }
  }
  return [...seen.values()];
}

/** The select's choices of a column: "Not imported", its fields, and a mapped field the list lacks (kept as the server named it). */
export function columnChoices(card: Pick<SourceCard, 'kinds'>, column: string, suggested: Record<string, string>, current: string | undefined): FieldOption[] {
  const options = fieldOptions(card, column, suggested);
  const extra = current && !options.some((o) => o.value === current) ? [{ value: current, label: current }] : [];
  return [{ value: '', label: i18n.t('map.notImported', { ns: 'imports' }) }, ...options, ...extra];
}

/**
 * Maps `column` to `field` ('' leaves it out). A field is taken once per section (the server refuses
 * two columns on one field), so another column of the section holding it is left out.
 */
export function setColumnField(mapping: Record<string, string>, column: string, field: string): Record<string, string> {
  const next: Record<string, string> = {};
  for (const [c, f] of Object.entries(mapping)) {
    if (c === column || (field && f === field && sectionOf(c) === sectionOf(column))) {
      continue;
    }
    next[c] = f;
  }
  if (field) {
    next[column] = field;
  }
  return next;
}

/** The draft the upload's answer suggests: the suggested mapping, the detection, the column that names machines if any. */
export function initialDraft(uploaded: ImportUploaded, machineId: number | null = null): MapDraft {
  const { delimiter, decimalSeparator, dateFormat, encoding, units } = uploaded.detected;
  const named = Object.entries(uploaded.suggestedMapping).find(([, f]) => f === 'machine')?.[0] ?? null;
  return {
    mapping: { ...uploaded.suggestedMapping },
    detected: { delimiter, decimalSeparator, dateFormat, encoding, units: { ...units } },
    machineMode: named && machineId === null ? 'column' : 'file',
    machineId,
    machineColumn: named && machineId === null ? named : null,
    sameNameMachines: 'use',
  };
}

/** Chooses how rows find their machine: one machine for the file drops a column mapped to 'machine'. */
export function setMachineMode(draft: MapDraft, mode: MapDraft['machineMode'], columns: string[]): MapDraft {
  if (mode === 'file') {
    const mapping = Object.fromEntries(Object.entries(draft.mapping).filter(([, f]) => f !== 'machine'));
    return { ...draft, machineMode: 'file', machineColumn: null, mapping };
  }
  const column = draft.machineColumn ?? Object.entries(draft.mapping).find(([, f]) => f === 'machine')?.[0] ?? columns[0] ?? null;
  return setMachineColumn({ ...draft, machineMode: 'column', machineId: null }, column);
}

export function setMachineColumn(draft: MapDraft, column: string | null): MapDraft {
  const cleared = Object.fromEntries(Object.entries(draft.mapping).filter(([, f]) => f !== 'machine'));
  return { ...draft, machineColumn: column, mapping: column ? setColumnField(cleared, column, 'machine') : cleared };
}

/** A column's choice in the table: mapping a column to 'machine' switches to "a column names the machine". */
export function chooseField(draft: MapDraft, column: string, field: string): MapDraft {
  if (field === 'machine') {
    return setMachineColumn({ ...draft, machineMode: 'column', machineId: null }, column);
  }
  const mapping = setColumnField(draft.mapping, column, field);
  const machineColumn = Object.entries(mapping).find(([, f]) => f === 'machine')?.[0] ?? null;
  return { ...draft, mapping, machineColumn };
}

/** The body of PUT /api/imports/{id}/mapping. */
export function mappingBody(draft: MapDraft, card: Pick<SourceCard, 'needsMachine'> & Partial<Pick<SourceCard, 'kinds'>>) {
  const body: {
    mapping: Record<string, string>;
    detected: MapDraft['detected'];
    machineId?: number | null;
    machineColumn?: string | null;
    sameNameMachines?: ImportSameNameMachines;
  } = {
    mapping: draft.mapping,
    detected: draft.detected,
  };
  if (card.kinds?.includes('machine')) {
    body.sameNameMachines = draft.sameNameMachines;
  }
  if (card.needsMachine) {
    body.machineId = draft.machineMode === 'file' ? draft.machineId : null;
    body.machineColumn = draft.machineMode === 'column' ? draft.machineColumn : null;
  }
  return body;
}

/** What still keeps the user from reviewing ('' when nothing does). */
export function mapBlocker(draft: MapDraft, card: Pick<SourceCard, 'needsMachine'>): string {
  if (Object.keys(draft.mapping).length === 0) {
    return i18n.t('map.mapOne', { ns: 'imports' });
  }
  if (card.needsMachine && draft.machineMode === 'file' && draft.machineId === null) {
    return i18n.t('map.chooseMachine', { ns: 'imports' });
  }
  if (card.needsMachine && draft.machineMode === 'column' && !draft.machineColumn) {
    return i18n.t('map.chooseMachineColumn', { ns: 'imports' });
  }
  return '';
}

/** The machines rows name that are not the user's yet (created by the import), once each. */
export function newMachines(rows: Pick<ImportRowView, 'newMachine'>[]): string[] {
  return [...new Set(rows.flatMap((r) => (r.newMachine ? [r.newMachine] : [])))];
}

/**
 * The column a server's mapping message is about ("... (column 'Date')." or "Columns 'A' and 'B' are
 * both mapped ..."), so it shows under that column's select; the last one named wins.
 */
export function columnOfMessage(message: string, columns: string[]): string | null {
  const named = [...message.matchAll(/'([^']+)'/g)].map((m) => m[1]).filter((c) => columns.includes(c));
  return named.at(-1) ?? null;
}
