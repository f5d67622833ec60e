import { loadEnv } from '@wrenchlog/platform';
import { PublicLimitsEnv } from './public-limits.env.js';
import { PublicRateLimiter } from './public-rate-limiter.js';

const limiter = (overrides: Record<string, string>) => new PublicRateLimiter(loadEnv(PublicLimitsEnv, overrides));

describe(PublicRateLimiter.name, () => {
  it('refuses an address over its signups per hour with 429 and how long to wait', async () => {
    const subject = limiter({ SIGNUP_RATE_PER_IP_PER_HOUR: '2' });
    await subject.admit('signup', '10.0.0.1');
    await subject.admit('signup', '10.0.0.1');

    await expect(subject.admit('signup', '10.0.0.1')).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      retryAfter: expect.any(Number),
      message: expect.stringMatching(/^Too many sign-up attempts from this address\. Try again in \d+ seconds\.$/),
    });
    await expect(subject.admit('signup', '10.0.0.2')).resolves.toBeUndefined();
  });

  it('counts contact submissions apart from signups', async () => {
    const subject = limiter({ SIGNUP_RATE_PER_IP_PER_HOUR: '1', CONTACT_RATE_PER_IP_PER_HOUR: '1' });
    await subject.admit('signup', '10.0.0.1');

    await expect(subject.admit('contact', '10.0.0.1')).resolves.toBeUndefined();
    await expect(subject.admit('contact', '10.0.0.1')).rejects.toMatchObject({ message: expect.stringMatching(/^Too many submissions from this address\./) });
  });

  it('limits page views per address per minute', async () => {
    const subject = limiter({ PAGEVIEW_RATE_PER_IP_PER_MINUTE: '3' });
    for (let i = 0; i < 3; i++) {
      await subject.admit('pageview', '192.0.2.7');
    }

    await expect(subject.admit('pageview', '192.0.2.7')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('limits forgotten-password requests per address per hour, apart from signups', async () => {
    const subject = limiter({ PASSWORD_RESET_RATE_PER_IP_PER_HOUR: '1', SIGNUP_RATE_PER_IP_PER_HOUR: '1' });
    await subject.admit('password-reset', '10.0.0.1');

    await expect(subject.admit('signup', '10.0.0.1')).resolves.toBeUndefined();
    await expect(subject.admit('password-reset', '10.0.0.1')).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many password reset requests from this address\. Try again in \d+ seconds\.$/),
    });
  });
});
