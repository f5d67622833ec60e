import { canStart, isStaleRun, JOB_TIMEOUT_MS, outcomeStatus } from './job-rules.js';

describe('job state machine', () => {
  it('starts from Idle, Completed or Failed, never while Running', () => {
    expect(canStart('Idle')).toBe(true);
    expect(canStart('Completed')).toBe(true);
    expect(canStart('Failed')).toBe(true);
    expect(canStart('Running')).toBe(false);
  });

  it('ends a run Completed when it succeeded and Failed when it did not', () => {
    expect(outcomeStatus('succeeded')).toBe('Completed');
    expect(outcomeStatus('failed')).toBe('Failed');
  });

  it('calls a run stale only when it has been Running past the timeout', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    const longAgo = new Date(now.getTime() - JOB_TIMEOUT_MS - 1);
    const justNow = new Date(now.getTime() - 1000);

    expect(isStaleRun('Running', longAgo, now)).toBe(true);
    expect(isStaleRun('Running', justNow, now)).toBe(false);
    expect(isStaleRun('Completed', longAgo, now)).toBe(false);
  });
});
