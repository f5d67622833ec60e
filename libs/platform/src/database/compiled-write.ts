import type BetterSqlite3 from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { QueryFailedError, type EntityManager, type ObjectLiteral, type QueryRunner, type Repository, type SelectQueryBuilder } from 'typeorm';
import type { BetterSqlite3Driver } from 'typeorm/driver/better-sqlite3/BetterSqlite3Driver.js';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata.js';
import { DateUtils } from 'typeorm/util/DateUtils.js';

/** A value a compiled statement binds: written as TypeORM would bind it for the engine. */
export type Bindable = string | number | boolean | Date | null;

interface Compiled {
  sql: string;
  /** Where each bound value comes from, in the order the SQL binds them. */
  names: string[];
  /** The column each value is written to (insert and update: its type decides the stored form). */
  columns: (ColumnMetadata | null)[];
  /** PostgreSQL: the name it is prepared under on each connection (a hash of its text). */
  pgName: string;
  /** SQLite: prepared once on the connection it belongs to, rows as arrays. */
  prepared?: { on: BetterSqlite3.Database; statement: BetterSqlite3.Statement<unknown[], unknown[]> };
}

const SENTINEL = '\u0000compiled-write:';

/**
 * The hot writes of one table (and the reads a write's transaction makes), their SQL written once
 * per shape and then run straight on the connection: prepared once on SQLite's (better-sqlite3) and
 * on each of PostgreSQL's (a named statement of `pg`). TypeORM building a query, its parameters and
 * its result was about two thirds of a create's CPU with its events' handlers (docs/performance.md,
 * issue 37). Every call takes the transaction it belongs to; TypeORM keeps the schema, migrations
 * and every cold path.
 *
 * Values are stored as TypeORM stores them (`preparePersistentValue` of their column: dates,
 * booleans, transformers), and rows are hydrated as an entity's columns would be.
 */
export class CompiledWrites<E extends ObjectLiteral> {
  private readonly statements = new Map<string, Compiled>();
  private readonly all: ColumnMetadata[];
  private readonly generated: ColumnMetadata | undefined;

  constructor(private readonly repository: Repository<E>) {
    this.all = repository.metadata.columns;
    this.generated = repository.metadata.primaryColumns.find((c) => c.isGenerated);
  }

  /** Inserts one row (the given columns; the others take their defaults) and answers its generated id. */
  async insert(tx: EntityManager, row: Partial<E>): Promise<number> {
    const keys = Object.keys(row).filter((k) => row[k] !== undefined);
    const statement = this.compiled(`insert:${keys.join(',')}`, () => {
      const names = this.columnsOnly(keys);
      const columns = names.map((k) => this.column(k));
      const driver = this.driver;
      const generated = this.generated ? ` RETURNING ${driver.escape(this.generated.databaseName)}` : '';
      const sql =
        `INSERT INTO ${driver.escape(this.repository.metadata.tableName)} (${columns.map((c) => driver.escape(c.databaseName)).join(', ')}) ` +
        `VALUES (${columns.map((_, i) => driver.createParameter(`p${i}`, i)).join(', ')})${generated}`;
      return { sql, names, columns };
    });
    const [first] = await this.run(tx, statement, this.values(statement, row), 'rows');
    return first === undefined ? 0 : Number(first[0]);
  }

  /**
   * Inserts entities (all with the same properties set, as an import batch's) and sets their ids
   * and left-out defaults on them, as insertEntity. SQLite: the one prepared INSERT, row by row on
   * the one connection (each a few µs); PostgreSQL: multi-row INSERTs of up to `chunk` rows, their
   * ids answered in the order of their rows.
   */
  async insertEntities(tx: EntityManager, entities: readonly E[], chunk = 200): Promise<void> {
    if (this.sqlite) {
      for (const entity of entities) {
        await this.insertEntity(tx, entity);
      }
      return;
    }
    // Rows that set the same columns go together (a column left out takes its default, as TypeORM's insert).
    const groups = new Map<string, E[]>();
    for (const entity of entities) {
      const signature = Object.keys(entity)
        .filter((k) => entity[k] !== undefined)
        .join(',');
      groups.set(signature, [...(groups.get(signature) ?? []), entity]);
    }
    for (const [signature, group] of groups) {
      for (let start = 0; start < group.length; start += chunk) {
        await this.insertGroup(tx, signature.split(','), group.slice(start, start + chunk));
      }
    }
  }

