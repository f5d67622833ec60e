import { createObjectStorage, readAll, type ObjectStorage } from '@wrenchlog/storage';
import { startS3rver } from '@wrenchlog/testing';
import { strFromU8, unzipSync } from 'fflate';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { ExportArchive } from '../src/exports/export-archive.js';

// The export's ZIP written straight into each real storage driver (folder, and S3 through s3rver),
// read back whole: text written in pieces, a stored copy of a stream, and the size reported.

const drivers = [
  {
    name: 'folder',
    async setup() {
      const dir = mkdtempSync(join(tmpdir(), 'wl-export-'));
      const storage = createObjectStorage({ DATA_DIR: dir });
      await storage.init();
      // An aborted archive's temporary file is removed asynchronously: retry while it is still there (ENOTEMPTY).
      return { storage, teardown: async () => rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 }) };
    },
  },
  {
    name: 's3 (s3rver)',
    async setup() {
      const server = await startS3rver('wl-export-bucket');
      const storage = createObjectStorage({ DATA_DIR: '/nonexistent', ...server.env });
      await storage.init();
      return { storage, teardown: () => server.stop() };
    },
  },
];

describe.each(drivers)(`${ExportArchive.name} on $name storage`, (driver) => {
  let storage: ObjectStorage;
  let teardown: () => Promise<void>;

  beforeAll(async () => {
    ({ storage, teardown } = await driver.setup());
  });

  afterAll(async () => {
    await teardown();
  });

  it('stores a ZIP of CSV pages and a photo copied from a stream, with its size', async () => {
    const key = 'exports/u1/0f0e0d0c-1111-2222-3333-444455556666.zip';
    const archive = new ExportArchive(storage, key);
    const csv = archive.text('fuel-records.csv');
    const pages = Array.from({ length: 40 }, (_, p) => Array.from({ length: 500 }, (_, i) => `${p * 500 + i},Shell,12.5\n`).join(''));
    for (const page of pages) {
      await csv.write(page);
    }
    await csv.end();
    // 3 MB of random bytes: cannot be compressed, so the stream's back-pressure is exercised.
    const photo = randomBytes(3 * 1024 * 1024);
    await archive.copy('photos/machines/1/2-profile.jpg', Readable.from([photo.subarray(0, 1_000_000), photo.subarray(1_000_000)]));
    const size = await archive.finish();

    const stored = await readAll((await storage.get(key)).stream);
    expect(stored.length).toBe(size);
    const files = unzipSync(new Uint8Array(stored));
    expect(Object.keys(files)).toEqual(['fuel-records.csv', 'photos/machines/1/2-profile.jpg']);
    expect(strFromU8(files['fuel-records.csv'])).toBe(pages.join(''));
    expect(Buffer.from(files['photos/machines/1/2-profile.jpg']).equals(photo)).toBe(true);
  });

  it('rejects when a photo stream breaks, so the job marks the export failed', async () => {
    const archive = new ExportArchive(storage, 'exports/u1/0f0e0d0c-1111-2222-3333-444455556667.zip');
    const broken = new Readable({
      read() {
        this.destroy(new Error('disk gone'));
      },
    });
    await expect(archive.copy('photos/x.jpg', broken)).rejects.toThrow('disk gone');
    archive.abort();
  });
});
