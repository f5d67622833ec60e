import type { QueryRunner } from 'typeorm';

/**
 * Column types for migrations that must run on SQLite and PostgreSQL alike (QueryRunner Table API).
 * Entities leave these types to TypeORM's inference from the property type (Date, boolean, ...).
 */
export function portableTypes(queryRunner: QueryRunner) {
  const postgres = queryRunner.connection.driver.options.type === 'postgres';
  return {
    postgres,
    /** An instant, stored in UTC. */
    timestamp: postgres ? 'timestamptz' : 'datetime',
    /** The current instant as a column default. */
    now: postgres ? 'now()' : "(strftime('%Y-%m-%d %H:%M:%f', 'now'))",
    boolean: 'boolean',
    date: 'date',
    text: 'text',
    integer: 'integer',
    bigint: 'bigint',
  } as const;
}

/** The columns every table's integer id takes: one sequence per table, ids greater than 0. */
export const idColumn = {
  name: 'id',
  type: 'integer',
  isPrimary: true,
  isGenerated: true,
  generationStrategy: 'increment',
} as const;