  private async insertGroup(tx: EntityManager, keys: string[], part: E[]): Promise<void> {
    const statement = this.compiled(`insert-many:${part.length}:${keys.join(',')}`, () => {
      const driver = this.driver;
      const names = this.columnsOnly(keys);
      const columns = names.map((k) => this.column(k));
      const tuples = part.map((_, r) => `(${columns.map((_c, i) => driver.createParameter(`p${i}`, r * columns.length + i)).join(', ')})`);
      const generated = this.generated ? ` RETURNING ${driver.escape(this.generated.databaseName)}` : '';
      const sql = `INSERT INTO ${driver.escape(this.repository.metadata.tableName)} (${columns.map((c) => driver.escape(c.databaseName)).join(', ')}) VALUES ${tuples.join(', ')}${generated}`;
      return { sql, names, columns };
    });
    const values = part.flatMap((entity) => this.values(statement, entity));
    const ids = await this.run(tx, statement, values, 'rows');
    part.forEach((entity, i) => this.completed(entity, Number(ids[i]?.[0])));
  }

  /**
   * Inserts an entity and sets on it what TypeORM's insert would: its generated id, and the literal
   * default of each column it left undefined (no SELECT back: the defaults are the entity's own).
   */
  async insertEntity(tx: EntityManager, entity: E): Promise<E> {
    return this.completed(entity, await this.insert(tx, entity));
  }

  /** What TypeORM's insert sets on the entity: its generated id, the literal defaults of the columns it left out. */
  private completed(entity: E, id: number): E {
    const row = entity as Record<string, unknown>;
    if (this.generated) {
      row[this.generated.propertyName] = id;
    }
    for (const column of this.all) {
      const fallback: unknown = column.default;
      if (row[column.propertyName] === undefined && ['string', 'number', 'boolean'].includes(typeof fallback)) {
        row[column.propertyName] = fallback;
      }
    }
    return entity;
  }

  /** Inserts one row unless it would break a unique index (`ON CONFLICT DO NOTHING`); answers whether it did. */
  async insertIgnore(tx: EntityManager, row: Partial<E>): Promise<boolean> {
    const keys = Object.keys(row).filter((k) => row[k] !== undefined);
    const statement = this.compiled(`insert-ignore:${keys.join(',')}`, () => {
      const driver = this.driver;
      const names = this.columnsOnly(keys);
      const columns = names.map((k) => this.column(k));
      const sql =
        `INSERT INTO ${driver.escape(this.repository.metadata.tableName)} (${columns.map((c) => driver.escape(c.databaseName)).join(', ')}) ` +
        `VALUES (${columns.map((_, i) => driver.createParameter(`p${i}`, i)).join(', ')}) ON CONFLICT DO NOTHING`;
      return { sql, names, columns };
    });
    const [changes] = await this.run(tx, statement, this.values(statement, row), 'changes');
    return Number(changes[0]) > 0;
  }

  /**
   * Inserts one row, or, when a row with the same `conflict` columns (a unique index) exists,
   * writes its `update` columns from this one instead (`ON CONFLICT ... DO UPDATE`, on both engines).
   */
  async upsert(tx: EntityManager, row: Partial<E>, conflict: readonly (keyof E & string)[], update: readonly (keyof E & string)[]): Promise<void> {
    const keys = Object.keys(row).filter((k) => row[k] !== undefined);
    const statement = this.compiled(`upsert:${keys.join(',')}:${conflict.join(',')}:${update.join(',')}`, () => {
      const driver = this.driver;
      const names = this.columnsOnly(keys);
      const columns = names.map((k) => this.column(k));
      const name = (k: string) => driver.escape(this.column(k).databaseName);
      const sql =
        `INSERT INTO ${driver.escape(this.repository.metadata.tableName)} (${columns.map((c) => driver.escape(c.databaseName)).join(', ')}) ` +
        `VALUES (${columns.map((_, i) => driver.createParameter(`p${i}`, i)).join(', ')}) ` +
        `ON CONFLICT (${conflict.map(name).join(', ')}) DO UPDATE SET ${update.map((k) => `${name(k)} = EXCLUDED.${name(k)}`).join(', ')}`;
      return { sql, names, columns };
    });
    await this.run(tx, statement, this.values(statement, row), 'changes');
  }

