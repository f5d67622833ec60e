import type { JobStatus } from '@wrenchlog/contracts';

/** How long a run may take; a row still Running after this is a run lost to a crash or restart. */
export const JOB_TIMEOUT_MS = 10 * 60 * 1000;

export const JOB_MESSAGES = {
  starting: 'Starting job...',
  alreadyRunning: 'This job is already running. Wait for it to finish before running it again.',
  interrupted: 'Job failed: the run was interrupted (the service stopped or the run took too long).',
} as const;

/** Idle, Completed and Failed jobs can start; a Running one cannot start a second run. */
export function canStart(status: JobStatus): boolean {
  return status !== 'Running';
}

/** The status a run ends in. */
export function outcomeStatus(outcome: 'succeeded' | 'failed'): Extract<JobStatus, 'Completed' | 'Failed'> {
  return outcome === 'succeeded' ? 'Completed' : 'Failed';
}

/** A Running row whose run started before now - JOB_TIMEOUT_MS is stale: no process is working on it any more. */
export function isStaleRun(status: JobStatus, lastRun: Date | null, now: Date): boolean {
  return status === 'Running' && (!lastRun || now.getTime() - lastRun.getTime() > JOB_TIMEOUT_MS);
}
