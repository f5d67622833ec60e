import { jest } from '@jest/globals';
import { accountActor, EXPORT_LIMITS, EXPORT_MESSAGES } from '@wrenchlog/contracts';
import type { MemberDirectory } from '@wrenchlog/platform';
import type { ObjectStorage } from '@wrenchlog/storage';
import { ExportEntity } from './export.entity.js';
import type { ExportJob } from './export.job.js';
import type { ExportsRepository } from './exports.repository.js';
import { ExportsService } from './exports.service.js';

const actor = accountActor(5);
const entity = (fields: Partial<ExportEntity>): ExportEntity =>
  Object.assign(new ExportEntity(), {
    id: 1,
    accountId: 5,
    createdBy: 5,
    updatedBy: null,
    state: 'pending',
    objectKey: 'exports/u5/k.zip',
    byteSize: null,
    counts: null,
    error: null,
    leaseUntil: null,
    createdAt: new Date('2026-11-24T10:00:00Z'),
    finishedAt: null,
    ...fields,
  });

function setup(repo: Partial<Record<keyof ExportsRepository, unknown>>) {
  const storage = { deleteMany: jest.fn(async (_keys: string[]) => undefined) };
  const job = { run: jest.fn(async (_id: number) => undefined) };
  // The people the answers name: the account's members as the projection knows them.
  const members = {
    withAudit: async (_accountId: number, views: object[], ids: (v: object) => { createdBy: number | null; updatedBy: number | null }) =>
      views.map((v) => ({ ...v, createdBy: ids(v).createdBy === null ? null : { id: ids(v).createdBy, name: 'Maria' }, updatedBy: null })),
  };
  const service = new ExportsService(
    repo as unknown as ExportsRepository,
    job as unknown as ExportJob,
    members as unknown as MemberDirectory,
    storage as unknown as ObjectStorage,
  );
  return { service, storage, job };
}

describe(ExportsService.name, () => {
  it('refuses a second export while one of the caller is being prepared', async () => {
    const create = jest.fn();
    const { service } = setup({ countUnfinished: jest.fn(async () => 1), create });
    await expect(service.create(actor)).rejects.toMatchObject({ message: EXPORT_MESSAGES.running });
    expect(create).not.toHaveBeenCalled();
  });

  it('stores a pending export under a generated key of the caller and starts its job without waiting', async () => {
    const create = jest.fn((accountId: number, createdBy: number, objectKey: string, now: Date) =>
      Promise.resolve(entity({ accountId, createdBy, objectKey, createdAt: now })),
    );
    const { service, job } = setup({ countUnfinished: jest.fn(async () => 0), create });
    const view = await service.create(actor);
    expect(create.mock.calls[0][2]).toMatch(/^exports\/u5\/[0-9a-f-]{36}\.zip$/);
    // The key is not answered before the ZIP is ready.
    expect(view).toMatchObject({
      id: 1,
      state: 'pending',
      objectKey: null,
      byteSize: null,
      counts: null,
      createdBy: { id: 5, name: 'Maria' },
      updatedBy: null,
    });
    expect(job.run).not.toHaveBeenCalled();
    await new Promise((r) => setImmediate(r));
    expect(job.run).toHaveBeenCalledWith(1);
  });

  it("answers 404 for another account's export, and the key, size and counts of a ready one", async () => {
    const findOwn = jest.fn((accountId: number) =>
      Promise.resolve(
        accountId === 5 ? entity({ state: 'ready', byteSize: 2048, counts: '{"machines":2}', finishedAt: new Date('2026-11-24T10:00:03Z') }) : null,
      ),
    );
    const { service } = setup({ findOwn });
    expect(await service.get(actor, 1)).toEqual({
      id: 1,
      state: 'ready',
      objectKey: 'exports/u5/k.zip',
      fileName: 'wrenchlog-export-2026-11-24.zip',
      byteSize: 2048,
      counts: { machines: 2 },
      createdAt: '2026-11-24T10:00:00.000Z',
      finishedAt: '2026-11-24T10:00:03.000Z',
      expiresAt: '2026-11-25T10:00:00.000Z',
      error: null,
      createdBy: { id: 5, name: 'Maria' },
      updatedBy: null,
    });
    await expect(service.get(accountActor(6), 1)).rejects.toMatchObject({ message: EXPORT_MESSAGES.notFound });
  });

  it('deletes the ZIPs and then the rows of exports older than a day', async () => {
    const now = new Date('2026-11-25T12:00:00Z');
    const batches = [[entity({ id: 1 }), entity({ id: 2, objectKey: 'exports/u5/b.zip' })], []];
    const expired = jest.fn(async (_before: Date) => batches.shift() ?? []);
    const remove = jest.fn(async (_ids: number[]) => undefined);
    const { service, storage } = setup({ expired, delete: remove });
    expect(await service.deleteExpired(now)).toBe(2);
    expect(expired.mock.calls[0][0]).toEqual(new Date(now.getTime() - EXPORT_LIMITS.keepMs));
    expect(storage.deleteMany).toHaveBeenCalledWith(['exports/u5/k.zip', 'exports/u5/b.zip']);
    expect(remove).toHaveBeenCalledWith([1, 2]);
    expect(storage.deleteMany.mock.invocationCallOrder[0]).toBeLessThan(remove.mock.invocationCallOrder[0]);
  });
});
