import type BetterSqlite3 from 'better-sqlite3';
import { QueryFailedError, type ObjectLiteral, type Repository, type SelectQueryBuilder } from 'typeorm';
import type { BetterSqlite3Driver } from 'typeorm/driver/better-sqlite3/BetterSqlite3Driver.js';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata.js';

/** The page of a compiled select: sent as bound parameters, so one SQL text serves every page. */
export interface Window {
  limit: number;
  offset: number;
}

interface Statement {
  sql: string;
  /** The parameter name behind each bound value, in the order the SQL binds them. */
  names: string[];
  /** On SQLite: the statement prepared once on the connection it belongs to, answering rows as arrays. */
  prepared?: { on: BetterSqlite3.Database; statement: BetterSqlite3.Statement<unknown[], unknown[]> };
}

/** A row as the columns of the select, in their order. */
type Row = unknown[];

const SENTINEL = '\u0000compiled-select:';
// The column a page's count rides along in.
const TOTAL = 'compiled_select_total';
// The window's own names, which no named parameter of a query can take.
const LIMIT = '\u0000limit';
const OFFSET = '\u0000offset';

/**
 * A hot read whose SQL TypeORM writes once per shape (which filters are present, which order),
 * then runs as plain SQL with only the chosen columns hydrated. Building the query and hydrating
 * entities on every call was about a third of a list call's CPU (docs/performance.md, fix 16).
 *
 * `build` gets a fresh query builder and must use named parameters (`:userId`) without values;
 * `shape` must name everything that changes the SQL text. Values that would be inlined (LIMIT and
 * OFFSET) go through `window`. Values are numbers or strings, bound as they are: TypeORM's own
 * conversions of dates and booleans and `IN (:...list)` lists are not made here.
 */
export class CompiledSelect<E extends ObjectLiteral, C extends keyof E & string> {
  private readonly statements = new Map<string, Statement>();
  private readonly metadata: ColumnMetadata[];

  constructor(
    private readonly repository: Repository<E>,
    private readonly alias: string,
    private readonly columns: readonly C[],
  ) {
    this.metadata = columns.map((name) => {
      const column = repository.metadata.findColumnWithPropertyName(name);
      if (!column) {
        throw new Error(`${repository.metadata.name} has no column ${name}`);
      }
      return column;
    });
  }

  /** The rows of the shape, hydrated as the entity would be (dates, decimals, transformers). */
  async rows(
    shape: string,
    build: (qb: SelectQueryBuilder<E>) => SelectQueryBuilder<E>,
    params: Record<string, unknown>,
    window?: Window,
  ): Promise<Pick<E, C>[]> {
    const statement = this.statement(`rows:${shape}${window ? ':window' : ''}`, params, window !== undefined, () =>
      this.selectColumns(build(this.repository.createQueryBuilder(this.alias))),
    );
    return this.hydrate(await this.run(statement, params, window));
  }

  /**
   * A page of the rows `filtered` matches, in `ordered`'s order, and how many it matches in all: one
   * statement, the count a scalar subquery over the same filters that the database works out once
   * (one round trip where a page and a count took two). A page past the end counts on its own.
   */
  async page(
    shape: string,
    filtered: (qb: SelectQueryBuilder<E>) => SelectQueryBuilder<E>,
    ordered: (qb: SelectQueryBuilder<E>) => SelectQueryBuilder<E>,
    params: Record<string, unknown>,
    window: Window,
  ): Promise<{ rows: Pick<E, C>[]; total: number }> {
    const statement = this.statement(`page:${shape}`, params, true, () =>
      this.selectColumns(ordered(filtered(this.repository.createQueryBuilder(this.alias)))).addSelect(
        (sub) => filtered(sub.select('COUNT(*)').from(this.repository.target, this.alias) as SelectQueryBuilder<E>),
        TOTAL,
      ),
    );
    const raw = await this.run(statement, params, window);
    if (raw.length > 0) {
      // The count rides along after the columns.
      return { rows: this.hydrate(raw), total: Number(raw[0][this.columns.length]) };
    }
    const total = window.offset === 0 ? 0 : Number(await this.value(`page-count:${shape}`, (qb) => filtered(qb).select('COUNT(*)', 'total'), params));
    return { rows: [], total };
  }

