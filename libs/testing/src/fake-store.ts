// The shared pieces of the services' in-memory fakes (test/fakes.ts in each service), for their
// unit tests against fake repositories, as immich's services are tested: reads answer copies, so a
// service's change reaches the store only through a repository, and a transaction that throws
// leaves the store as it was.

/** What a fake must offer of a repository: its public members (the real one's private ones aside). */
export type Public<T> = { [K in keyof T]: T[K] };

/** A fake in the place of the class it stands for (they differ only in private members). */
export const asFake = <T>(fake: Public<T>): T => fake as T;

/** A deep copy of rows (structuredClone would make Dates of another realm than the tests' under Jest). */
export function copyRows<T>(value: T): T {
  if (value instanceof Date) {
    return new Date(value.getTime()) as T;
  }
  if (Array.isArray(value)) {
    return value.map(copyRows) as T;
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copyRows(v)])) as T;
  }
  return value;
}

/** A service's tables in memory: transactions take turns (as on SQLite) and roll back when their work throws. */
export class FakeStore<Tables extends { nextId: number }> {
  private tail: Promise<unknown> = Promise.resolve();

  constructor(public tables: Tables) {}

  nextId(): number {
    return this.tables.nextId++;
  }

  transaction<T>(work: () => Promise<T>): Promise<T> {
    const run = this.tail.then(async () => {
      const before = copyRows(this.tables);
      this.beginTransaction();
      try {
        return await work();
      } catch (err) {
        this.tables = before;
        throw err;
      }
    });
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** Called as each transaction begins, for a fake that records what each transaction did. */
  protected beginTransaction(): void {}
}
