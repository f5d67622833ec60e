import 'reflect-metadata';
import { makeImage, makePngBomb } from '@wrenchlog/testing';
import { checkImage, pairUploads } from './image-uploads.js';

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

  it('refuses unknown fields, a thumbnail without its original, two originals for one slot, and no file at all', () => {
    expect(() => pairUploads([{ field: 'file', bytes: b('x') }], 'single')).toThrow("Unexpected file field 'file'");
    expect(() => pairUploads([{ field: 'thumbnail', bytes: b('x') }], 'single')).toThrow('A thumbnail was sent without its original image');
    expect(() => pairUploads([{ field: 'original', bytes: b('x') }, { field: 'original', bytes: b('y') }], 'single')).toThrow('More than one original');
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
    await expect(checkImage(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), b('garbage'.repeat(10))]))).rejects.toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
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
