import {
  ErrorCode,
  FUEL_IMPORT_APPLY,
  INVENTORY_IMPORT_APPLY,
  INVENTORY_IMPORT_APPLY_PARTS,
  INVENTORY_IMPORT_APPLY_SUPPLIERS,
  MACHINE_IMPORT_APPLY,
  SCHEDULE_IMPORT_APPLY,
  SCHEDULE_IMPORT_APPLY_READINGS,
  SCHEDULE_IMPORT_APPLY_SCHEDULES,
  SERVICE_IMPORT_APPLY,
} from '@wrenchlog/contracts';
import {
  APPLY_PATTERN,
  backoffMs,
  byKind,
  checkable,
  commitRefusal,
  exportIdOf,
  failureSummary,
  firstKindsOf,
  isRowKind,
  linkRefs,
  machineKey,
  machinesByName,
  markChecked,
  namesLeftToCreate,
  outcome,
  retriable,
  revertRefusal,
  sendsRow,
  STORED_RECORD,
  type CheckedRow,
} from './import.rules.js';

const counts = (errors: number, valid = 3, warnings = 0) => ({ valid, warnings, errors });

describe('commitRefusal', () => {
  it('refuses a commit before the dry run, and a second commit, with 409', () => {
    expect(commitRefusal('uploaded', 'skip_invalid', null)).toMatchObject({ status: 409, message: expect.stringContaining('validate first') });
    for (const state of ['importing', 'done', 'failed', 'reverted'] as const) {
      expect(commitRefusal(state, 'skip_invalid', counts(0))).toEqual({ status: 409, message: `The import is ${state}: it can be committed once only.` });
    }
  });

  it('refuses all_or_nothing with error rows (422, how many and what to do), not skip_invalid', () => {
    expect(commitRefusal('validated', 'all_or_nothing', counts(1))).toEqual({
      status: 422,
      message: '1 row has errors: fix the file or choose to skip them (skip_invalid).',
    });
    expect(commitRefusal('validated', 'all_or_nothing', counts(1200))).toEqual({
      status: 422,
      message: '1,200 rows have errors: fix the file or choose to skip them (skip_invalid).',
    });
    expect(commitRefusal('validated', 'skip_invalid', counts(1))).toBeNull();
    expect(commitRefusal('validated', 'all_or_nothing', counts(0))).toBeNull();
  });

  it('refuses a file with no row to import', () => {
    expect(commitRefusal('validated', 'skip_invalid', counts(4, 0, 0))).toEqual({ status: 422, message: 'No row of the file can be imported.' });
    expect(commitRefusal('validated', 'skip_invalid', counts(4, 0, 1))).toBeNull();
  });
});

describe('revertRefusal', () => {
  it('reverts a finished import once', () => {
    expect(revertRefusal('done', false)).toBeNull();
    expect(revertRefusal('failed', false)).toBeNull();
    expect(revertRefusal('done', true)).toEqual({ status: 409, message: 'The import is already reverted.' });
    expect(revertRefusal('reverted', false)).toEqual({ status: 409, message: 'The import is already reverted.' });
    for (const state of ['uploaded', 'validated', 'importing'] as const) {
      expect(revertRefusal(state, false)).toEqual({ status: 409, message: `The import is ${state}: only a finished import can be reverted.` });
    }
  });
});