  /** `UPDATE ... SET <set's columns> WHERE <where's columns> = ...` (all of them); answers how many rows it changed. */
  async update(tx: EntityManager, where: Partial<E>, set: Partial<E>): Promise<number> {
    const setKeys = Object.keys(set).filter((k) => set[k] !== undefined);
    const whereKeys = Object.keys(where);
    if (setKeys.length === 0) {
      return 0;
    }
    const statement = this.compiled(`update:${setKeys.join(',')}:${whereKeys.join(',')}`, () => {
      const driver = this.driver;
      const setNames = this.columnsOnly(setKeys);
      const setColumns = setNames.map((k) => this.column(k));
      const whereColumns = whereKeys.map((k) => this.column(k));
      const sql =
        `UPDATE ${driver.escape(this.repository.metadata.tableName)} SET ` +
        setColumns.map((c, i) => `${driver.escape(c.databaseName)} = ${driver.createParameter(`s${i}`, i)}`).join(', ') +
        ` WHERE ${whereColumns.map((c, i) => `${driver.escape(c.databaseName)} = ${driver.createParameter(`w${i}`, setNames.length + i)}`).join(' AND ')}`;
      return { sql, names: [...setNames.map((k) => `s:${k}`), ...whereKeys.map((k) => `w:${k}`)], columns: [...setColumns, ...whereColumns] };
    });
    if (!statement.names.some((name) => name.startsWith('s:'))) {
      return 0;
    }
    const values = statement.names.map((name, i) => {
      const value = name.startsWith('s:') ? set[name.slice(2)] : where[name.slice(2)];
      return this.persistent(value, statement.columns[i]);
    });
    const [changes] = await this.run(tx, statement, values, 'changes');
    return Number(changes[0]);
  }

  /**
   * Every column of the rows `build` selects (a query builder of the entity under `alias`, named
   * parameters without values, e.g. `qb.where('r.id = :id')`, and `forUpdate` for a lock), hydrated
   * as entities. `shape` names everything that changes the SQL text. Runs in `tx`.
   */
  async rows(
    tx: EntityManager,
    shape: string,
    alias: string,
    build: (qb: SelectQueryBuilder<E>) => SelectQueryBuilder<E>,
    params: Record<string, Bindable>,
  ): Promise<E[]> {
    const statement = this.compiled(`rows:${shape}`, () => {
      const [first, ...rest] = this.all;
      const qb = rest.reduce(
        (q, c) => q.addSelect(`${alias}.${c.propertyName}`, c.propertyName),
        tx.createQueryBuilder(this.repository.target, alias).select(`${alias}.${first.propertyName}`, first.propertyName) as SelectQueryBuilder<E>,
      );
      return this.named(build(qb), params);
    });
    const raw = await this.run(
      tx,
      statement,
      statement.names.map((name) => this.bindable(params[name])),
      'rows',
    );
    return raw.map((row) => this.hydrate(row));
  }

  /** The first of `rows`, or null. */
  async one(
    tx: EntityManager,
    shape: string,
    alias: string,
    build: (qb: SelectQueryBuilder<E>) => SelectQueryBuilder<E>,
    params: Record<string, Bindable>,
  ): Promise<E | null> {
    return (await this.rows(tx, shape, alias, build, params))[0] ?? null;
  }

  /**
   * The first column of the first row of a raw select `build` makes (a MAX, a count), undefined
   * without a row; hydrated as the column `as` would be (a MAX of dates), else as the driver answers it.
   */
  async value(
    tx: EntityManager,
    shape: string,
    alias: string,
    build: (qb: SelectQueryBuilder<E>) => SelectQueryBuilder<E>,
    params: Record<string, Bindable>,
    as?: keyof E & string,
  ): Promise<unknown> {
    const statement = this.compiled(`value:${shape}`, () =>
      this.named(build(tx.createQueryBuilder(this.repository.target, alias) as SelectQueryBuilder<E>), params),
    );
    const [row] = await this.run(
      tx,
      statement,
      statement.names.map((name) => this.bindable(params[name])),
      'rows',
    );
    const value = row?.[0];
    return as === undefined || value === undefined || value === null ? value : this.driver.prepareHydratedValue(value, this.column(as));
  }

  private get driver() {
    return this.repository.manager.connection.driver;
  }

  private get sqlite(): boolean {
    return this.driver.options.type === 'better-sqlite3';
  }

  /** The properties that are columns (as TypeORM's writes, a property of no column is left out). */
  private columnsOnly(keys: readonly string[]): string[] {
    return keys.filter((k) => this.repository.metadata.findColumnWithPropertyName(k) !== undefined);
  }

  private column(property: string): ColumnMetadata {
    const column = this.repository.metadata.findColumnWithPropertyName(property);
    if (!column) {
      throw new Error(`${this.repository.metadata.name} has no column ${property}`);
    }
    return column;
  }

