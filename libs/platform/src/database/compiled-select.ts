import type { ObjectLiteral, Repository, SelectQueryBuilder } from 'typeorm';
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
}

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
      return { rows: this.hydrate(raw), total: Number(raw[0][TOTAL]) };
    }
    const total = window.offset === 0 ? 0 : Number(await this.value(`page-count:${shape}`, (qb) => filtered(qb).select('COUNT(*)', 'total'), params));
    return { rows: [], total };
  }

  /** The first column of the first row of a raw select of the shape (a count, say), or undefined. */
  async value(shape: string, build: (qb: SelectQueryBuilder<E>) => SelectQueryBuilder<E>, params: Record<string, unknown>): Promise<unknown> {
    const statement = this.statement(`value:${shape}`, params, false, () => build(this.repository.createQueryBuilder(this.alias)));
    const [row] = (await this.run(statement, params)) as Record<string, unknown>[];
    return row === undefined ? undefined : Object.values(row)[0];
  }

  private selectColumns(qb: SelectQueryBuilder<E>): SelectQueryBuilder<E> {
    const [first, ...rest] = this.columns;
    return rest.reduce((q, name) => q.addSelect(`${this.alias}.${name}`, name), qb.select(`${this.alias}.${first}`, first));
  }

  private hydrate(raw: Record<string, unknown>[]): Pick<E, C>[] {
    const driver = this.repository.manager.connection.driver;
    return raw.map((row) => {
      const item: Record<string, unknown> = {};
      for (const column of this.metadata) {
        item[column.propertyName] = driver.prepareHydratedValue(row[column.propertyName], column);
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

  private run(statement: Statement, params: Record<string, unknown>, window?: Window): Promise<Record<string, unknown>[]> {
    const values = statement.names.map((name) => {
      const value = name === LIMIT ? window?.limit : name === OFFSET ? window?.offset : params[name];
      if (typeof value !== 'number' && typeof value !== 'string') {
        throw new Error(`CompiledSelect: :${name.replace('\u0000', '')} needs a number or a string`);
      }
      return value;
    });
    return this.repository.manager.query(statement.sql, values);
  }
}
