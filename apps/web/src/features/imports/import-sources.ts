import type { ImportSource } from '@wrenchlog/contracts';

// The wizard's first step (issue 23): the sources of POST /api/imports, plus the restore of a
// Wrenchlog export ZIP (its source is added to the contracts by the export work; until then the
// server refuses it with its own message).

/** What a row becomes (libs/importers' RECORD_KINDS). */
export type RecordKind = 'machine' | 'service' | 'fuel' | 'purchase' | 'odometer' | 'supplier' | 'part' | 'reading' | 'schedule';

export type WizardSource = ImportSource | 'wrenchlog-export';

export interface SourceCard {
  id: WizardSource;
  title: string;
  description: string;
  group: 'Spreadsheet (CSV)' | 'LubeLogger' | 'Other apps' | 'Wrenchlog';
  /** The kinds of record its rows become (a Drivvo file: fuel and service; an export: all). */
  kinds: RecordKind[];
  /** Rows belong to a machine: the Map step asks for it (one for the file, or a column naming it). */
  needsMachine: boolean;
  /** The file input's accept. */
  accept: string;
}

const CSV = '.csv,.tsv,.txt,text/csv,text/plain,text/tab-separated-values';

export const SOURCE_CARDS: SourceCard[] = [
  {
    id: 'generic-machines',
    group: 'Spreadsheet (CSV)',
    title: 'Machines',
    description: 'One row per machine: name, year, make, model, VIN, meters.',
    kinds: ['machine'],
    needsMachine: false,
    accept: CSV,
  },
  {
    id: 'generic-service',
    group: 'Spreadsheet (CSV)',
    title: 'Service records',
    description: 'Date, title, cost, mileage or hours, shop, notes.',
    kinds: ['service'],
    needsMachine: true,
    accept: CSV,
  },
  {
    id: 'generic-fuel',
    group: 'Spreadsheet (CSV)',
    title: 'Fuel records',
    description: 'Date, amount, price, odometer, station.',
    kinds: ['fuel'],
    needsMachine: true,
    accept: CSV,
  },
  {
    id: 'generic-purchases',
    group: 'Spreadsheet (CSV)',
    title: 'Part purchases',
    description: 'Part, quantity, price, store, date.',
    kinds: ['purchase'],
    needsMachine: true,
    accept: CSV,
  },
  {
    id: 'lubelogger-fuel',
    group: 'LubeLogger',
    title: 'LubeLogger fuel',
    description: 'The Gas Records export.',
    kinds: ['fuel'],
    needsMachine: true,
    accept: CSV,
  },
  {
    id: 'lubelogger-service',
    group: 'LubeLogger',
    title: 'LubeLogger service',
    description: 'The Service, Repair or Upgrade records export.',
    kinds: ['service'],
    needsMachine: true,
    accept: CSV,
  },
  {
    id: 'lubelogger-odometer',
    group: 'LubeLogger',
    title: 'LubeLogger odometer',
    description: 'The Odometer records export.',
    kinds: ['odometer'],
    needsMachine: true,
    accept: CSV,
  },
  {
    id: 'lubelogger-supplies',
    group: 'LubeLogger',
    title: 'LubeLogger supplies',
    description: 'The Supplies export (part purchases).',
    kinds: ['purchase'],
    needsMachine: true,
    accept: CSV,
  },
  {
    id: 'fuelly',
    group: 'Other apps',
    title: 'Fuelly',
    description: 'Fuelly’s CSV export; each row names its vehicle.',
    kinds: ['fuel'],
    needsMachine: true,
    accept: CSV,
  },
  {
    id: 'drivvo',
    group: 'Other apps',
    title: 'Drivvo',
    description: 'Drivvo’s CSV export with its Refuelling, Service and Expense sections.',
    kinds: ['fuel', 'service'],
    needsMachine: true,
    accept: CSV,
  },
  {
    id: 'wrenchlog-export',
    group: 'Wrenchlog',
    title: 'Wrenchlog export (.zip)',
    description: 'Restore the ZIP of “Download all my data”.',
    kinds: ['machine', 'service', 'fuel', 'purchase', 'supplier', 'part', 'reading', 'schedule'],
    needsMachine: false,
    accept: '.zip,application/zip',
  },
];

export const SOURCE_GROUPS = ['Spreadsheet (CSV)', 'LubeLogger', 'Other apps', 'Wrenchlog'] as const;

export function sourceCard(id: string | null | undefined): SourceCard | undefined {
  return SOURCE_CARDS.find((s) => s.id === id);
}

/** The history's name of a source ('LubeLogger fuel'); an unknown one as the server sent it. */
export function sourceTitle(id: string): string {
  return sourceCard(id)?.title ?? id;
}
