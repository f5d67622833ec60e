/** How many computed reports one process keeps (each a few kB: one row a machine). */
export const REPORT_CACHE_ENTRIES = 2_000;

/**
 * Computed reports by user and question, each kept with the read-model version it was computed at
 * (ReadModelVersions): a hit needs the same version, so any applied event retires the user's
 * entries. Bounded: the oldest entry goes first. Per process; each replica keeps its own.
 */
export class ReportCache {
  private readonly entries = new Map<string, { version: number; value: Promise<unknown> }>();

  constructor(private readonly max = REPORT_CACHE_ENTRIES) {}

  /**
   * The value computed at this version, or `compute()`'s (concurrent misses share one computation).
   * A failed computation is not kept: the next call asks again.
   */
  through<T>(key: string, version: number, compute: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.version === version) {
      return hit.value as Promise<T>;
    }
    const value = compute();
    this.entries.delete(key);
    this.entries.set(key, { version, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) {
        this.entries.delete(key);
      }
    });
    if (this.entries.size > this.max) {
      this.entries.delete(this.entries.keys().next().value!);
    }
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}
