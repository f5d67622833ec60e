import { Column, Entity, PrimaryColumn, type MigrationInterface, type QueryRunner } from 'typeorm';
import { portableTypes } from '../src/database/portable-types.js';
import { serializeSqliteTransactions } from '../src/database/database.module.js';
import { advisoryXactLock, forUpdate, queryNamed, timestampParameter, utcDayExpression } from '../src/database/engine.js';
import { engines } from './engines.js';

@Entity('views')
class View {
  @PrimaryColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'viewed_at' })
  viewedAt: Date;
}

class CreateViews1700000000000 implements MigrationInterface {
  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE views (id integer PRIMARY KEY, viewed_at ${portableTypes(runner).timestamp} NOT NULL)`);
  }
  async down(): Promise<void> {}
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 20));

describe.each(await engines({ entities: [View], migrations: [CreateViews1700000000000] }))('the engine helpers on $label', (engine) => {
  it('groups timestamps by their UTC day and compares them with a Date, the same on both engines', async () => {
    const { dataSource, close } = await engine.open();
    try {
      await dataSource.getRepository(View).insert([
        { id: 1, viewedAt: new Date('2026-03-01T23:59:59Z') },
        { id: 2, viewedAt: new Date('2026-03-02T00:00:00Z') },
        { id: 3, viewedAt: new Date('2026-03-02T12:30:00Z') },
        { id: 4, viewedAt: new Date('2026-02-28T12:00:00Z') },
      ]);
      const day = utcDayExpression(dataSource, 'v.viewed_at');
      const rows = await dataSource
        .getRepository(View)
        .createQueryBuilder('v')
        .select(day, 'day')
        .addSelect('COUNT(*)', 'views')
        .where('v.viewed_at >= :from', { from: timestampParameter(dataSource, new Date('2026-03-01T00:00:00Z')) })
        .groupBy(day)
        .orderBy('day')
        .getRawMany<{ day: string; views: string | number }>();

      expect(rows.map((r) => [r.day, Number(r.views)])).toEqual([
        ['2026-03-01', 1],
        ['2026-03-02', 2],
      ]);
    } finally {
      await close();
    }
  });

  it('makes two writers of the same key take turns and reads a row for update', async () => {
    const { dataSource, close } = await engine.open();
    try {
      // As the product runs SQLite (DatabaseModule): its write transactions queued one at a time.
      serializeSqliteTransactions(dataSource);
      await dataSource.getRepository(View).insert({ id: 1, viewedAt: new Date('2026-03-01T00:00:00Z') });
      const order: string[] = [];
      const writer = (name: string) =>
        dataSource.transaction(async (manager) => {
          await advisoryXactLock(manager, 4242, 7);
          const row = await forUpdate(manager.createQueryBuilder(View, 'v').where('v.id = 1')).getOneOrFail();
          order.push(`${name} in`);
          await pause();
          await manager.update(View, { id: 1 }, { viewedAt: new Date(row.viewedAt.getTime() + 86_400_000) });
          order.push(`${name} out`);
        });
      await Promise.all([writer('a'), writer('b')]);

      // Either may go first; the other never starts before the first is done.
      const [first, second] = order[0] === 'a in' ? ['a', 'b'] : ['b', 'a'];
      expect(order).toEqual([`${first} in`, `${first} out`, `${second} in`, `${second} out`]);
      const row = await dataSource.getRepository(View).findOneByOrFail({ id: 1 });
      expect(row.viewedAt.toISOString()).toBe('2026-03-03T00:00:00.000Z');
    } finally {
      await close();
    }
  });

  it('runs one SQL text with named parameters on both engines', async () => {
    const { dataSource, close } = await engine.open();
    try {
      const upsert = (id: number, at: Date) =>
        queryNamed(dataSource.manager, 'INSERT INTO views (id, viewed_at) VALUES (:id, :at) ON CONFLICT (id) DO UPDATE SET viewed_at = excluded.viewed_at', {
          id,
          at: timestampParameter(dataSource, at),
        });
      await upsert(5, new Date('2026-03-01T00:00:00Z'));
      await upsert(5, new Date('2026-03-04T10:00:00Z'));
      const rows = await dataSource.getRepository(View).find();
      expect(rows.map((r) => [r.id, r.viewedAt.toISOString()])).toEqual([[5, '2026-03-04T10:00:00.000Z']]);
    } finally {
      await close();
    }
  });
});