  /** The first column of the first row of a raw select of the shape (a count, say), or undefined. */
  async value(shape: string, build: (qb: SelectQueryBuilder<E>) => SelectQueryBuilder<E>, params: Record<string, unknown>): Promise<unknown> {
    const statement = this.statement(`value:${shape}`, params, false, () => build(this.repository.createQueryBuilder(this.alias)));
    const [row] = await this.run(statement, params);
    return row?.[0];
  }

  private selectColumns(qb: SelectQueryBuilder<E>): SelectQueryBuilder<E> {
    const [first, ...rest] = this.columns;
    return rest.reduce((q, name) => q.addSelect(`${this.alias}.${name}`, name), qb.select(`${this.alias}.${first}`, first));
  }

  private hydrate(raw: Row[]): Pick<E, C>[] {
    const driver = this.repository.manager.connection.driver;
    const columns = this.metadata;
    return raw.map((row) => {
      const item: Record<string, unknown> = {};
      for (let i = 0; i < columns.length; i++) {
        item[columns[i].propertyName] = driver.prepareHydratedValue(row[i], columns[i]);
      }
      return item as Pick<E, C>;
    });
  }

  private statement(key: string, params: Record<string, unknown>, windowed: boolean, build: () => SelectQueryBuilder<E>): Statement {
    const known = this.statements.get(key);
    if (known) {
      return known;
    }
    const qb = build();
    // Every named parameter set to a marker that tells its name back once TypeORM has ordered them.
    const markers = Object.fromEntries(Object.keys(params).map((name) => [name, SENTINEL + name]));
    const [sql, values] = qb.setParameters(markers).getQueryAndParameters();
    const names = values.map((value) => {
      if (typeof value !== 'string' || !value.startsWith(SENTINEL)) {
        throw new Error(`CompiledSelect ${key}: only named scalar parameters can be compiled`);
      }
      return value.slice(SENTINEL.length);
    });
    const driver = this.repository.manager.connection.driver;
    // SQLite (3.53 here) plans a LIMIT that is a bare bound parameter with its value, so every new
    // binding, which better-sqlite3 makes on each run, prepared the statement again: a third of a
    // list's SQLite time. `? + 0` is the same number, read when the statement runs.
    const limit = driver.createParameter('limit', names.length);
    const statement = windowed
      ? {
          sql: `${sql} LIMIT ${driver.options.type === 'better-sqlite3' ? `${limit} + 0` : limit} OFFSET ${driver.createParameter('offset', names.length + 1)}`,
          names: [...names, LIMIT, OFFSET],
        }
      : { sql, names };
    this.statements.set(key, statement);
    return statement;
  }

  private async run(statement: Statement, params: Record<string, unknown>, window?: Window): Promise<Row[]> {
    const values = statement.names.map((name) => {
      const value = name === LIMIT ? window?.limit : name === OFFSET ? window?.offset : params[name];
      if (typeof value !== 'number' && typeof value !== 'string') {
        throw new Error(`CompiledSelect: :${name.replace('\u0000', '')} needs a number or a string`);
      }
      return value;
    });
    const { connection } = this.repository.manager;
    if (connection.driver.options.type === 'better-sqlite3') {
      return this.runOnSqlite(statement, values);
    }
    const rows: Record<string, unknown>[] = await this.repository.manager.query(statement.sql, values);
    return rows.map((row) => Object.values(row));
  }

  /**
   * Straight on better-sqlite3, rows as arrays: TypeORM's query runner (its awaits, broadcaster and
   * statement cache lookup) and one object a row were a fifth of a list call's CPU in the one process
   * (docs/performance.md). The connection is the one TypeORM uses, so reads see what they saw before.
   */
  private runOnSqlite(statement: Statement, values: (number | string)[]): Row[] {
    const { connection } = this.repository.manager;
    const db = (connection.driver as BetterSqlite3Driver).databaseConnection as BetterSqlite3.Database;
    if (statement.prepared?.on !== db) {
      statement.prepared = { on: db, statement: db.prepare<unknown[], unknown[]>(statement.sql).raw(true) };
    }
    try {
      return statement.prepared.statement.all(...values);
    } catch (err) {
      connection.logger.logQueryError(err as Error, statement.sql, values);
      throw new QueryFailedError(statement.sql, values, err as Error);
    }
  }
}
