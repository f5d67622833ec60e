import { isIdempotencyConflict } from './query-logger.js';

describe(isIdempotencyConflict.name, () => {
  it('knows a retried create refused by an idempotency index, on PostgreSQL and on SQLite', () => {
    expect(isIdempotencyConflict({ code: '23505', constraint: 'uq_service_records_user_idempotency' })).toBe(true);
    expect(
      isIdempotencyConflict({
        code: 'SQLITE_CONSTRAINT_UNIQUE',
        message: 'UNIQUE constraint failed: service_records.user_id, service_records.idempotency_key',
      }),
    ).toBe(true);
  });

  it('leaves every other failure to be logged', () => {
    expect(isIdempotencyConflict({ code: '23505', constraint: 'uq_users_email' })).toBe(false);
    expect(isIdempotencyConflict({ code: '23503', constraint: 'fk_purchases_part' })).toBe(false);
    expect(isIdempotencyConflict({ code: 'SQLITE_CONSTRAINT_UNIQUE', message: 'UNIQUE constraint failed: users.email' })).toBe(false);
    expect(isIdempotencyConflict({ code: 'SQLITE_CONSTRAINT_NOTNULL', message: 'NOT NULL constraint failed: machines.idempotency_key' })).toBe(false);
    expect(isIdempotencyConflict(new Error('connection refused'))).toBe(false);
    expect(isIdempotencyConflict('a string')).toBe(false);
    expect(isIdempotencyConflict(null)).toBe(false);
  });
});
