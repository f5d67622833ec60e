import { EXPORT_CREATE, EXPORT_GET, IMPORT_COMMIT, IMPORT_GET, IMPORT_LIST, type Actor } from '@wrenchlog/contracts';
import { handlerRights, MemberDirectory } from '@wrenchlog/platform';
import { expectEventually, testEngines } from '@wrenchlog/testing';
import { memberOf, ServiceUnderTest, userA, userB } from '@wrenchlog/testing/nest';
import { DataSource } from 'typeorm';
import { AppModule } from '../src/app.module.js';
import { ImportEnv } from '../src/config/import-env.js';
import { ExportEntity } from '../src/exports/export.entity.js';
import { ExportsController } from '../src/exports/exports.controller.js';
import { ImportsController } from '../src/imports/imports.controller.js';
import { ImportEntity } from '../src/imports/import.entity.js';
import { fuelRecord, validatedFuelImport } from './seed-import.js';

const manager = memberOf(userA, 'manager');

// Imports and exports belong to the account (issue 32): every member with the right sees and runs
// them, the answers name who uploaded and last changed them, and the job writes in the account as
// the member who uploaded it. The real service on each engine; the record owners are a stub.
describe.each(await testEngines())('imports and exports of an account (%s)', (engine) => {
  let svc: ServiceUnderTest;
  /** The owners' import.apply calls: the account the request names and the actor it came with. */
  const applies: { accountId: number; actor: Actor | undefined }[] = [];
  let seq = 0;

  beforeAll(async () => {
    svc = await ServiceUnderTest.start(engine, {
      name: 'import-accounts',
      env: ImportEnv,
      module: (env) => AppModule.register(env),
      rpc: async (pattern, payload: { accountId: number; rows?: { rowNumber: number }[] }, ctx) => {
        if (pattern.endsWith('.import.apply')) {
          applies.push({ accountId: payload.accountId, actor: ctx.actor ?? undefined });
          return { written: (payload.rows ?? []).map((r) => ({ rowNumber: r.rowNumber, id: 7000 + r.rowNumber })), failed: [] };
        }
        throw new Error(`unexpected call ${pattern}`);
      },
    });
    const members = svc.get(MemberDirectory);
    const at = new Date().toISOString();
    await members.onSaved({ accountId: userA.accountId, userId: userA.userId, name: 'Olivia', role: 'owner', machineIds: null, removed: false, at });
    await members.onSaved({ accountId: userA.accountId, userId: manager.userId, name: 'Manny', role: 'manager', machineIds: null, removed: false, at });
  }, 60_000);

  afterAll(() => svc?.stop());

  /** A validated import of one fuel row, uploaded by `by` in their account. */
  function validatedImport(by: Actor): Promise<ImportEntity> {
    seq++;
    const rows = [{ rowNumber: 2, kind: 'fuel', status: 'valid', messages: '[]', record: fuelRecord(2) }];
    return validatedFuelImport(svc, by, `accounts-${engine}-${seq}`, rows, { valid: 1, warnings: 0, errors: 0 });
  }

  it("lets a manager see and commit the owner's import, names both, and runs the job in the account as its uploader", async () => {
    const entity = await validatedImport(userA);
    expect(await svc.send(IMPORT_GET, { id: entity.id }, manager)).toMatchObject({
      id: entity.id,
      createdBy: { id: userA.userId, name: 'Olivia' },
      updatedBy: null,
    });
    const committed = await svc.send(IMPORT_COMMIT, { id: entity.id, body: { mode: 'all_or_nothing' } }, manager);
    expect(committed).toMatchObject({ state: 'importing', createdBy: { id: userA.userId, name: 'Olivia' }, updatedBy: { id: manager.userId, name: 'Manny' } });
    await expectEventually(async () => expect((await svc.send(IMPORT_GET, { id: entity.id }, userA)).state).toBe('done'));
    expect(applies.at(-1)).toEqual({
      accountId: userA.accountId,
      actor: expect.objectContaining({ userId: userA.userId, accountId: userA.accountId }),
    });
    const history = await svc.send(IMPORT_LIST, {}, manager);
    expect(history.content.find((i) => i.id === entity.id)).toMatchObject({ updatedBy: { id: manager.userId, name: 'Manny' } });
  });

  it("answers 404 for another account's import and export, and leaves them out of the history", async () => {
    const entity = await validatedImport(userA);
    expect(await svc.failure(IMPORT_GET, { id: entity.id }, userB)).toMatchObject({ code: 'NOT_FOUND' });
    expect(await svc.failure(IMPORT_COMMIT, { id: entity.id, body: { mode: 'all_or_nothing' } }, userB)).toMatchObject({ code: 'NOT_FOUND' });
    expect((await svc.send(IMPORT_LIST, {}, userB)).content.map((i) => i.id)).not.toContain(entity.id);
    const exported = await svc
      .get(DataSource)
      .getRepository(ExportEntity)
      .save(
        Object.assign(new ExportEntity(), {
          accountId: userA.accountId,
          createdBy: manager.userId,
          updatedBy: null,
          state: 'failed',
          objectKey: null,
          byteSize: null,
          counts: null,
          error: 'x',
          leaseUntil: null,
          createdAt: new Date(),
          finishedAt: new Date(),
        }),
      );
    expect(await svc.send(EXPORT_GET, { id: exported.id }, userA)).toMatchObject({ createdBy: { id: manager.userId, name: 'Manny' }, updatedBy: null });
    expect(await svc.failure(EXPORT_GET, { id: exported.id }, userB)).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('asks import.run of every step of an import and export.run of an export', () => {
    expect(new Set(Object.values(handlerRights(ImportsController)))).toEqual(new Set(['import.run']));
    expect(Object.keys(handlerRights(ImportsController))).toHaveLength(9);
    expect(handlerRights(ExportsController)).toEqual({ create: 'export.run', get: 'export.run' });
  });

  it('refuses the roles without the right with 403 and the reason, before anything is read or written', async () => {
    const entity = await validatedImport(userA);
    const viewer = memberOf(userA, 'viewer');
    expect(await svc.failure(IMPORT_COMMIT, { id: entity.id, body: { mode: 'all_or_nothing' } }, viewer)).toEqual({
      code: 'FORBIDDEN',
      message: 'Your role (viewer) cannot import data',
    });
    expect(await svc.failure(IMPORT_LIST, {}, memberOf(userA, 'operator'))).toEqual({ code: 'FORBIDDEN', message: 'Your role (operator) cannot import data' });
    expect(await svc.failure(EXPORT_CREATE, {}, memberOf(userA, 'mechanic'))).toEqual({
      code: 'FORBIDDEN',
      message: 'Your role (mechanic) cannot export data',
    });
    expect((await svc.send(IMPORT_GET, { id: entity.id }, userA)).state).toBe('validated');
  });
});
