import { ErrorCode } from '@wrenchlog/contracts';
import { RpcCallError } from './rpc-call.error.js';

describe(RpcCallError.name, () => {
  it('keeps a service error payload as it came', () => {
    const err = RpcCallError.from({ code: 'NOT_FOUND', message: 'Machine not found' }, 'machine.machine.get');

    expect(err).toMatchObject({ code: ErrorCode.NotFound, message: 'Machine not found' });
  });

  it('keeps the seconds to wait that a service sent with a 429', () => {
    const err = RpcCallError.from({ code: 'RATE_LIMITED', message: 'Too many sign-ins right now.', retryAfter: 1 }, 'user.auth.login');

    expect(err).toMatchObject({ code: ErrorCode.RateLimited, retryAfter: 1 });
  });

  it('turns a timeout into UNAVAILABLE so the gateway answers 503', () => {
    const timeout = Object.assign(new Error('Timeout has occurred'), { name: 'TimeoutError' });

    expect(RpcCallError.from(timeout, 'machine.machine.get').code).toBe(ErrorCode.Unavailable);
  });

  it('turns a refused connection into UNAVAILABLE, never a 500', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3102'), { code: 'ECONNREFUSED' });

    expect(RpcCallError.from(refused, 'machine.machine.get')).toMatchObject({ code: ErrorCode.Unavailable });
  });

  it('does not trust an unknown code', () => {
    expect(RpcCallError.from({ code: 'WHATEVER', message: 'x' }, 'p').code).toBe(ErrorCode.Unavailable);
  });
});
