import { startS3rver, type RunningS3rver } from '@wrenchlog/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { createObjectStorage, FolderObjectStorage, ObjectNotFoundError, readAll, S3ObjectStorage, type ObjectStorage } from '../src/index.js';

type Driver = { name: string; setup(): Promise<{ storage: ObjectStorage; teardown(): Promise<void> }> };

const drivers: Driver[] = [
  {
    name: 'folder',
    async setup() {
      const dir = mkdtempSync(join(tmpdir(), 'wl-storage-'));
      const storage = createObjectStorage({ DATA_DIR: dir });
      await storage.init();
      return { storage, teardown: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 's3 (s3rver)',
    async setup() {
      const server: RunningS3rver = await startS3rver('wl-test-bucket');
      const storage = createObjectStorage({ DATA_DIR: '/nonexistent', ...server.env });
      await storage.init();
      return { storage, teardown: () => server.stop() };
    },
  },
];

describe.each(drivers)('object storage: $name', (driver) => {
  let storage: ObjectStorage;
  let teardown: () => Promise<void>;

  beforeAll(async () => {
    ({ storage, teardown } = await driver.setup());
  });

  afterAll(async () => {
    await teardown();
  });

  it('is the driver the configuration asks for', () => {
    expect(storage).toBeInstanceOf(driver.name === 'folder' ? FolderObjectStorage : S3ObjectStorage);
  });

  it('stores a buffer and reads it back as a stream with its size and content type', async () => {
    const bytes = Buffer.from('not really a jpeg, but bytes all the same');
    await storage.put('u1/a-original.jpg', bytes, 'image/jpeg');

    const object = await storage.get('u1/a-original.jpg');

    expect(object.size).toBe(bytes.length);
    expect(object.contentType).toBe('image/jpeg');
    expect(await readAll(object.stream)).toEqual(bytes);
  });

  it('stores a stream', async () => {
    const bytes = Buffer.alloc(300_000, 7);
    await storage.put('u1/b-original.png', Readable.from([bytes.subarray(0, 100_000), bytes.subarray(100_000)]), 'image/png');

    const { body, contentType } = await storage.getBuffer('u1/b-original.png');

    expect(contentType).toBe('image/png');
    expect(body.equals(bytes)).toBe(true);
  });

  it('replaces an object stored again under the same key', async () => {
    await storage.put('u1/c.webp', Buffer.from('first'), 'image/webp');
    await storage.put('u1/c.webp', Buffer.from('second version'), 'image/webp');

    expect((await storage.getBuffer('u1/c.webp')).body.toString()).toBe('second version');
  });

  it('tells whether an object exists, and deletes many at once (missing keys are fine)', async () => {
    await storage.put('u2/x.jpg', Buffer.from('x'), 'image/jpeg');
    await storage.put('u2/y.jpg', Buffer.from('y'), 'image/jpeg');

    expect(await storage.exists('u2/x.jpg')).toBe(true);
    await storage.deleteMany(['u2/x.jpg', 'u2/y.jpg', 'u2/never-stored.jpg']);

    expect(await storage.exists('u2/x.jpg')).toBe(false);
    expect(await storage.exists('u2/y.jpg')).toBe(false);
  });

  it('still reads an object whole when it is deleted right after get() answered', async () => {
    const bytes = Buffer.alloc(200_000, 3);
    await storage.put('u4/going.jpg', bytes, 'image/jpeg');

    const object = await storage.get('u4/going.jpg');
    await storage.deleteMany(['u4/going.jpg']);

    expect((await readAll(object.stream)).equals(bytes)).toBe(true);
  });

  it('answers ObjectNotFoundError for a missing key', async () => {
    await expect(storage.get('u3/missing.jpg')).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(storage.getBuffer('u3/missing.jpg')).rejects.toBeInstanceOf(ObjectNotFoundError);
  });

  it('refuses keys that could leave the storage root', async () => {
    await expect(storage.put('../escape.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow('Invalid object key');
    await expect(storage.put('u1/../../escape.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow('Invalid object key');
    await expect(storage.put('/abs.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow('Invalid object key');
  });

  it('initialises twice without complaint (bucket or folder already there)', async () => {
    await expect(storage.init()).resolves.toBeUndefined();
  });
});
