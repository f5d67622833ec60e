import { encodeWithinLimit, fitWithin, MAX_IMAGE_BYTES, QUALITY_STEPS } from './image-resize';

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
