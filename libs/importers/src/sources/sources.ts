import { IMPORT_SOURCES, type ImportSource } from '@wrenchlog/contracts/limits';
import type { Table } from '../csv/read-table.js';
import type { SectionKind } from '../csv/sections.js';
import { headerKey, suggestMapping, type Mapping, type RecordKind } from '../fields/fields.js';
import type { DateFormat } from '../text/dates.js';
import { mapByNames, planDrivvo } from './drivvo.js';
import { METRIC_UNITS, US_UNITS, type Units } from '../rows/units.js';
import { exportCell, planExportTable, readExportArchive, unpackExportArchive, type ExportArchiveContent } from './wrenchlog-export.js';

/** The sources of POST /api/imports (the contracts' list, in the wizard's order). */
export { IMPORT_SOURCES, type ImportSource };

/** How one table of a source is read: its kind of record, the suggested mapping, the columns kept in notes. */
export interface TablePlan {
  kind: RecordKind;
  suggested: Mapping;
  /** Columns whose non-blank values are appended to the notes as "Name: value" (LubeLogger's extrafield_*). */
  notesColumns: string[];
  /** Service type of rows without one. */
  serviceType?: string;
}

export interface SourceDef {
  id: ImportSource;
  label: string;
  /** Files of several ##sections (Drivvo). */
  sectioned: boolean;
  /** Date format when no date in the file tells day-first from month-first. */
  defaultDateFormat: DateFormat;
  /** Units when the header does not name them. */
  units: (columns: string[]) => Units;
  /** The plan of a table, or a message saying why the file is not this source's export. */
  plan: (table: Table, section?: SectionKind) => TablePlan | { wrongSource: string };
  /** A ZIP of several CSV files (the Wrenchlog export): its files, read as the sections of one file, and notes on the rest. */
  archive?: (bytes: Uint8Array) => ExportArchiveContent;
  /** A meter of 0 means "not read" (Drivvo, Fuelly and LubeLogger write 0 on an expense without an odometer). */
  zeroMeterIsNone?: boolean;
  /** `archive` with the event loop free between its steps (a service's upload). */
  unpack?: (bytes: Uint8Array) => Promise<ExportArchiveContent>;
  /** Each cell as read, before mapping (the export's formula escape removed). */
  cell?: (text: string) => string;
}

const keys = (columns: string[]) => new Set(columns.map(headerKey));

/** Maps columns by their header key through a fixed table (an exporter's own names), the rest by aliases. */
const fixed = (kind: RecordKind, columns: string[], table: Record<string, string>): Mapping => mapByNames(kind, columns, new Map(Object.entries(table)));

function generic(id: ImportSource, label: string, kind: RecordKind): SourceDef {
  return {
    id,
    label,
    sectioned: false,
    defaultDateFormat: 'MM/DD/YYYY',
    units: () => US_UNITS,
    plan: (table) => ({ kind, suggested: suggestMapping(kind, table.columns), notesColumns: [] }),
  };
}

// LubeLogger's exports (https://docs.lubelogger.com): its own column names, extra fields as extrafield_<name>.
const LUBELOGGER: Record<'fuel' | 'service' | 'odometer' | 'supplies', { kind: RecordKind; needs: string; columns: Record<string, string> }> = {
  fuel: {
    kind: 'fuel',
    needs: 'FuelConsumed',
    columns: {
      date: 'date',
      odometer: 'odometer',
      fuelconsumed: 'amount',
      cost: 'totalPrice',
      isfilltofull: 'fullTank',
      missedfuelup: 'missedPrevious',
      notes: 'notes',
      tags: 'tags',
    },
  },
  service: {
    kind: 'service',
    needs: 'Description',
    columns: { date: 'serviceDate', description: 'title', cost: 'price', notes: 'notes', odometer: 'miles', tags: 'tags' },
  },
  odometer: {
    kind: 'odometer',
    needs: 'Odometer',
    columns: { date: 'date', initialodometer: 'initialOdometer', odometer: 'odometer', notes: 'notes', tags: 'tags' },
  },
  supplies: {
    kind: 'purchase',
    needs: 'PartQuantity',
    columns: {
      date: 'purchaseDate',
      partnumber: 'partNumber',
      partsupplier: 'storeName',
      partquantity: 'quantity',
      description: 'partName',
      cost: 'price',
      notes: 'notes',
      tags: 'tags',
    },
  },
};

