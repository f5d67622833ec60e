import 'reflect-metadata';
import { ErrorCode, type Actor } from '@wrenchlog/contracts';
import { DomainError, RpcCallError } from '@wrenchlog/platform';
import { FolderObjectStorage } from '@wrenchlog/storage';
import { makeImage, makePngBomb } from '@wrenchlog/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkImage, ImageUploads, objectId, pairUploads, type UploadPair } from './image-uploads.js';
import { IMAGE_KEY, ImageUrlSigner } from './url-signer.js';

const b = (s: string) => Buffer.from(s);

describe(pairUploads.name, () => {
  it('pairs repeated originals and thumbnails by position; missing thumbnails are left to the worker', () => {
    const pairs = pairUploads(
      [
        { field: 'originals', bytes: b('o1') },
        { field: 'thumbnails', bytes: b('t1') },
        { field: 'originals', bytes: b('o2') },
      ],
      'repeated',
    );

    expect(pairs.map((p) => [p.original.toString(), p.thumbnail?.toString()])).toEqual([
      ['o1', 't1'],
      ['o2', undefined],
    ]);
  });

  it('reads the indexed layout of service-record images', () => {
    const pairs = pairUploads(
      [
        { field: 'images[1][original]', bytes: b('o1') },
        { field: 'images[0][thumbnail]', bytes: b('t0') },
        { field: 'images[0][original]', bytes: b('o0') },
      ],
      'indexed',
    );

    expect(pairs.map((p) => [p.original.toString(), p.thumbnail?.toString()])).toEqual([
      ['o0', 't0'],
      ['o1', undefined],
    ]);
  });

  it("carries each original's file name with its pair, in index order", () => {
    const pairs = pairUploads(
      [
        { field: 'images[1][original]', bytes: b('o1'), fileName: 'rear axle.jpg' },
        { field: 'images[0][thumbnail]', bytes: b('t0'), fileName: 'thumb.jpg' },
        { field: 'images[0][original]', bytes: b('o0'), fileName: 'front.png' },
        { field: 'images[2][original]', bytes: b('o2') },
      ],
      'indexed',
    );

    expect(pairs.map((p) => p.fileName)).toEqual(['front.png', 'rear axle.jpg', '']);
  });

  it('refuses unknown fields, a thumbnail without its original, two originals for one slot, and no file at all', () => {
    expect(() => pairUploads([{ field: 'file', bytes: b('x') }], 'single')).toThrow("Unexpected file field 'file'");
    expect(() => pairUploads([{ field: 'thumbnail', bytes: b('x') }], 'single')).toThrow('A thumbnail was sent without its original image');
    expect(() =>
      pairUploads(
        [
          { field: 'original', bytes: b('x') },
          { field: 'original', bytes: b('y') },
        ],
        'single',
      ),
    ).toThrow('More than one original');
    expect(() => pairUploads([], 'repeated')).toThrow('Select at least one photo to upload');
  });
});

describe(checkImage.name, () => {
  it('takes a real JPEG, PNG and WebP and reads their size from the header', async () => {
    await expect(checkImage(await makeImage(300, 200, 'jpeg'))).resolves.toMatchObject({ kind: 'jpeg', width: 300, height: 200 });
    await expect(checkImage(await makeImage(300, 200, 'png'))).resolves.toMatchObject({ kind: 'png' });
    await expect(checkImage(await makeImage(300, 200, 'webp'))).resolves.toMatchObject({ kind: 'webp' });
  });

  it('refuses a file that is not an image with 415 and the spec message', async () => {
    await expect(checkImage(b('<html>not a jpeg</html>'))).rejects.toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Invalid file type. Only JPEG, PNG and WebP are allowed.',
    });
  });

  it('refuses a JPEG signature followed by garbage', async () => {
    await expect(checkImage(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), b('garbage'.repeat(10))]))).rejects.toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
  });

  it('refuses more than 2 MiB with 413', async () => {
    const big = Buffer.concat([await makeImage(100, 100, 'jpeg'), Buffer.alloc(2 * 1024 * 1024)]);
    await expect(checkImage(big)).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'Each image must be at most 2 MB.' });
  });

  it('refuses a 14000x14000 PNG from its header with 413, without decoding it', async () => {
    await expect(checkImage(await makePngBomb(14000, 14000))).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The image is too large: at most 50 megapixels.',
    });
  });
});

describe(ImageUploads.name, () => {
  const actor: Actor = { userId: 7, adminLevel: 0, accountId: 7, role: 'owner' };
  let root: string;
  let storage: FolderObjectStorage;
  let uploads: ImageUploads;
  let pairs: UploadPair[];

  beforeAll(async () => {
    pairs = [
      { original: await checkImage(await makeImage(64, 48, 'jpeg')), fileName: 'a.jpg' },
      { original: await checkImage(await makeImage(64, 48, 'png')), fileName: 'b.png' },
    ];
  });

  beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), 'wrenchlog-uploads-'));
    storage = new FolderObjectStorage(root);
    await storage.init();
    uploads = new ImageUploads(storage, new ImageUrlSigner('test-secret-test-secret-test-secret'));
  });

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const keysOf = (call: { idempotencyKey?: string }) => uploads.store(actor, { actor, ...call }, pairs, async (refs) => refs.map((r) => r.originalKey));

  it('names the same objects for a retried request (same key, same files) and new ones for another', async () => {
    const first = await keysOf({ idempotencyKey: 'request-one' });
    const retried = await keysOf({ idempotencyKey: 'request-one' });
    const other = await keysOf({ idempotencyKey: 'request-two' });

    expect(retried).toEqual(first);
    expect(first[0]).toMatch(IMAGE_KEY);
    expect(first[0]).toMatch(/^u7\/.+-original\.jpg$/);
    expect(first[1]).toMatch(/-original\.png$/);
    expect(other.some((k) => first.includes(k))).toBe(false);
    expect(objectId(7, 'k', 0, Buffer.from('a'))).not.toBe(objectId(7, 'k', 0, Buffer.from('b')));
    expect(objectId(7, 'k', 0, Buffer.from('a'))).not.toBe(objectId(8, 'k', 0, Buffer.from('a')));
  });

  it('deletes what it wrote when the service refuses the upload', async () => {
    let keys: string[] = [];
    const refused = uploads.store(actor, { actor, idempotencyKey: 'refused-1' }, pairs, async (refs) => {
      keys = refs.map((r) => r.originalKey);
      throw new DomainError(ErrorCode.Conflict, 'no room');
    });

    await expect(refused).rejects.toThrow('no room');
    expect(await Promise.all(keys.map((k) => storage.exists(k)))).toEqual([false, false]);
  });

  it('keeps the objects when the service did not answer, so a retry with the same key finds them recorded or records them once', async () => {
    let keys: string[] = [];
    const timedOut = uploads.store(actor, { actor, idempotencyKey: 'timeout-1' }, pairs, async (refs) => {
      keys = refs.map((r) => r.originalKey);
      throw new RpcCallError(ErrorCode.Unavailable, 'did not answer in time');
    });

    await expect(timedOut).rejects.toThrow('did not answer in time');
    expect(await Promise.all(keys.map((k) => storage.exists(k)))).toEqual([true, true]);

    // The retry is refused (say the record was deleted meanwhile): objects it did not write stay.
    const refusedRetry = uploads.store(actor, { actor, idempotencyKey: 'timeout-1' }, pairs, async () => {
      throw new DomainError(ErrorCode.NotFound, 'gone');
    });
    await expect(refusedRetry).rejects.toThrow('gone');
    expect(await Promise.all(keys.map((k) => storage.exists(k)))).toEqual([true, true]);
  });
});
