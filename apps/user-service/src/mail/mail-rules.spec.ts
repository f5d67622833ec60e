import { MAIL_MAX_BACKOFF_MS, mailBackoffMs } from './mail-rules.js';

describe(mailBackoffMs.name, () => {
  it('waits 2 s after the first failure and doubles after each further one', () => {
    expect(mailBackoffMs(1)).toBe(2000);
    expect(mailBackoffMs(2)).toBe(4000);
    expect(mailBackoffMs(5)).toBe(32000);
  });

  it('never waits more than an hour, however many attempts failed', () => {
    expect(mailBackoffMs(12)).toBe(MAIL_MAX_BACKOFF_MS);
    expect(mailBackoffMs(1000)).toBe(MAIL_MAX_BACKOFF_MS);
  });
});
