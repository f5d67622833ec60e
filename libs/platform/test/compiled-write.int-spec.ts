import {
  Column,
  Entity,
  PrimaryGeneratedColumn,
  Table,
  TableIndex,
  type DataSource,
  type MigrationInterface,
  type QueryRunner,
  type Repository,
} from 'typeorm';
import { CompiledWrites } from '../src/database/compiled-write.js';
import { forUpdate } from '../src/database/engine.js';
import { idColumn, portableTypes } from '../src/database/portable-types.js';
import { isIdempotencyConflict } from '../src/database/query-logger.js';
import { engines, type OpenDatabase } from './engines.js';

const cents = {
  to: (v: number | null) => (v === null ? null : Math.round(v * 100)),
  from: (v: number | string | null) => (v === null ? null : Number(v) / 100),
};

@Entity('fills')
class Fill {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId!: number;

  @Column({ type: 'varchar', length: 60 })
  name!: string;

  @Column({ name: 'filled_on', type: 'date' })
  filledOn!: string;

  @Column({ name: 'price', type: 'integer', nullable: true, transformer: cents })
  price!: number | null;

  @Column({ type: 'double precision', nullable: true })
  amount!: number | null;

  @Column({ type: 'boolean', default: false })
  full!: boolean;

  @Column({ name: 'created_at' })
  createdAt!: Date;

  @Column({ name: 'idempotency_key', type: 'varchar', length: 128, nullable: true })
  idempotencyKey!: string | null;
}

class CreateFills1700000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'fills',
        columns: [
          idColumn,
          { name: 'account_id', type: t.integer },
          { name: 'name', type: 'varchar', length: '60' },
          { name: 'filled_on', type: t.date },
          { name: 'price', type: t.integer, isNullable: true },
          { name: 'amount', type: 'double precision', isNullable: true },
          { name: 'full', type: t.boolean, default: false },
          { name: 'created_at', type: t.timestamp },
          { name: 'idempotency_key', type: 'varchar', length: '128', isNullable: true },
        ],
      }),
    );
    await queryRunner.createIndex('fills', new TableIndex({ name: 'uq_fills_idempotency', columnNames: ['account_id', 'idempotency_key'], isUnique: true }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('fills');
  }
}

const schema = { entities: [Fill], migrations: [CreateFills1700000000000] };

