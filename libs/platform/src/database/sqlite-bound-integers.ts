import type { DataSource } from 'typeorm';

type Escape = (sql: string, parameters: Record<string, unknown>, nativeParameters: Record<string, unknown>) => [string, unknown[]];

/**
 * TypeORM writes a number parameter into SQLite's SQL text instead of binding it, so a statement
 * with a number in it is new text for every value: better-sqlite3 prepares it again (20-40 µs), and
 * the query runner's 100-statement cache fills with one-off texts and drops the statements that do
 * repeat. In an import, preparing was a third of the SQL time (docs/performance.md). Integers are
 * bound instead, as BigInt, which better-sqlite3 binds as INTEGER, the literal's type: a plain
 * number binds as REAL, and a TEXT column would store 2 as '2.0'. Other numbers stay literal.
 */
export function bindSqliteIntegers(dataSource: DataSource): void {
  if (dataSource.options.type !== 'better-sqlite3') {
    return;
  }
  const driver = dataSource.driver as unknown as { escapeQueryWithParameters: Escape };
  const original = driver.escapeQueryWithParameters.bind(driver);
  driver.escapeQueryWithParameters = (sql, parameters, nativeParameters) => original(sql, parameters && withBigInts(parameters), nativeParameters);
}

function withBigInts(parameters: Record<string, unknown>): Record<string, unknown> {
  let bound: Record<string, unknown> | undefined;
  for (const key of Object.keys(parameters)) {
    const value = parameters[key];
    if (typeof value === 'number' && Number.isSafeInteger(value)) {
      bound ??= { ...parameters };
      bound[key] = BigInt(value);
    }
  }
  return bound ?? parameters;
}
