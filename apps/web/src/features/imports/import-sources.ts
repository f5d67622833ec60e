import type { ImportSource } from '@wrenchlog/contracts';
import { i18n } from '../../core/i18n/i18n';
import './i18n';

// The wizard's first step (issue 23): the sources of POST /api/imports, plus the restore of a
// Wrenchlog export ZIP (its source is added to the contracts by the export work; until then the
// server refuses it with its own message).

/** What a row becomes (libs/importers' RECORD_KINDS). */
export type RecordKind = 'machine' | 'service' | 'fuel' | 'purchase' | 'odometer' | 'supplier' | 'part' | 'reading' | 'schedule';

export type WizardSource = ImportSource | 'wrenchlog-export';

export interface SourceCard {
  id: WizardSource;
  /** Its heading in the first step (`sources.groups.<group>`); its title and description are `sources.cards.<id>`. */
  group: SourceGroup;
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
    group: 'csv',
    kinds: ['machine'],
    needsMachine: false,
    accept: CSV,
  },
  {
    id: 'generic-service',
    group: 'csv',
    kinds: ['service'],
    needsMachine: true,
    accept: CSV,
  },
  {
    id: 'generic-fuel',
    group: 'csv',
    kinds: ['fuel'],
    needsMachine: true,
    accept: CSV,
  },
  {
    id: 'generic-purchases',
    group: 'csv',
    kinds: ['purchase'],
    needsMachine: true,
    accept: CSV,
  },
  {
    id: 'lubelogger-fuel',
    group: 'lubelogger',
    kinds: ['fuel'],
    needsMachine: true,
    accept: CSV,
  },
  {
    id: 'lubelogger-service',
    group: 'lubelogger',
    kinds: ['service'],
    needsMachine: true,
    accept: CSV,
  },
  {
    id: 'lubelogger-odometer',
    group: 'lubelogger',
    kinds: ['odometer'],
    needsMachine: true,
    accept: CSV,
  },
  {
    id: 'lubelogger-supplies',
    group: 'lubelogger',
    kinds: ['purchase'],
    needsMachine: true,
    accept: CSV,
  },
  {
    id: 'fuelly',
    group: 'apps',
    kinds: ['fuel'],
    needsMachine: true,
    accept: CSV,
  },
  {
    id: 'drivvo',
    group: 'apps',
    kinds: ['fuel', 'service'],
    needsMachine: true,
    accept: CSV,
  },
  {
    id: 'wrenchlog-export',
    group: 'wrenchlog',
    kinds: ['machine', 'service', 'fuel', 'purchase', 'supplier', 'part', 'reading', 'schedule'],
    needsMachine: false,
    accept: '.zip,application/zip',
  },
];

export const SOURCE_GROUPS = ['csv', 'lubelogger', 'apps', 'wrenchlog'] as const;
export type SourceGroup = (typeof SOURCE_GROUPS)[number];

export function sourceCard(id: string | null | undefined): SourceCard | undefined {
  return SOURCE_CARDS.find((s) => s.id === id);
}

/** The name of a source ('LubeLogger fuel') in the reader's language; an unknown one as the server sent it. */
export function sourceTitle(id: string): string {
  const card = sourceCard(id);
  return card ? i18n.t(`sources.cards.${card.id}.title`, { ns: 'imports' }) : id;
}

/** What a source's file holds ('The Gas Records export.'), in the reader's language. */
export function sourceDescription(card: Pick<SourceCard, 'id'>): string {
  return i18n.t(`sources.cards.${card.id}.description`, { ns: 'imports' });
}
