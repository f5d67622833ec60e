import { ReportCache } from './report-cache.js';

describe(ReportCache.name, () => {
  it('answers a report again at the same version and computes it anew at another', async () => {
    const cache = new ReportCache();
    let runs = 0;
    const compute = async () => ++runs;
    expect(await cache.through('fleet:1', 5, compute)).toBe(1);
    expect(await cache.through('fleet:1', 5, compute)).toBe(1);
    expect(await cache.through('fleet:1', 6, compute)).toBe(2);
    expect(await cache.through('fleet:2', 6, compute)).toBe(3);
  });

  it('shares one computation between concurrent misses', async () => {
    const cache = new ReportCache();
    let runs = 0;
    const compute = async () => {
      runs += 1;
      await new Promise((r) => setTimeout(r, 5));
      return 'report';
    };
    expect(await Promise.all([cache.through('k', 1, compute), cache.through('k', 1, compute), cache.through('k', 1, compute)])).toEqual([
      'report',
      'report',
      'report',
    ]);
    expect(runs).toBe(1);
  });

  it('keeps no failure: the next call asks again', async () => {
    const cache = new ReportCache();
    await expect(cache.through('k', 1, () => Promise.reject(new Error('Unknown machine type')))).rejects.toThrow('Unknown machine type');
    expect(cache.size).toBe(0);
    expect(await cache.through('k', 1, async () => 'ok')).toBe('ok');
  });

  it('drops the oldest entry past its bound', async () => {
    const cache = new ReportCache(2);
    let runs = 0;
    const compute = async () => ++runs;
    await cache.through('a', 1, compute);
    await cache.through('b', 1, compute);
    await cache.through('c', 1, compute);
    expect(cache.size).toBe(2);
    expect(await cache.through('a', 1, compute)).toBe(4);
    expect(await cache.through('c', 1, compute)).toBe(3);
  });

  it('drops the oldest entries past its bound on rows (a fleet of thousands of machines is a large report)', async () => {
    const cache = new ReportCache(10, 5);
    const threeRows = async () => [1, 2, 3];
    await cache.through('a', 1, threeRows, (v) => v.length);
    await cache.through('b', 1, threeRows, (v) => v.length);
    expect(cache.size).toBe(1);
    let runs = 0;
    await cache.through(
      'a',
      1,
      async () => [++runs],
      (v) => v.length,
    );
    expect(runs).toBe(1);
  });
});
