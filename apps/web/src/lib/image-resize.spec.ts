import { encodeWithinLimit, fitWithin, MAX_IMAGE_BYTES, prepareImages, QUALITY_STEPS } from './image-resize';

describe('fitWithin', () => {
  it('scales the longest side down to the limit, keeping the ratio', () => {
    expect(fitWithin(4000, 3000, 1920)).toEqual({ width: 1920, height: 1440 });
    expect(fitWithin(1000, 3000, 200)).toEqual({ width: 67, height: 200 });
  });

  it('never enlarges a small image', () => {
    expect(fitWithin(800, 600, 1920)).toEqual({ width: 800, height: 600 });
  });
});

describe('encodeWithinLimit', () => {
  it('tries 0.85 down to 0.5 in steps of 0.05', () => {
    expect(QUALITY_STEPS).toEqual([0.85, 0.8, 0.75, 0.7, 0.65, 0.6, 0.55, 0.5]);
  });

  it('stops at the first quality whose result fits 1.8 MB', async () => {
    const tried: number[] = [];
    const blob = await encodeWithinLimit(async (q) => {
      tried.push(q);
      return new Blob([new Uint8Array(q > 0.7 ? 2_000_000 : 1_000_000)]);
    });
    expect(tried).toEqual([0.85, 0.8, 0.75, 0.7]);
    expect(blob.size).toBeLessThanOrEqual(MAX_IMAGE_BYTES);
  });

  it('takes 1,887,436 bytes as within 1.8 MB and 1,887,437 as over it', async () => {
    expect(MAX_IMAGE_BYTES).toBe(1887436.8);
    const sizes: Record<string, number> = { '0.85': 1_887_437, '0.8': 1_887_436 };
    const tried: number[] = [];
    const blob = await encodeWithinLimit(async (q) => {
      tried.push(q);
      return new Blob([new Uint8Array(sizes[String(q)] ?? 1)]);
    });
    expect(tried).toEqual([0.85, 0.8]);
    expect(blob.size).toBe(1_887_436);
  });

  it('answers the 0.5 attempt when nothing fits', async () => {
    const tried: number[] = [];
    const blob = await encodeWithinLimit(async (q) => {
      tried.push(q);
      return new Blob([new Uint8Array(10)]);
    }, 5);
    expect(tried.at(-1)).toBe(0.5);
    expect(blob.size).toBe(10);
  });
});

describe('prepareImages', () => {
  const file = (name: string) => new File([new Uint8Array(4)], name, { type: 'image/jpeg' });

  it('keeps going past a file that fails and reports its reason', async () => {
    const progress: number[] = [];
    const result = await prepareImages(
      [file('a.jpg'), file('b.jpg'), file('c.jpg')],
      (done) => progress.push(done),
      async (f) => {
        if (f.name === 'b.jpg') {
          throw new Error('The source image cannot be decoded.');
        }
        return { original: new Blob(['o']), thumbnail: new Blob(['t']) };
      },
    );
    expect(result.prepared.map((p) => p.file.name)).toEqual(['a.jpg', 'c.jpg']);
    expect(result.failed).toEqual([{ file: expect.objectContaining({ name: 'b.jpg' }), reason: 'The source image cannot be decoded.' }]);
    expect(progress).toEqual([1, 2, 3]);
  });

  it('refuses a file that is not JPEG, PNG or WebP with the spec message', async () => {
    const gif = new File([new Uint8Array(4)], 'anim.gif', { type: 'image/gif' });
    const result = await prepareImages([gif]);
    expect(result.failed).toEqual([{ file: gif, reason: 'Invalid file type. Only JPEG, PNG and WebP are allowed.' }]);
  });
});