function suite(label: string, open: () => Promise<OpenDatabase>): void {
  describe(`${CompiledWrites.name} on ${label}`, () => {
    let dataSource: DataSource;
    let close: () => Promise<void>;
    let fills: Repository<Fill>;
    let writes: CompiledWrites<Fill>;
    const at = new Date('2026-03-01T10:00:00.123Z');
    const fill = (n: number): Omit<Fill, 'id'> => ({
      accountId: 1,
      name: `Fill ${n}`,
      filledOn: `2026-03-${String(n).padStart(2, '0')}`,
      price: 12.5 + n,
      amount: 18.4,
      full: n % 2 === 0,
      createdAt: at,
      idempotencyKey: `key-${n}`,
    });

    beforeAll(async () => {
      ({ dataSource, close } = await open());
      fills = dataSource.getRepository(Fill);
      writes = new CompiledWrites(fills);
    });
    afterAll(() => close());

    it('inserts a row as TypeORM would store it and answers its id', async () => {
      const id = await dataSource.transaction((tx) => writes.insert(tx, fill(1)));
      const again = await dataSource.transaction((tx) => writes.insert(tx, fill(2)));

      expect(again).toBe(id + 1);
      // Read back through TypeORM: the types, the transformer and the date are what a repository's insert stores.
      expect(await fills.findOneByOrFail({ id })).toEqual({ id, ...fill(1) });
      expect(await fills.findOneByOrFail({ id: again })).toEqual({ id: again, ...fill(2) });
    });

    it('sets the id and the defaults it left out on an inserted entity, and ignores a repeated row on request', async () => {
      const { full: _full, ...withoutDefault } = fill(9);
      const entity = Object.assign(fills.create(withoutDefault), { shown: 'not a column' }) as Fill;
      await dataSource.transaction((tx) => writes.insertEntity(tx, entity));

      expect(entity).toEqual({ ...withoutDefault, id: expect.any(Number), full: false, shown: 'not a column' });
      expect(await fills.findOneByOrFail({ id: entity.id })).toEqual({ ...withoutDefault, id: entity.id, full: false });
      expect(await dataSource.transaction((tx) => writes.insertIgnore(tx, { ...fill(10), idempotencyKey: 'key-9' }))).toBe(false);
      expect(await dataSource.transaction((tx) => writes.insertIgnore(tx, fill(10)))).toBe(true);
      await dataSource.transaction((tx) =>
        writes.upsert(tx, { ...fill(11), idempotencyKey: 'key-10', name: 'Upserted' }, ['accountId', 'idempotencyKey'], ['name']),
      );
      expect(await fills.findOneByOrFail({ idempotencyKey: 'key-10' })).toEqual(expect.objectContaining({ name: 'Upserted', filledOn: fill(10).filledOn }));
    });

    it('inserts a batch of entities, rows that leave a column out taking its default, each with its own id', async () => {
      const batch = [12, 13, 14, 15, 16].map((n) => {
        const { full: _full, ...rest } = fill(n);
        return fills.create(n % 2 === 0 ? fill(n) : rest);
      });
      await dataSource.transaction((tx) => writes.insertEntities(tx, batch, 2));

      expect(new Set(batch.map((f) => f.id)).size).toBe(5);
      for (const [i, n] of [12, 13, 14, 15, 16].entries()) {
        const expected = { ...fill(n), full: n % 2 === 0 };
        expect(batch[i]).toEqual({ ...expected, id: batch[i].id });
        expect(await fills.findOneByOrFail({ id: batch[i].id })).toEqual({ ...expected, id: batch[i].id });
      }
    });

    it('writes nothing when the transaction fails, and a refused key is an idempotency conflict', async () => {
      const before = await fills.count();
      const failure = await dataSource
        .transaction(async (tx) => {
          await writes.insert(tx, fill(3));
          await writes.insert(tx, { ...fill(4), idempotencyKey: 'key-1' });
        })
        .catch((err: unknown) => err);

      expect(isIdempotencyConflict(failure)).toBe(true);
      expect(await fills.count()).toBe(before);
    });

    it('updates only the given columns of the rows that match every given column, and counts them', async () => {
      const id = await dataSource.transaction((tx) => writes.insert(tx, fill(5)));
      const later = new Date('2026-04-02T08:30:00.000Z');

      expect(await dataSource.transaction((tx) => writes.update(tx, { id, accountId: 1 }, { price: null, full: true, createdAt: later }))).toBe(1);
      expect(await dataSource.transaction((tx) => writes.update(tx, { id, accountId: 2 }, { name: 'not mine' }))).toBe(0);
      // A property of no column is left out, as TypeORM's writes leave it.
      expect(await dataSource.transaction((tx) => writes.update(tx, { id }, { shown: 'x' } as Partial<Fill>))).toBe(0);
      expect(await fills.findOneByOrFail({ id })).toEqual({ id, ...fill(5), price: null, full: true, createdAt: later });
    });

    it('reads whole rows and single values in the transaction, hydrated as entities', async () => {
      const id = await dataSource.transaction((tx) => writes.insert(tx, { ...fill(6), accountId: 7 }));
      const ofAccount = (qb: ReturnType<Repository<Fill>['createQueryBuilder']>) =>
        forUpdate(qb.where('f.accountId = :accountId AND f.full = :full').orderBy('f.id'));

      await dataSource.transaction(async (tx) => {
        const inserted = await writes.insert(tx, { ...fill(8), accountId: 7 });
        // What this transaction wrote is seen by its own reads.
        expect(await writes.rows(tx, 'of-account', 'f', ofAccount, { accountId: 7, full: true })).toEqual([
          { id, ...fill(6), accountId: 7 },
          { id: inserted, ...fill(8), accountId: 7 },
        ]);
        expect(await writes.one(tx, 'of-account', 'f', ofAccount, { accountId: 7, full: false })).toBeNull();
        const latest = await writes.value(
          tx,
          'latest',
          'f',
          (qb) => qb.select('MAX(f.filledOn)').where('f.accountId = :accountId'),
          { accountId: 7 },
          'filledOn',
        );
        expect(latest).toBe('2026-03-08');
        const none = await writes.value(
          tx,
          'latest',
          'f',
          (qb) => qb.select('MAX(f.filledOn)').where('f.accountId = :accountId'),
          { accountId: 99 },
          'filledOn',
        );
        expect(none).toBeNull();
      });
    });
  });
}

for (const engine of await engines(schema)) {
  suite(engine.label, engine.open);
}
