// PostgreSQL and socket failures that mean "the database cannot be reached right now", as opposed
// to a bug: the caller gets 503 with Retry-After instead of a 500, and an event is retried later.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000', // connection_exception
  '08001',
  '08003',
  '08004',
  '08006', // connection_failure
  '53300', // too_many_connections
]);

const UNAVAILABLE_MESSAGES =
  /connection terminated|timeout exceeded when trying to connect|is not currently accepting connections|server closed the connection|the database system is (starting up|shutting down)|SQLITE_BUSY/i;

/** Whether an error only says that the database is out of reach for now. */
export function isDatabaseUnavailable(err: unknown): boolean {
  const candidates = [err, (err as { driverError?: unknown })?.driverError, (err as { cause?: unknown })?.cause];
  return candidates.some((e) => {
    if (!e || typeof e !== 'object') {
      return false;
    }
    const { code, message } = e as { code?: unknown; message?: unknown };
    return (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) || (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message));
  });
}
