import {
  FUEL_RECORD_LATEST,
  IMPORT_GET,
  IMPORT_LIST,
  IMPORT_REVERT,
  IMPORT_ROWS,
  INVENTORY_IMPORT_REVERT_STOCK,
  MACHINE_IMPORT_REVERT,
  MACHINE_IMPORT_REVERT_PHOTOS,
  PURCHASE_RECENT_FOR_MACHINE,
  SCHEDULE_IMPORT_HAND_READINGS,
  SERVICE_IMPORT_REVERT_IMAGES,
  SERVICE_RECORD_BY_MACHINE,
} from '@wrenchlog/contracts';
import { OBJECT_STORAGE, ObjectNotFoundError, type ObjectStorage } from '@wrenchlog/storage';
import { expectEventually, testEngines } from '@wrenchlog/testing';
import { ServiceUnderTest, userA } from '@wrenchlog/testing/nest';
import { DataSource } from 'typeorm';
import { AppModule } from '../src/app.module.js';
import { ImportEnv } from '../src/config/import-env.js';
import { ImportRowEntity } from '../src/imports/import-row.entity.js';
import { ImportEntity } from '../src/imports/import.entity.js';
import { ImportRetention, RETENTION_TICK_MS } from '../src/imports/import-retention.js';
import { ImportRetentionScheduler } from '../src/imports/import-retention.scheduler.js';
import { ImportsRepository } from '../src/imports/imports.repository.js';

// Retention of imports (issue 23): the real service on each engine, its rows and files seeded as
// the job leaves them, the record owners answered by a stub (the test's boundary).
const DAY = 24 * 3_600_000;

