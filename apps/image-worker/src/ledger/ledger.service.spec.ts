import { MACHINE_PHOTO_PROCESSED, type ImageStoredEvent } from '@wrenchlog/contracts';
import { loadEnv } from '@wrenchlog/platform';
import { FakeLedgerDatabase, fakeLedger, fakeOutbox, fakeTransactions } from '../../test/fakes.js';
import { ImageWorkerEnv } from '../config/image-worker-env.js';
import { LedgerService } from './ledger.service.js';

let n = 0;
const stored = (overrides: Partial<ImageStoredEvent> = {}): ImageStoredEvent => {
  n++;
  return {
    accountId: 7,
    owner: 'machine-service',
    recordId: 3,
    machineId: 3,
    originalKey: `u7/photo-${n}.jpg`,
    thumbnailKey: `u7/photo-${n}-thumb.jpg`,
    contentType: 'image/jpeg',
    originalSize: 1000,
    thumbnailSize: null,
    thumbnailUploaded: false,
    ...overrides,
  };
};

describe(LedgerService.name, () => {
  let db: FakeLedgerDatabase;
  let sut: LedgerService;

  beforeEach(() => {
    db = new FakeLedgerDatabase();
    const env = loadEnv(ImageWorkerEnv, { IMAGE_CLAIM_SECONDS: '30', LOG_LEVEL: 'error' });
    sut = new LedgerService(fakeLedger(db), fakeTransactions(db), fakeOutbox(db), env);
  });

  it('records a stored image once as pending, however often it is announced', async () => {
    const image = stored();

    expect(await sut.record(image)).toBe(true);
    expect(await sut.record(image)).toBe(true);

    expect(db.tables.images.map((i) => [i.originalKey, i.state])).toEqual([[image.originalKey, 'pending']]);
    expect(await sut.countPending()).toBe(1);
  });

  it('lets one worker claim an image at a time, and reports its outcome once', async () => {
    await sut.record(stored());
    const [candidate] = await sut.nextCandidates(10);

    expect(await sut.claim(candidate!.id)).toBe(true);
    expect(await sut.claim(candidate!.id)).toBe(false);
    expect(await sut.nextCandidates(10)).toEqual([]);

    expect(await sut.complete(candidate!, { originalSize: 800, thumbnailSize: 90 })).toBe(true);
    expect(await sut.complete(candidate!, { originalSize: 800, thumbnailSize: 90 })).toBe(false);

    expect(db.tables.events).toEqual([
      {
        pattern: MACHINE_PHOTO_PROCESSED,
        payload: expect.objectContaining({
          accountId: 7,
          recordId: 3,
          originalKey: candidate!.originalKey,
          state: 'processed',
          originalSize: 800,
          thumbnailSize: 90,
        }),
      },
    ]);
    expect(await sut.stats(7)).toEqual({ imageCount: 1, totalImageSize: 890 });
  });

  it('tells the owner again when an image it already heard of is announced again', async () => {
    const image = stored();
    await sut.record(image);
    const [row] = await sut.nextCandidates(1);
    await sut.claim(row!.id);
    await sut.fail(row!, 'x'.repeat(600));

    expect(await sut.record(image)).toBe(true);

    expect(db.tables.events.map((e) => [e.payload.state, (e.payload.error as string).length])).toEqual([
      ['failed', 500],
      ['failed', 500],
    ]);
  });

  it('keeps a released image pending but out of reach until its retry time', async () => {
    await sut.record(stored());
    const [row] = await sut.nextCandidates(1);
    await sut.claim(row!.id);

    await sut.release(row!, 60_000);

    expect(await sut.nextCandidates(10)).toEqual([]);
    expect(await sut.countPending()).toBe(1);
  });

  it("forgets a deleted machine's images, answers their objects, and refuses its images announced later", async () => {
    const before = stored({ machineId: 3 });
    const other = stored({ machineId: 4 });
    await sut.record(before);
    await sut.record(other);

    expect(await sut.removeForMachine(7, 3)).toEqual([before.originalKey, before.thumbnailKey]);
    expect(await sut.removeForMachine(7, 3)).toEqual([]);
    expect(await sut.record(stored({ machineId: 3 }))).toBe(false);

    expect(db.tables.images.map((i) => [i.machineId, i.state])).toEqual([
      [3, 'deleted'],
      [4, 'pending'],
      [3, 'deleted'],
    ]);
  });

  it('keeps a deleted image as a tombstone, so an image.stored that arrives after its deletion is ignored', async () => {
    const image = stored();

    expect(
      await sut.removeKeys({ accountId: 7, owner: 'machine-service', images: [{ originalKey: image.originalKey, thumbnailKey: image.thumbnailKey }] }),
    ).toEqual([image.originalKey, image.thumbnailKey]);
    expect(await sut.record(image)).toBe(false);

    expect(await sut.nextCandidates(10)).toEqual([]);
    expect(db.tables.events).toEqual([]);
  });

  it('reports nothing for an image deleted while it was processed', async () => {
    const image = stored();
    await sut.record(image);
    const [row] = await sut.nextCandidates(1);
    await sut.claim(row!.id);

    await sut.removeKeys({ accountId: 7, owner: 'machine-service', images: [{ originalKey: image.originalKey, thumbnailKey: image.thumbnailKey }] });

    expect(await sut.complete(row!, { originalSize: 1, thumbnailSize: 1 })).toBe(false);
    expect(await sut.isLive(row!.id)).toBe(false);
    expect(db.tables.events).toEqual([]);
  });
});
