import { jest } from '@jest/globals';
import { JOB_IDS } from '@wrenchlog/contracts';
import { loadEnv, type RpcClient } from '@wrenchlog/platform';
import { UserEnv } from '../config/user-env.js';
import { JobFailure, JobRunners } from './job-runners.js';

const runners = (env: Record<string, string>, rpc: Partial<RpcClient> = {}) => new JobRunners(rpc as RpcClient, loadEnv(UserEnv, env));

const ctx = { actor: { userId: 1, adminLevel: 1, accountId: 1, role: 'owner' as const }, params: {} };

describe(JobRunners.name, () => {
  it('fails Data Sync with a clear message while no external API is configured', async () => {
    const work = runners({}).work(JOB_IDS.externalDataSync)!;

    await expect(work(ctx)).rejects.toThrow(new JobFailure('No external API is configured: set EXTERNAL_API_URL to enable Data Sync with External API.'));
  });

  it('asks the image worker to backfill with the default limit of 7 and reports its counts', async () => {
    const send = jest.fn<(...a: unknown[]) => Promise<unknown>>().mockResolvedValue({ processed: 5, failed: 0, remaining: 2, message: 'Backfilled 5 images.' });
    const work = runners({}, { send } as Partial<RpcClient>).work(JOB_IDS.backfillImages)!;

    await expect(work(ctx)).resolves.toBe('Backfilled 5 images. (Processed 5, failed 0, remaining 2.)');
    expect(send).toHaveBeenCalledWith('image.backfill.run', { limit: 7 }, expect.objectContaining({ actor: ctx.actor }));
  });

  it('fails Backfill Images with the reason when the image worker cannot be reached', async () => {
    const send = jest
      .fn<(...a: unknown[]) => Promise<unknown>>()
      .mockRejectedValue(new Error('The service behind image.backfill.run is unavailable. Please try again shortly.'));
    const work = runners({}, { send } as Partial<RpcClient>).work(JOB_IDS.backfillImages)!;

    await expect(work({ ...ctx, params: { limit: 3 } })).rejects.toThrow(
      'Backfill Images could not run through the image worker: The service behind image.backfill.run is unavailable. Please try again shortly.',
    );
  });
});

describe('Weekly Report Generation', () => {
  it('has notification-service make the reports as the admin, and says how many it made', async () => {
    const send = jest.fn<(...a: unknown[]) => Promise<unknown>>().mockResolvedValue({ users: 3, sent: 2, skipped: 1, failed: 0, lastError: null });
    const work = runners({}, { send } as Partial<RpcClient>).work(JOB_IDS.weeklyReportGeneration)!;

    await expect(work(ctx)).resolves.toBe("Weekly usage reports made for 2 of 3 users with machines; 1 had this week's already or chose no channel for it.");
    expect(send).toHaveBeenCalledWith('notification.weekly.run', {}, expect.objectContaining({ actor: ctx.actor }));
  });

  it('fails with the reports that failed and why', async () => {
    const send = jest
      .fn<(...a: unknown[]) => Promise<unknown>>()
      .mockResolvedValue({ users: 1, sent: 0, skipped: 0, failed: 1, lastError: 'weekly report of user 7: report-service did not answer' });
    const work = runners({}, { send } as Partial<RpcClient>).work(JOB_IDS.weeklyReportGeneration)!;

    await expect(work(ctx)).rejects.toThrow(
      "Weekly usage reports made for 0 of 1 user with machines; 0 had this week's already or chose no channel for it. 1 failed: weekly report of user 7: report-service did not answer",
    );
  });
});
