import { Column, Entity, PrimaryGeneratedColumn, Table, type DataSource, type MigrationInterface, type QueryRunner, type Repository } from 'typeorm';
import { CompiledSelect } from '../src/database/compiled-select.js';
import { idColumn, portableTypes } from '../src/database/portable-types.js';
import { engines, type OpenDatabase } from './engines.js';

const cents = {
  to: (v: number | null) => (v === null ? null : Math.round(v * 100)),
  from: (v: number | string | null) => (v === null ? null : Number(v) / 100),
};

@Entity('parts')
class Part {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  @Column({ type: 'varchar', length: 60 })
  name!: string;

  @Column({ name: 'bought_on', type: 'date', nullable: true })
  boughtOn!: string | null;

  @Column({ name: 'price', type: 'integer', nullable: true, transformer: cents })
  price!: number | null;

  @Column({ name: 'last_updated' })
  lastUpdated!: Date;

  @Column({ type: 'text', nullable: true })
  notes!: string | null;
}

/** The table, made by a migration as the services make theirs. */
class CreateParts1700000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'parts',
        columns: [
          idColumn,
          { name: 'user_id', type: t.integer },
          { name: 'name', type: 'varchar', length: '60' },
          { name: 'bought_on', type: t.date, isNullable: true },
          { name: 'price', type: t.integer, isNullable: true },
          { name: 'last_updated', type: t.timestamp },
          { name: 'notes', type: t.text, isNullable: true },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('parts');
  }
}

const schema = { entities: [Part], migrations: [CreateParts1700000000000] };

const seed: Omit<Part, 'id'>[] = [
  { userId: 1, name: 'Air filter', boughtOn: '2026-03-01', price: 12.5, lastUpdated: new Date('2026-03-01T10:00:00.123Z'), notes: 'left bay' },
  { userId: 1, name: 'Belt', boughtOn: null, price: null, lastUpdated: new Date('2026-04-02T08:30:00.000Z'), notes: null },
  { userId: 1, name: "O'ring 50% off", boughtOn: '2025-12-31', price: 0.99, lastUpdated: new Date('2025-12-31T23:59:59.999Z'), notes: null },
  { userId: 2, name: 'Air filter', boughtOn: '2026-01-01', price: 30, lastUpdated: new Date('2026-01-01T00:00:00.000Z'), notes: 'another owner' },
];