  private compiled(key: string, build: () => { sql: string; names: string[]; columns?: (ColumnMetadata | null)[] }): Compiled {
    const known = this.statements.get(key);
    if (known) {
      return known;
    }
    const made = build();
    const statement: Compiled = {
      sql: made.sql,
      names: made.names,
      columns: made.columns ?? made.names.map(() => null),
      pgName: `wl_${createHash('sha1').update(made.sql).digest('hex').slice(0, 24)}`,
    };
    this.statements.set(key, statement);
    return statement;
  }

  /** The SQL of a query builder whose named parameters are told back by name, in their bound order (as CompiledSelect). */
  private named(qb: SelectQueryBuilder<E>, params: Record<string, Bindable>): { sql: string; names: string[] } {
    const markers = Object.fromEntries(Object.keys(params).map((name) => [name, SENTINEL + name]));
    const [sql, values] = qb.setParameters(markers).getQueryAndParameters();
    const names = values.map((value) => {
      if (typeof value !== 'string' || !value.startsWith(SENTINEL)) {
        throw new Error(`CompiledWrites ${this.repository.metadata.name}: only named scalar parameters can be compiled`);
      }
      return value.slice(SENTINEL.length);
    });
    return { sql, names };
  }

  private values(statement: Compiled, row: Partial<E>): unknown[] {
    return statement.names.map((name, i) => this.persistent(row[name], statement.columns[i]));
  }

  /** A column's value as TypeORM writes it (its type and transformer), integers bound as SQLite's INTEGER. */
  private persistent(value: unknown, column: ColumnMetadata | null): unknown {
    const prepared = column ? this.driver.preparePersistentValue(value, column) : value;
    return this.bindable(prepared as Bindable);
  }

  /** A parameter as the engine binds it: on SQLite booleans as 0/1, dates as TypeORM's UTC text, integers as INTEGER (sqlite-bound-integers.ts). */
  private bindable(value: Bindable | undefined): unknown {
    if (value === undefined) {
      return null;
    }
    if (!this.sqlite) {
      return value;
    }
    if (typeof value === 'boolean') {
      return value ? 1 : 0;
    }
    if (value instanceof Date) {
      return DateUtils.mixedDateToUtcDatetimeString(value);
    }
    if (typeof value === 'number' && Number.isSafeInteger(value)) {
      return BigInt(value);
    }
    return value;
  }

  private hydrate(row: unknown[]): E {
    const item: Record<string, unknown> = {};
    const driver = this.driver;
    for (let i = 0; i < this.all.length; i++) {
      item[this.all[i].propertyName] = driver.prepareHydratedValue(row[i], this.all[i]);
    }
    return item as E;
  }

  /** Runs a statement in `tx`: 'rows' answers the rows as arrays, 'changes' one row holding the count of changed rows. */
  private async run(tx: EntityManager, statement: Compiled, values: unknown[], answer: 'rows' | 'changes'): Promise<unknown[][]> {
    if (this.sqlite) {
      return this.runOnSqlite(statement, values, answer);
    }
    const runner: QueryRunner = tx.queryRunner ?? tx.connection.createQueryRunner();
    try {
      const client = (await runner.connect()) as {
        query(q: { name: string; text: string; values: unknown[]; rowMode: 'array' }): Promise<{ rows: unknown[][]; rowCount: number | null }>;
      };
      const result = await client.query({ name: statement.pgName, text: statement.sql, values, rowMode: 'array' });
      return answer === 'rows' ? result.rows : [[result.rowCount ?? 0]];
    } catch (err) {
      throw err instanceof QueryFailedError ? err : new QueryFailedError(statement.sql, values, err as Error);
    } finally {
      if (!tx.queryRunner) {
        await runner.release();
      }
    }
  }

  /**
   * On the one connection TypeORM uses (its transactions take turns on it, libs/platform), so a
   * statement of a transaction runs inside it. A failure is TypeORM's QueryFailedError, as a
   * repository's would be (createOnce and isIdempotencyConflict read its code).
   */
  private runOnSqlite(statement: Compiled, values: unknown[], answer: 'rows' | 'changes'): unknown[][] {
    const { connection } = this.repository.manager;
    const db = (connection.driver as BetterSqlite3Driver).databaseConnection as BetterSqlite3.Database;
    try {
      if (statement.prepared?.on !== db) {
        const prepared = db.prepare<unknown[], unknown[]>(statement.sql);
        statement.prepared = { on: db, statement: prepared.reader ? prepared.raw(true) : prepared };
      }
      const prepared = statement.prepared.statement;
      if (answer === 'changes') {
        return [[prepared.run(...values).changes]];
      }
      return prepared.all(...values);
    } catch (err) {
      connection.logger.logQueryError(err as Error, statement.sql, values);
      throw new QueryFailedError(statement.sql, values, err as Error);
    }
  }
}
