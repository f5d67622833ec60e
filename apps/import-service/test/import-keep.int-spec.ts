import { IMPORT_COMMIT, IMPORT_GET, IMPORT_ROW_KEEP } from '@wrenchlog/contracts';
import { expectEventually, testEngines } from '@wrenchlog/testing';
import { ServiceUnderTest, userA } from '@wrenchlog/testing/nest';
import { DataSource } from 'typeorm';
import { AppModule } from '../src/app.module.js';
import { ImportEnv } from '../src/config/import-env.js';
import { ImportRowEntity } from '../src/imports/import-row.entity.js';
import { ImportEntity } from '../src/imports/import.entity.js';
import { fuelRecord, validatedFuelImport } from './seed-import.js';

// PUT /api/imports/{id}/rows/{n} {keep} against POST /commit (issue 23): a keep that lands after
// the commit started answers 409 and changes nothing the job writes; one before it is sent. The
// real service on each engine; the record owners answered by a stub that writes every row.
describe.each(await testEngines())('keep against commit (%s)', (engine) => {
  let svc: ServiceUnderTest;
  const applied: number[] = [];

  beforeAll(async () => {
    svc = await ServiceUnderTest.start(engine, {
      name: 'import',
      env: ImportEnv,
      module: (env) => AppModule.register(env),
      rpc: async (pattern, payload: { rows?: { rowNumber: number }[] }) => {
        if (pattern.endsWith('.import.apply')) {
          applied.push(...(payload.rows ?? []).map((r) => r.rowNumber));
          return { written: (payload.rows ?? []).map((r) => ({ rowNumber: r.rowNumber, id: 7000 + r.rowNumber })), failed: [] };
        }
        throw new Error(`unexpected call ${pattern}`);
      },
    });
  }, 60_000);

  afterAll(() => svc?.stop());

  let seq = 0;

  /** A validated import of two fuel rows, the second a duplicate of a stored record (skipped unless kept). */
  function validatedImport(): Promise<ImportEntity> {
    seq++;
    return validatedFuelImport(
      svc,
      userA,
      `keep-${engine}-${seq}`,
      [
        { rowNumber: 2, kind: 'fuel', status: 'valid', messages: '[]', record: fuelRecord(2) },
        { rowNumber: 3, kind: 'fuel', status: 'warning', messages: '["row 3: duplicate"]', record: fuelRecord(3), duplicateOf: 0 },
      ],
      { valid: 1, warnings: 1, errors: 0 },
    );
  }

  const row3 = (importId: number) => svc.get(DataSource).getRepository(ImportRowEntity).findOneByOrFail({ importId, rowNumber: 3 });
  const keep = (id: number) => svc.send(IMPORT_ROW_KEEP, { id, rowNumber: 3, body: { keep: true } }, userA);
  const done = (id: number) => expectEventually(async () => expect((await svc.send(IMPORT_GET, { id }, userA)).state).toBe('done'));

  it('answers 409 to a keep that arrives while the commit is claiming the import, and the job skips the row', async () => {
    const entity = await validatedImport();
    // The commit's first step (startCommit's claim) held open: the import is `importing` but its transaction has not ended.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let claimed!: () => void;
    const claiming = new Promise<void>((resolve) => (claimed = resolve));
    const commit = svc.get(DataSource).transaction(async (tx) => {
      await tx.update(ImportEntity, { id: entity.id }, { state: 'importing' });
      claimed();
      await held;
      await tx.update(ImportRowEntity, { importId: entity.id }, { outcome: 'skipped' });
    });
    await claiming;
    const answer = svc.failure(IMPORT_ROW_KEEP, { id: entity.id, rowNumber: 3, body: { keep: true } }, userA);
    // The keep is waiting on the claim (PostgreSQL's row lock, SQLite's queue of write transactions).
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await commit;
    expect(await answer).toMatchObject({ code: 'CONFLICT', message: 'The import is importing: its rows can no longer change.' });
    expect((await row3(entity.id)).keep).toBe(false);
  });

  it('sends a row kept before the commit, and skips it once the commit answered', async () => {
    const kept = await validatedImport();
    expect(await keep(kept.id)).toMatchObject({ rowNumber: 3, keep: true });
    await svc.send(IMPORT_COMMIT, { id: kept.id, body: { mode: 'skip_invalid' } }, userA);
    await done(kept.id);
    expect((await row3(kept.id)).outcome).toBe('written');

    const late = await validatedImport();
    await svc.send(IMPORT_COMMIT, { id: late.id, body: { mode: 'skip_invalid' } }, userA);
    expect(await svc.failure(IMPORT_ROW_KEEP, { id: late.id, rowNumber: 3, body: { keep: true } }, userA)).toMatchObject({ code: 'CONFLICT' });
    await done(late.id);
    expect(await row3(late.id)).toMatchObject({ keep: false, outcome: 'skipped' });
  });

  it('a keep sent together with the commit is either taken and written, or refused and skipped', async () => {
    for (let i = 0; i < 5; i++) {
      const entity = await validatedImport();
      const [kept] = await Promise.allSettled([keep(entity.id), svc.send(IMPORT_COMMIT, { id: entity.id, body: { mode: 'skip_invalid' } }, userA)]);
      await done(entity.id);
      const row = await row3(entity.id);
      expect(row.outcome).toBe(kept.status === 'fulfilled' ? 'written' : 'skipped');
      expect(row.keep).toBe(kept.status === 'fulfilled');
    }
  });
});
