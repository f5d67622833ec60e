import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Column, DataSource, Entity, PrimaryColumn } from 'typeorm';
import { serializeSqliteTransactions } from '../src/database/database.module.js';

@Entity('counters')
class Counter {
  @PrimaryColumn({ type: 'integer' })
  id: number;

  @Column({ type: 'integer' })
  value: number;
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

describe(serializeSqliteTransactions.name, () => {
  let dir: string;
  let dataSource: DataSource;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sqlite-tx-'));
    dataSource = await new DataSource({ type: 'better-sqlite3', database: join(dir, 't.sqlite'), entities: [Counter] }).initialize();
    await dataSource.query('CREATE TABLE counters (id integer PRIMARY KEY, value integer NOT NULL)');
    await dataSource.getRepository(Counter).insert({ id: 1, value: 0 });
  });

  afterEach(async () => {
    await dataSource.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  // Read, wait (as real work awaits I/O), write: the classic lost update when transactions interleave.
  const increment = () =>
    dataSource.transaction(async (manager) => {
      const counter = await manager.findOneByOrFail(Counter, { id: 1 });
      await pause();
      await manager.update(Counter, { id: 1 }, { value: counter.value + 1 });
    });

  it('keeps concurrent transactions apart, so no update is lost', async () => {
    serializeSqliteTransactions(dataSource);

    await Promise.all(Array.from({ length: 10 }, increment));

    expect((await dataSource.getRepository(Counter).findOneByOrFail({ id: 1 })).value).toBe(10);
  });

  it('lets the next transaction run after one fails', async () => {
    serializeSqliteTransactions(dataSource);

    const failing = dataSource.transaction(async () => {
      throw new Error('rolled back');
    });
    await expect(failing).rejects.toThrow('rolled back');
    await increment();

    expect((await dataSource.getRepository(Counter).findOneByOrFail({ id: 1 })).value).toBe(1);
  });
});
