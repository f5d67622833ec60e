import { Logger } from '@nestjs/common';
import type { Logger as TypeOrmLogger } from 'typeorm';

/**
 * Whether a failed statement is a create refused by a `uq_*_idempotency` index: a retried create
 * (same Idempotency-Key) meeting the row its first attempt made. PostgreSQL names the index;
 * SQLite names its columns.
 */
export function isIdempotencyConflict(error: unknown): boolean {
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown } | null;
  if (e?.code === '23505') {
    return typeof e.constraint === 'string' && e.constraint.endsWith('_idempotency');
  }
  return e?.code === 'SQLITE_CONSTRAINT_UNIQUE' && typeof e.message === 'string' && /\.idempotency_key\b/.test(e.message);
}

/**
 * TypeORM's errors and warnings through the service's own logger (one JSON object a line with
 * LOG_FORMAT=json, like the rest), failed statements without their values, which carry what users
 * typed. A create refused by its idempotency key is not an error: it is how a retry is answered
 * (createOnce). Queries, schema builds and migrations stay quiet, as with `logging: ['error']`.
 */
export class QueryLogger implements TypeOrmLogger {
  private readonly logger = new Logger('Database');

  logQuery(): void {}

  logQueryError(error: string | Error, query: string): void {
    if (isIdempotencyConflict(error)) {
      return;
    }
    this.logger.error(`query failed: ${error instanceof Error ? error.message : error} -- ${query}`);
  }

  logQuerySlow(time: number, query: string): void {
    this.logger.warn(`slow query (${time} ms): ${query}`);
  }

  logSchemaBuild(): void {}

  logMigration(): void {}

  log(level: 'log' | 'info' | 'warn', message: unknown): void {
    if (level === 'warn') {
      this.logger.warn(message);
    }
  }
}