describe("a restore's links", () => {
  const written = {
    supplier: new Map([['41', 900]]),
    part: new Map([['51', 950]]),
    service: new Map([
      ['11', { serviceRecordId: 970, date: '2024-03-20' }],
      ['9', { serviceRecordId: 971, date: '2023-09-01' }],
    ]),
  };

  it("gives a part the restored supplier's id and a purchase the restored part's and store's, dropping the export's ids", () => {
    expect(linkRefs({ name: 'Air filter', supplierId: 1, exportRefs: { id: '51', supplier: '41' } }, written)).toEqual({ name: 'Air filter', supplierId: 900 });
    expect(linkRefs({ partName: 'Air filter', exportRefs: { part: '51', store: '41' } }, written)).toEqual({
      partName: 'Air filter',
      partId: 950,
      storeId: 900,
    });
    expect(linkRefs({ name: 'NAPA', exportRefs: { id: '41' } }, written)).toEqual({ name: 'NAPA' });
    expect(linkRefs({ partName: 'Plain' }, written)).toEqual({ partName: 'Plain' });
  });

  it('leaves a part whose supplier was not written without one (its owner refuses it), and a purchase without the link', () => {
    expect(linkRefs({ supplierId: 1, exportRefs: { supplier: '99' } }, written)).toEqual({ supplierId: 0 });
    expect(linkRefs({ partName: 'x', exportRefs: { part: '98', store: '99' } }, written)).toEqual({ partName: 'x', partId: null, storeId: null });
  });

  it('gives a schedule the completions of the restored service records it names, or none when one of them was not restored', () => {
    expect(linkRefs({ title: 'Oil', completions: 2, exportRefs: { completedBy: ['11', '9'] } }, written)).toEqual({
      title: 'Oil',
      completions: 2,
      completedBy: [
        { serviceRecordId: 970, date: '2024-03-20' },
        { serviceRecordId: 971, date: '2023-09-01' },
      ],
    });
    expect(linkRefs({ title: 'Oil', completions: 2, exportRefs: { completedBy: ['11', '12'] } }, written)).toEqual({ title: 'Oil', completions: 2 });
  });

  it("writes a restore's service records before the rest (its schedules name them), and leaves another file's in file order", () => {
    expect(firstKindsOf('wrenchlog-export')).toEqual(['machine', 'supplier', 'part', 'service']);
    expect(firstKindsOf('drivvo')).toEqual(['machine', 'supplier', 'part']);
  });

  it('reads the export id of a written row', () => {
    expect(exportIdOf('{"name":"NAPA","exportRefs":{"id":"41"}}')).toBe('41');
    expect(exportIdOf('{"name":"NAPA"}')).toBeUndefined();
    expect(exportIdOf(null)).toBeUndefined();
  });
});

describe('the rows a commit sends and where they go', () => {
  it('sends valid and warned rows, never errors, and duplicates only when kept', () => {
    expect(sendsRow({ status: 'valid', duplicateOf: null, keep: false })).toBe(true);
    expect(sendsRow({ status: 'warning', duplicateOf: null, keep: false })).toBe(true);
    expect(sendsRow({ status: 'error', duplicateOf: null, keep: true })).toBe(false);
    expect(sendsRow({ status: 'warning', duplicateOf: 7, keep: false })).toBe(false);
    expect(sendsRow({ status: 'warning', duplicateOf: 7, keep: true })).toBe(true);
  });

  it("routes each kind to its owner's apply, splits a mixed batch keeping file order, and sends odometer rows to the meters", () => {
    expect(APPLY_PATTERN).toEqual({
      machine: MACHINE_IMPORT_APPLY,
      fuel: FUEL_IMPORT_APPLY,
      service: SERVICE_IMPORT_APPLY,
      purchase: INVENTORY_IMPORT_APPLY,
      odometer: SCHEDULE_IMPORT_APPLY,
      supplier: INVENTORY_IMPORT_APPLY_SUPPLIERS,
      part: INVENTORY_IMPORT_APPLY_PARTS,
      reading: SCHEDULE_IMPORT_APPLY_READINGS,
      schedule: SCHEDULE_IMPORT_APPLY_SCHEDULES,
    });
    const rows = [
      { kind: 'machine', n: 2 },
      { kind: 'fuel', n: 3 },
      { kind: 'service', n: 4 },
      { kind: 'fuel', n: 5 },
    ];
    expect([...byKind(rows)].map(([kind, list]) => [kind, list.map((r) => r.n)])).toEqual([
      ['machine', [2]],
      ['fuel', [3, 5]],
      ['service', [4]],
    ]);
    expect(isRowKind('purchase')).toBe(true);
    expect(isRowKind('odometer')).toBe(true);
    expect(isRowKind('supplies')).toBe(false);
  });
});

