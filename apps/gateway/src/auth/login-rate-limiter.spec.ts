import { loadEnv } from '@wrenchlog/platform';
import { GatewayEnv } from '../config/gateway-env.js';
import { LoginRateLimiter } from './login-rate-limiter.js';

const limiter = (overrides: Record<string, string>) => new LoginRateLimiter(loadEnv(GatewayEnv, overrides));

describe(LoginRateLimiter.name, () => {
  it('refuses an address over its attempts per minute, whatever the account', async () => {
    const subject = limiter({ LOGIN_RATE_PER_IP_PER_MINUTE: '3' });
    for (const user of ['a@x.test', 'b@x.test', 'c@x.test']) {
      await subject.admit('10.0.0.1', user);
    }

    await expect(subject.admit('10.0.0.1', 'd@x.test')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    await expect(subject.admit('10.0.0.2', 'd@x.test')).resolves.toBeUndefined();
  });

  it('locks an account after its failures, from any address, and says how long', async () => {
    const subject = limiter({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '2', LOGIN_LOCK_SECONDS: '60' });
    await subject.recordFailure('Owner@X.test');
    await subject.recordFailure('owner@x.test');

    await expect(subject.admit('10.0.0.9', 'owner@x.test')).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      retryAfter: 60,
      message: 'Too many failed sign-in attempts for this account. Try again in 60 seconds.',
    });
  });

  it('forgets earlier failures after a successful sign-in', async () => {
    const subject = limiter({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '2' });
    await subject.recordFailure('owner@x.test');
    await subject.recordSuccess('owner@x.test');
    await subject.recordFailure('owner@x.test');

    await expect(subject.admit('10.0.0.9', 'owner@x.test')).resolves.toBeUndefined();
  });
});