function lubelogger(id: ImportSource, label: string, which: keyof typeof LUBELOGGER): SourceDef {
  const spec = LUBELOGGER[which];
  return {
    id,
    label,
    sectioned: false,
    // LubeLogger writes dates in the server's locale; US is its default.
    defaultDateFormat: 'MM/DD/YYYY',
    zeroMeterIsNone: true,
    units: () => US_UNITS,
    plan: (table) => {
      if (!keys(table.columns).has(headerKey(spec.needs)) || !keys(table.columns).has('date')) {
        return {
          wrongSource: `This is not a LubeLogger ${which} export: it has no ${spec.needs} and Date columns. Choose the generic CSV of its kind to map the columns yourself.`,
        };
      }
      const extra = table.columns.filter((c) => /^extrafield_/i.test(c.trim()));
      return {
        kind: spec.kind,
        suggested: fixed(
          spec.kind,
          table.columns.filter((c) => !extra.includes(c)),
          spec.columns,
        ),
        notesColumns: extra,
      };
    },
  };
}

// Fuelly's export: units in the header names (miles|km, gallons|litres, mpg|l/100km), price per unit.
const FUELLY_COLUMNS: Record<string, string> = {
  carname: 'machine',
  name: 'machine',
  odometer: 'odometer',
  miles: 'tripDistance',
  km: 'tripDistance',
  gallons: 'amount',
  litres: 'amount',
  liters: 'amount',
  price: 'pricePerUnit',
  fuelupdate: 'date',
  notes: 'notes',
  tags: 'tags',
  missedfuelup: 'missedPrevious',
  partialfuelup: 'partialFill',
  brand: 'storeName',
};

const fuelly: SourceDef = {
  id: 'fuelly',
  label: 'Fuelly',
  sectioned: false,
  defaultDateFormat: 'MM/DD/YYYY',
  zeroMeterIsNone: true,
  units: (columns) => {
    const k = keys(columns);
    return { distance: k.has('km') || k.has('l100km') ? 'km' : 'mi', volume: k.has('litres') || k.has('liters') ? 'l' : 'gal' };
  },
  plan: (table) => {
    const k = keys(table.columns);
    if (!k.has('fuelupdate') || !k.has('odometer')) {
      return {
        wrongSource: 'This is not a Fuelly export: it has no fuelup_date and odometer columns. Choose the generic fuel CSV to map the columns yourself.',
      };
    }
    const mapping: Mapping = {};
    for (const column of table.columns) {
      const field = FUELLY_COLUMNS[headerKey(column)];
      if (field) {
        mapping[column] = field;
      }
    }
    return { kind: 'fuel', suggested: mapping, notesColumns: [] };
  },
};

const drivvo: SourceDef = {
  id: 'drivvo',
  label: 'Drivvo',
  sectioned: true,
  defaultDateFormat: 'DD/MM/YYYY',
  // Drivvo's users are mostly metric; the wizard shows the units and they can be changed.
  units: () => METRIC_UNITS,
  plan: planDrivvo,
  zeroMeterIsNone: true,
};

// The restore of "Download all my data": the export's own CSVs, dates ISO, miles and gallons.
const wrenchlogExport: SourceDef = {
  id: 'wrenchlog-export',
  label: 'Wrenchlog export (ZIP)',
  sectioned: false,
  defaultDateFormat: 'YYYY-MM-DD',
  units: () => US_UNITS,
  plan: (table) => planExportTable(table),
  archive: readExportArchive,
  unpack: unpackExportArchive,
  cell: exportCell,
};

export const SOURCES: Record<ImportSource, SourceDef> = {
  'generic-machines': generic('generic-machines', 'Machines (CSV)', 'machine'),
  'generic-service': generic('generic-service', 'Service records (CSV)', 'service'),
  'generic-fuel': generic('generic-fuel', 'Fuel records (CSV)', 'fuel'),
  'generic-purchases': generic('generic-purchases', 'Part purchases (CSV)', 'purchase'),
  'lubelogger-fuel': lubelogger('lubelogger-fuel', 'LubeLogger fuel', 'fuel'),
  'lubelogger-service': lubelogger('lubelogger-service', 'LubeLogger service, repair or upgrade', 'service'),
  'lubelogger-odometer': lubelogger('lubelogger-odometer', 'LubeLogger odometer', 'odometer'),
  'lubelogger-supplies': lubelogger('lubelogger-supplies', 'LubeLogger supplies', 'supplies'),
  fuelly,
  drivvo,
  'wrenchlog-export': wrenchlogExport,
};

export const isImportSource = (value: unknown): value is ImportSource => typeof value === 'string' && (IMPORT_SOURCES as readonly string[]).includes(value);