function suite(label: string, open: () => Promise<OpenDatabase>): void {
  describe(`${CompiledSelect.name} on ${label}`, () => {
    let dataSource: DataSource;
    let close: () => Promise<void>;
    let parts: Repository<Part>;
    let list: CompiledSelect<Part, 'id' | 'name' | 'boughtOn' | 'price' | 'lastUpdated'>;

    beforeAll(async () => {
      ({ dataSource, close } = await open());
      parts = dataSource.getRepository(Part);
      await parts.save(seed.map((p) => parts.create(p)));
      list = new CompiledSelect(parts, 'p', ['id', 'name', 'boughtOn', 'price', 'lastUpdated']);
    });

    afterAll(() => close());

    const byName = (qb: ReturnType<Repository<Part>['createQueryBuilder']>) =>
      qb.where('p.userId = :userId').orderBy('p.name', 'ASC').addOrderBy('p.id', 'ASC');

    it('answers what TypeORM itself finds, hydrated the same way (dates, transformers, nulls)', async () => {
      const expected = await parts.find({
        select: { id: true, name: true, boughtOn: true, price: true, lastUpdated: true },
        where: { userId: 1 },
        order: { name: 'ASC', id: 'ASC' },
      });

      const rows = await list.rows('by-name', byName, { userId: 1 });

      expect(rows).toEqual(expected.map((p) => ({ ...p })));
      expect(rows.map((r) => r.name)).toEqual(['Air filter', 'Belt', "O'ring 50% off"]);
      expect(rows[0].lastUpdated).toEqual(new Date('2026-03-01T10:00:00.123Z'));
      expect(rows[0].price).toBe(12.5);
      expect(rows[1]).toMatchObject({ boughtOn: null, price: null });
    });

    it('binds each call its own values: one SQL text, another user sees only their rows', async () => {
      const [first, second] = await Promise.all([list.rows('by-name', byName, { userId: 1 }), list.rows('by-name', byName, { userId: 2 })]);

      expect(first).toHaveLength(3);
      expect(second).toEqual([expect.objectContaining({ name: 'Air filter', price: 30, boughtOn: '2026-01-01' })]);
      expect(await list.rows('by-name', byName, { userId: 99 })).toEqual([]);
    });

    it('pages through the window and takes values that look like SQL as plain values', async () => {
      const search = (qb: ReturnType<Repository<Part>['createQueryBuilder']>) => byName(qb).andWhere('(p.name LIKE :pattern OR p.notes LIKE :pattern)');

      expect((await list.rows('by-name', byName, { userId: 1 }, { limit: 2, offset: 1 })).map((r) => r.name)).toEqual(['Belt', "O'ring 50% off"]);
      expect((await list.rows('by-name', byName, { userId: 1 }, { limit: 2, offset: 0 })).map((r) => r.name)).toEqual(['Air filter', 'Belt']);
      expect((await list.rows('search', search, { userId: 1, pattern: '%bay%' })).map((r) => r.name)).toEqual(['Air filter']);
      expect(await list.rows('search', search, { userId: 1, pattern: "%' OR 1=1 --" })).toEqual([]);
    });

    it('answers a page and the number of rows its filters match in all', async () => {
      const mine = (qb: ReturnType<Repository<Part>['createQueryBuilder']>) => qb.where('p.userId = :userId');
      const search = (qb: ReturnType<Repository<Part>['createQueryBuilder']>) => mine(qb).andWhere('p.name LIKE :pattern');
      const order = (qb: ReturnType<Repository<Part>['createQueryBuilder']>) => qb.orderBy('p.name', 'ASC').addOrderBy('p.id', 'ASC');

      const first = await list.page('mine', mine, order, { userId: 1 }, { limit: 2, offset: 0 });
      expect(first.rows.map((r) => r.name)).toEqual(['Air filter', 'Belt']);
      expect(first.total).toBe(3);
      expect(first.rows[0]).toEqual({
        id: expect.any(Number),
        name: 'Air filter',
        boughtOn: '2026-03-01',
        price: 12.5,
        lastUpdated: new Date('2026-03-01T10:00:00.123Z'),
      });

      const last = await list.page('mine', mine, order, { userId: 1 }, { limit: 2, offset: 2 });
      expect([last.rows.map((r) => r.name), last.total]).toEqual([["O'ring 50% off"], 3]);

      const pastTheEnd = await list.page('mine', mine, order, { userId: 1 }, { limit: 2, offset: 10 });
      expect(pastTheEnd).toEqual({ rows: [], total: 3 });

      expect(await list.page('mine', mine, order, { userId: 2 }, { limit: 2, offset: 0 })).toEqual({
        rows: [expect.objectContaining({ name: 'Air filter', price: 30 })],
        total: 1,
      });
      expect(await list.page('mine', mine, order, { userId: 99 }, { limit: 2, offset: 0 })).toEqual({ rows: [], total: 0 });
      const searched = await list.page('search', search, order, { userId: 1, pattern: '%i%' }, { limit: 1, offset: 0 });
      expect([searched.rows.map((r) => r.name), searched.total]).toEqual([['Air filter'], 2]);
    });

    it('reads a single value, such as a count', async () => {
      const count = (qb: ReturnType<Repository<Part>['createQueryBuilder']>) => qb.select('COUNT(*)', 'total').where('p.userId = :userId');

      expect(Number(await list.value('count', count, { userId: 1 }))).toBe(3);
      expect(Number(await list.value('count', count, { userId: 7 }))).toBe(0);
    });

    it('refuses a call without a value for one of its parameters, or with a list or a date', async () => {
      await expect(list.rows('by-name', byName, {})).rejects.toThrow(':userId needs a number or a string');
      await expect(list.rows('by-name', byName, { userId: [1, 2] })).rejects.toThrow(':userId needs a number or a string');
      await expect(list.rows('by-name', byName, { userId: new Date() })).rejects.toThrow(':userId needs a number or a string');
      await expect(list.rows('by-name-window', byName, { userId: 1 }, { limit: 2 } as never)).rejects.toThrow(':offset needs a number or a string');
    });
  });
}

for (const engine of await engines(schema)) {
  suite(engine.label, engine.open);
}