describe("the owners' checks in the dry run", () => {
  const row = (rowNumber: number, fields: Partial<CheckedRow> = {}): CheckedRow => ({
    rowNumber,
    kind: 'fuel',
    status: 'valid',
    messages: [],
    machine: { id: 3 },
    record: {},
    ...fields,
  });

  it('asks about rows on known machines that are not refused or in-file duplicates already', () => {
    expect(checkable(row(2))).toBe(true);
    expect(checkable(row(3, { kind: 'odometer' }))).toBe(true);
    expect(checkable(row(4, { status: 'error' }))).toBe(false);
    expect(checkable(row(5, { machine: { name: 'New truck' } }))).toBe(false);
    // A restore's schedule is checked on a machine still to be created too: its rules do not depend on what is stored.
    expect(checkable(row(5, { kind: 'schedule', machine: { name: 'New truck' } }))).toBe(true);
    expect(checkable(row(6, { duplicateOf: 2 }))).toBe(false);
    expect(checkable(row(7, { kind: 'machine' }))).toBe(false);
    expect(checkable(row(8, { record: undefined }))).toBe(false);
  });

  it('turns a refused row into an error and a stored duplicate into a warning skipped unless kept', () => {
    const rows = new Map([2, 3, 4].map((n) => [n, row(n)]));
    markChecked(rows, { duplicates: [{ rowNumber: 2, id: 41 }], problems: [{ rowNumber: 3, message: 'odometer 12,000 is lower than 12,800 on 2024-03-20' }] });
    expect(rows.get(2)).toMatchObject({ status: 'warning', duplicateOf: STORED_RECORD, messages: ['row 2: duplicate of a record already stored'] });
    expect(rows.get(3)).toMatchObject({ status: 'error', messages: ['row 3: odometer 12,000 is lower than 12,800 on 2024-03-20'] });
    expect(rows.get(4)).toMatchObject({ status: 'valid', messages: [] });
    expect(sendsRow({ status: 'warning', duplicateOf: STORED_RECORD, keep: false })).toBe(false);
    expect(sendsRow({ status: 'warning', duplicateOf: STORED_RECORD, keep: true })).toBe(true);
  });
});

describe('how a job ends, retries and hands over', () => {
  it('rolls back all_or_nothing on a failed row; skip_invalid counts it', () => {
    expect(outcome('all_or_nothing', 0)).toBe('done');
    expect(outcome('all_or_nothing', 1)).toBe('rollback');
    expect(outcome('skip_invalid', 5)).toBe('done');
  });

  it('says which row failed first and how many more', () => {
    expect(failureSummary([])).toBeNull();
    expect(failureSummary([{ rowNumber: 14, message: 'Machine not found' }])).toBe('row 14: Machine not found');
    expect(
      failureSummary([
        { rowNumber: 14, message: 'Machine not found' },
        { rowNumber: 20, message: 'x' },
        { rowNumber: 21, message: 'y' },
      ]),
    ).toBe('row 14: Machine not found (and 2 more rows)');
  });

  it('tries an owner again only when it did not answer or failed inside, waiting 1, 2, 4, 8 s', () => {
    expect(retriable(ErrorCode.Unavailable)).toBe(true);
    expect(retriable(ErrorCode.Internal)).toBe(true);
    expect(retriable(undefined)).toBe(true);
    expect(retriable(ErrorCode.BadRequest)).toBe(false);
    expect(retriable(ErrorCode.NotFound)).toBe(false);
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([1000, 2000, 4000, 8000]);
  });
});

describe('machinesByName', () => {
  it('gives a name the machine written from its own row, not one created by name, compared without case', () => {
    const machines = machinesByName(
      [{ name: 'Export Truck', id: 7 }],
      new Map([
        ['export truck', 99],
        ['Mower', 8],
      ]),
    );
    expect(machines).toEqual(
      new Map([
        ['export truck', 7],
        ['mower', 8],
      ]),
    );
    expect(machines.get(machineKey(' EXPORT truck '))).toBe(7);
  });

  it('keeps the first of two machine rows of the same name', () => {
    expect(
      machinesByName(
        [
          { name: 'Truck', id: 3 },
          { name: 'truck', id: 4 },
        ],
        new Map(),
      ),
    ).toEqual(new Map([['truck', 3]]));
  });
});

describe('namesLeftToCreate', () => {
  it('creates by name only the names without a machine of the import, each once without case', () => {
    const machines = machinesByName([{ name: 'Export Truck', id: 7 }], new Map([['Trailer', 9]]));
    expect(namesLeftToCreate(['Export Truck', 'export truck', 'Mower', 'MOWER', 'trailer', ' ', 'Skid steer'], machines)).toEqual(['Mower', 'Skid steer']);
  });

  it('creates nothing when every name has its machine row (a restore)', () => {
    expect(
      namesLeftToCreate(
        ['A', 'b'],
        machinesByName(
          [
            { name: 'a', id: 1 },
            { name: 'B', id: 2 },
          ],
          new Map(),
        ),
      ),
    ).toEqual([]);
  });
});
