import type BetterSqlite3 from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Column, DataSource, Entity, PrimaryColumn } from 'typeorm';
import { bindSqliteIntegers } from '../src/database/sqlite-bound-integers.js';

@Entity('things')
class Thing {
  @PrimaryColumn({ type: 'integer' })
  id: number;

  @Column({ type: 'varchar', length: 20 })
  label: string;

  @Column({ type: 'decimal', precision: 12, scale: 1 })
  amount: number;
}

describe(bindSqliteIntegers.name, () => {
  let dir: string;
  let dataSource: DataSource;
  let prepared: string[];

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sqlite-ints-'));
    dataSource = await new DataSource({ type: 'better-sqlite3', database: join(dir, 't.sqlite'), entities: [Thing] }).initialize();
    await dataSource.query('CREATE TABLE things (id integer PRIMARY KEY, label varchar(20) NOT NULL, amount decimal(12,1) NOT NULL)');
    // Every statement better-sqlite3 is asked to prepare, in order.
    prepared = [];
    const db = (dataSource.driver as unknown as { databaseConnection: BetterSqlite3.Database }).databaseConnection;
    const prepare = db.prepare.bind(db);
    db.prepare = ((sql: string) => {
      prepared.push(sql);
      return prepare(sql);
    }) as typeof db.prepare;
  });

  afterEach(async () => {
    await dataSource.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const readEach = async (count: number) => {
    for (let id = 1; id <= count; id++) {
      await dataSource.getRepository(Thing).findOneBy({ id });
    }
  };

  it('prepares a statement once for every integer it is run with', async () => {
    bindSqliteIntegers(dataSource);

    await readEach(30);

    expect(prepared).toHaveLength(1);
    expect(prepared[0]).toContain('"Thing"."id" = ?');
  });

  it('is needed: TypeORM writes each integer into the text, a new statement each', async () => {
    await readEach(30);

    expect(prepared).toHaveLength(30);
  });

  it('stores and reads values as the literal did: an integer in a text column as "7", not "7.0"', async () => {
    bindSqliteIntegers(dataSource);
    const things = dataSource.getRepository(Thing);

    await things.insert({ id: 1, label: 7 as unknown as string, amount: 2.5 });
    await things.update({ id: 1 }, { amount: -3 });
    await things.insert({ id: Number.MAX_SAFE_INTEGER, label: 'big', amount: 0 });

    expect(await dataSource.query('SELECT id, label, typeof(label) AS labelType, amount, typeof(amount) AS amountType FROM things ORDER BY id')).toEqual([
      { id: 1, label: '7', labelType: 'text', amount: -3, amountType: 'integer' },
      { id: Number.MAX_SAFE_INTEGER, label: 'big', labelType: 'text', amount: 0, amountType: 'integer' },
    ]);
    expect(await things.findOneByOrFail({ id: 1 })).toEqual({ id: 1, label: '7', amount: -3 });
  });
});
