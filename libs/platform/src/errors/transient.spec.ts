import { isDatabaseUnavailable } from './transient.js';

describe(isDatabaseUnavailable.name, () => {
  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a terminated connection', new Error('Connection terminated unexpectedly')],
    ['a server shutting down', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['a database closed to connections', new Error('database "wl_machine" is not currently accepting connections')],
    ['a TypeORM error wrapping one', Object.assign(new Error('query failed'), { driverError: { code: '08006', message: 'connection failure' } })],
  ])('recognises %s', (_what, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it.each([
    ['a unique violation', Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' })],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['nothing', undefined],
  ])('does not mistake %s for an outage', (_what, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
  });
});
