import {
  EXPORT_FORMAT,
  EXPORT_FORMAT_VERSION,
  IMPORT_COMMIT,
  IMPORT_CREATE,
  IMPORT_GET,
  IMPORT_VALIDATE,
  MACHINE_IMPORT_APPLY,
  MACHINE_LIST,
  SCHEDULE_IMPORT_APPLY_SCHEDULES,
  SCHEDULE_IMPORT_CHECK_SCHEDULES,
  SERVICE_IMPORT_APPLY,
  SERVICE_IMPORT_CHECK,
  type ImportApplyRow,
} from '@wrenchlog/contracts';
import { exportCsv, exportRow } from '@wrenchlog/importers';
import { OBJECT_STORAGE, type ObjectStorage } from '@wrenchlog/storage';
import { anExportedMachine, anExportedSchedule, anExportedServiceRecord, expectEventually, testEngines } from '@wrenchlog/testing';
import { ServiceUnderTest, userA } from '@wrenchlog/testing/nest';
import { strToU8, zipSync } from 'fflate';
import { AppModule } from '../src/app.module.js';
import { ImportEnv } from '../src/config/import-env.js';

// A restore's schedules and the service records that completed them (issue 23): the real service
// on each engine restores a ZIP written by the export's own CSV code; the owners are answered by a
// stub (the test's boundary) that writes every row with an id of its own, as a new account would.
// schedule-service's test/schedule-imports.int-spec.ts takes the links from there.

const machine = anExportedMachine();
const service = (id: number, serviceDate: string, miles: number) => anExportedServiceRecord({ id, title: `Service ${id}`, serviceDate, miles });

/** The ZIP "Download all my data" writes, of one machine, two service records and three schedules. */
function exportZip(): Uint8Array {
  const manifest = { format: EXPORT_FORMAT, formatVersion: EXPORT_FORMAT_VERSION, exportedAt: '2024-04-01T00:00:00.000Z' };
  return zipSync({
    'manifest.json': strToU8(JSON.stringify(manifest)),
    'machines.csv': strToU8(exportCsv('machines', [exportRow.machines(machine, [])])),
    'service-records.csv': strToU8(
      exportCsv('serviceRecords', [
        exportRow.serviceRecords(service(11, '2024-03-20', 48000), machine.name, []),
        exportRow.serviceRecords(service(9, '2024-02-01', 46000), machine.name, []),
      ]),
    ),
    'schedules.csv': strToU8(
      exportCsv('schedules', [
        exportRow.schedules(anExportedSchedule({ title: 'Oil change', completedBy: [11, 9] }), machine.name),
        exportRow.schedules(anExportedSchedule({ id: 72, title: 'Belt', recurring: false, done: true, completedBy: [11] }), machine.name),
        // Completed by a record the export does not hold (deleted while it was written): not linked.
        exportRow.schedules(anExportedSchedule({ id: 73, title: 'Brakes', completedBy: [13] }), machine.name),
      ]),
    ),
  });
}

describe.each(await testEngines())('a restore links the schedules to its service records (%s)', (engine) => {
  let svc: ServiceUnderTest;
  /** The owners' apply calls in order, each with the rows it was sent. */
  const applied: { pattern: string; rows: ImportApplyRow[] }[] = [];

  beforeAll(async () => {
    svc = await ServiceUnderTest.start(engine, {
      name: 'import',
      env: ImportEnv,
      module: (env) => AppModule.register(env),
      rpc: async (pattern, payload: { rows?: ImportApplyRow[] }) => {
        if (pattern === MACHINE_LIST) {
          return [];
        }
        if (pattern === SERVICE_IMPORT_CHECK || pattern === SCHEDULE_IMPORT_CHECK_SCHEDULES) {
          return { duplicates: [], problems: [] };
        }
        if (pattern === MACHINE_IMPORT_APPLY || pattern === SERVICE_IMPORT_APPLY || pattern === SCHEDULE_IMPORT_APPLY_SCHEDULES) {
          const rows = payload.rows ?? [];
          applied.push({ pattern, rows });
          // The new account's ids: not the export's.
          return { written: rows.map((r) => ({ rowNumber: r.rowNumber, id: 5000 + r.rowNumber })), failed: [] };
        }
        throw new Error(`unexpected call ${pattern}`);
      },
    });
  }, 60_000);

  afterAll(() => svc?.stop());

  it("sends each schedule's completions as the restored service records that completed it, with their dates, once those are written", async () => {
    const zip = exportZip();
    const objectKey = `imports/${userA.userId}/restore-links-${engine}.zip`;
    await svc.get<ObjectStorage>(OBJECT_STORAGE).put(objectKey, Buffer.from(zip), 'application/zip');
    const { id } = await svc.send(
      IMPORT_CREATE,
      { objectKey, fileName: 'wrenchlog-export.zip', byteSize: zip.length, fields: { source: 'wrenchlog-export' } },
      userA,
    );
    expect(await svc.send(IMPORT_VALIDATE, { id }, userA)).toMatchObject({ valid: 6, warnings: 0, errors: 0 });
    await svc.send(IMPORT_COMMIT, { id, body: { mode: 'all_or_nothing' } }, userA);
    await expectEventually(async () => expect(await svc.send(IMPORT_GET, { id }, userA)).toMatchObject({ state: 'done', error: null }));

    // The service records are written before the schedules, which name them.
    expect(applied.map((a) => a.pattern)).toEqual([MACHINE_IMPORT_APPLY, SERVICE_IMPORT_APPLY, SCHEDULE_IMPORT_APPLY_SCHEDULES]);
    const restoredId = new Map(applied[1].rows.map((r) => [r.record.title, 5000 + r.rowNumber]));
    const sent = new Map(applied[2].rows.map((r) => [r.record.title, r.record]));
    expect(sent.get('Oil change')).toMatchObject({
      completions: 2,
      completedBy: [
        { serviceRecordId: restoredId.get('Service 11'), date: '2024-03-20' },
        { serviceRecordId: restoredId.get('Service 9'), date: '2024-02-01' },
      ],
    });
    // The done one-off comes back with its completion.
    expect(sent.get('Belt')).toMatchObject({
      recurring: false,
      done: true,
      completedBy: [{ serviceRecordId: restoredId.get('Service 11'), date: '2024-03-20' }],
    });
    // Without its record, a schedule keeps what gives its next due: its baseline and last done, and how many completions.
    expect(sent.get('Brakes')).toMatchObject({ completions: 1, baseDate: '2023-09-01', lastDoneDate: '2024-03-20' });
    expect(sent.get('Brakes')).not.toHaveProperty('completedBy');
    // The export's ids stay in the import: the owners get the restored ones only.
    expect([...sent.values()].some((r) => 'exportRefs' in r)).toBe(false);
    expect(applied[1].rows.some((r) => 'exportRefs' in r.record)).toBe(false);
  });
});
