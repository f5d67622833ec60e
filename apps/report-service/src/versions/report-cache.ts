/** How many computed reports one process keeps at most. */
export const REPORT_CACHE_ENTRIES = 2_000;
/** And how many of their rows (fleet rows, months, economy points): about 300 bytes each, so some 30 MB. */
export const REPORT_CACHE_ROWS = 100_000;

interface Entry {
  version: number;
  value: Promise<unknown>;
  rows: number;
}

/**
 * Computed reports by user and question, each kept with the read-model version it was computed at
 * (ReadModelVersions): a hit needs the same version, so any applied event retires the user's
 * entries. Bounded by entries and by rows (a fleet of thousands of machines is a large report):
 * the oldest entry goes first. Per process; each replica keeps its own.
 */
export class ReportCache {
  private readonly entries = new Map<string, Entry>();
  private rows = 0;

  constructor(
    private readonly maxEntries = REPORT_CACHE_ENTRIES,
    private readonly maxRows = REPORT_CACHE_ROWS,
  ) {}

  /**
   * The value computed at this version, or `compute()`'s (concurrent misses share one computation).
   * `rowsOf` weighs a computed value against the bound. A failed computation is not kept.
   */
  through<T>(key: string, version: number, compute: () => Promise<T>, rowsOf: (value: T) => number = () => 1): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.version === version) {
      return hit.value as Promise<T>;
    }
    this.remove(key);
    const value = compute();
    const entry: Entry = { version, value, rows: 0 };
    this.entries.set(key, entry);
    value.then(
      (v) => {
        if (this.entries.get(key) === entry) {
          entry.rows = Math.max(1, rowsOf(v));
          this.rows += entry.rows;
          this.trim();
        }
      },
      () => {
        if (this.entries.get(key) === entry) {
          this.remove(key);
        }
      },
    );
    this.trim();
    return value;
  }

  get size(): number {
    return this.entries.size;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (entry) {
      this.rows -= entry.rows;
      this.entries.delete(key);
    }
  }

  /** Drops the oldest entries past either bound (the newest one stays, whatever its size). */
  private trim(): void {
    while (this.entries.size > 1 && (this.entries.size > this.maxEntries || this.rows > this.maxRows)) {
      this.remove(this.entries.keys().next().value!);
    }
  }
}
