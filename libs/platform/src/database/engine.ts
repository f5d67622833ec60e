import type { DataSource, EntityManager, SelectQueryBuilder } from 'typeorm';

// The few places where PostgreSQL and SQLite differ, so a service's code holds its rules and no
// engine branches (docs/DEVELOPING.md). SQLite needs no locks: libs/platform queues its write
// transactions one at a time per database (DatabaseModule), which already orders the writes.

type Connected = DataSource | EntityManager;

const isPostgres = (source: Connected): boolean => ('connection' in source ? source.connection : source).options.type === 'postgres';

/** Whether the engine has row locks (PostgreSQL); on SQLite writes take turns already. */
export const hasRowLocks = (source: Connected): boolean => isPostgres(source);

/** `SELECT ... FOR UPDATE` where the engine has row locks; the query as it is elsewhere. */
export function forUpdate<T extends object>(query: SelectQueryBuilder<T>): SelectQueryBuilder<T> {
  return hasRowLocks(query.connection) ? query.setLock('pessimistic_write') : query;
}

/** The `lock` option of a find (`findOne({..., ...rowLock(manager)})`): a row lock where the engine has them. */
export const rowLock = (source: Connected): { lock?: { mode: 'pessimistic_write' } } => (hasRowLocks(source) ? { lock: { mode: 'pessimistic_write' } } : {});

/**
 * Holds a transaction-scoped advisory lock on (namespace, key) until the transaction ends: two
 * replicas writing for the same key take turns. Call inside a transaction.
 */
export async function advisoryXactLock(manager: EntityManager, namespace: number, key: number): Promise<void> {
  if (isPostgres(manager)) {
    await manager.query('SELECT pg_advisory_xact_lock($1, $2)', [namespace, key]);
  }
}

/** A SQL expression for the UTC day (YYYY-MM-DD) of a timestamp column, for GROUP BY. */
export const utcDayExpression = (source: Connected, column: string): string =>
  isPostgres(source) ? `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD')` : `substr(${column}, 1, 10)`;

/** A Date as a parameter compared with a timestamp column (SQLite stores them as UTC text). */
export const timestampParameter = (source: Connected, at: Date): Date | string =>
  isPostgres(source) ? at : at.toISOString().replace('T', ' ').replace('Z', '');

/** Runs SQL written once with `:named` parameters on either engine (PostgreSQL numbers them, SQLite takes `?`). */
export function queryNamed<T = unknown>(manager: EntityManager, sql: string, parameters: Record<string, unknown>): Promise<T> {
  const [query, values] = manager.connection.driver.escapeQueryWithParameters(sql, parameters);
  return manager.query(query, values);
}