describe.each(await testEngines())('import retention (%s)', (engine) => {
  let svc: ServiceUnderTest;
  let storage: ObjectStorage;
  const machineReverts: number[][] = [];

  beforeAll(async () => {
    svc = await ServiceUnderTest.start(engine, {
      name: 'import',
      env: ImportEnv,
      module: (env) => AppModule.register(env),
      vars: { IMPORT_RETENTION_DAYS: '30' },
      rpc: async (pattern, payload: { machineIds?: number[] }) => {
        if (pattern === MACHINE_IMPORT_REVERT) {
          machineReverts.push([...(payload.machineIds ?? [])].sort());
          return { deleted: payload.machineIds?.length ?? 0, kept: [] };
        }
        if (pattern === SCHEDULE_IMPORT_HAND_READINGS) {
          return { machineIds: [] };
        }
        if (pattern === FUEL_RECORD_LATEST) {
          return null;
        }
        if (pattern === SERVICE_RECORD_BY_MACHINE || pattern === PURCHASE_RECENT_FOR_MACHINE) {
          return { content: [] };
        }
        if (
          pattern.endsWith('.import.revert') ||
          pattern === INVENTORY_IMPORT_REVERT_STOCK ||
          pattern === MACHINE_IMPORT_REVERT_PHOTOS ||
          pattern === SERVICE_IMPORT_REVERT_IMAGES
        ) {
          return { deleted: 0 };
        }
        throw new Error(`unexpected call ${pattern}`);
      },
    });
    storage = svc.get<ObjectStorage>(OBJECT_STORAGE);
    // The service's own pass at start must be over before the test seeds: on a busy machine it
    // otherwise ran after the seeding and took the old import first (CI saw deleted: 0).
    await svc.get(ImportRetentionScheduler).firstPass;
  }, 60_000);

  afterAll(() => svc?.stop());

  const now = new Date();
  let seq = 0;

  /** An import as the job leaves it: its file in storage, its rows (one a written machine row). */
  async function seed(fields: Partial<ImportEntity>): Promise<ImportEntity> {
    seq++;
    const objectKey = `imports/${userA.userId}/retention-${engine}-${seq}.csv`;
    await storage.put(objectKey, Buffer.from('Date,Odometer\n1/1/2024,100\n'), 'text/csv');
    const entity = await svc.get(ImportsRepository).save(
      Object.assign(new ImportEntity(), {
        accountId: userA.accountId,
        createdBy: userA.userId,
        source: 'generic-machines',
        fileName: `fleet-${seq}.csv`,
        objectKey,
        byteSize: 27,
        detected: '{}',
        mapping: null,
        machineId: null,
        machineColumn: null,
        utcOffsetMinutes: 0,
        state: 'done',
        counts: JSON.stringify({ valid: 2, warnings: 0, errors: 0 }),
        rowTotal: 2,
        createdAt: new Date(now.getTime() - 40 * DAY),
        finishedAt: new Date(now.getTime() - 31 * DAY),
        mode: 'all_or_nothing',
        written: 2,
        progressDone: 2,
        progressTotal: 2,
        ...fields,
      }),
    );
    await svc
      .get(DataSource)
      .getRepository(ImportRowEntity)
      .insert([
        {
          importId: entity.id,
          rowNumber: 1,
          kind: 'machine',
          status: 'valid',
          messages: '[]',
          record: '{"name":"Loader"}',
          outcome: 'written',
          targetId: 900 + seq,
        },
        {
          importId: entity.id,
          rowNumber: 2,
          kind: 'machine',
          status: 'valid',
          messages: '[]',
          record: '{"name":"Mower"}',
          outcome: 'written',
          targetId: 950 + seq,
        },
      ]);
    return entity;
  }

  const rowCount = (importId: number) => svc.get(DataSource).getRepository(ImportRowEntity).countBy({ importId });
  const fileExists = (key: string) =>
    storage.getBuffer(key).then(
      () => true,
      (err: Error) => (err instanceof ObjectNotFoundError ? false : Promise.reject(err)),
    );

  it('deletes the file and rows of imports ended over 30 days ago and never-committed imports over a day old, keeping the history entry; a second replica does nothing', async () => {
    const old = await seed({});
    const reverted = await seed({ state: 'reverted', written: 0 });
    const recent = await seed({ finishedAt: new Date(now.getTime() - 29 * DAY) });
    const revertingOld = await seed({ reverting: true });
    const staleDraft = await seed({ state: 'validated', finishedAt: null, mode: null, createdAt: new Date(now.getTime() - 25 * 3_600_000) });
    const freshDraft = await seed({ state: 'uploaded', finishedAt: null, mode: null, createdAt: new Date(now.getTime() - 23 * 3_600_000) });

    // The pass of the next interval (the service ran one at start, which holds this interval's lease).
    const at = new Date(now.getTime() + RETENTION_TICK_MS);
    const pass = await svc.get(ImportRetention).run(at);
    expect(pass).toMatchObject({ ran: true, deleted: 1 });
    expect(pass.purged).toBeGreaterThanOrEqual(2);

    for (const gone of [old, reverted]) {
      expect(await rowCount(gone.id)).toBe(0);
      expect(await fileExists(gone.objectKey)).toBe(false);
    }
    // The history still lists the import with its name, times and counts.
    const history = await svc.send(IMPORT_GET, { id: old.id }, userA);
    expect(history).toMatchObject({
      id: old.id,
      fileName: old.fileName,
      state: 'done',
      counts: { valid: 2, written: 2 },
      finishedAt: old.finishedAt!.toISOString(),
    });
    expect(await svc.failure(IMPORT_ROWS, { id: old.id, query: {} }, userA)).toMatchObject({
      code: 'CONFLICT',
      message: 'The rows of this import were deleted 30 days after it ended; its file name, times and counts stay in the history.',
    });

    // Kept: an import ended 29 days ago, one being reverted, and a draft younger than a day.
    for (const kept of [recent, revertingOld, freshDraft]) {
      expect(await rowCount(kept.id)).toBe(2);
      expect(await fileExists(kept.objectKey)).toBe(true);
    }
    // A never-committed import over a day old is gone entirely (404, as any unknown import).
    expect(await svc.failure(IMPORT_GET, { id: staleDraft.id }, userA)).toMatchObject({ code: 'NOT_FOUND' });
    expect(await fileExists(staleDraft.objectKey)).toBe(false);
    expect((await svc.send(IMPORT_LIST, {}, userA)).content.map((i) => i.id)).not.toContain(staleDraft.id);

    // Another replica in the same interval: the lease is taken, it does nothing.
    const other = new ImportRetention(svc.get(ImportsRepository), svc.get(ImportEnv), storage);
    expect(await other.run(new Date(at.getTime() + 60_000))).toEqual({ ran: false, purged: 0, deleted: 0 });
  });

  it('still reverts an import after retention deleted its rows, including the machines its machine rows wrote', async () => {
    const old = await seed({});
    expect(await svc.get(ImportRetention).run(new Date(now.getTime() + 2 * RETENTION_TICK_MS))).toMatchObject({ ran: true, purged: 1 });
    expect(await rowCount(old.id)).toBe(0);

    await svc.send(IMPORT_REVERT, { id: old.id }, userA);
    await expectEventually(async () => expect((await svc.send(IMPORT_GET, { id: old.id }, userA)).state).toBe('reverted'));
    expect(machineReverts).toContainEqual([900 + seq, 950 + seq].sort());
  });
});
