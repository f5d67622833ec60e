import { jest } from '@jest/globals';
import { JOB_IDS } from '@wrenchlog/contracts';
import { loadEnv, type RpcClient } from '@wrenchlog/platform';
import type { DataSource, Repository } from 'typeorm';
import { UserEnv } from '../config/user-env.js';
import type { MailQueue } from '../mail/mail-queue.js';
import type { User } from '../users/user.entity.js';
import { JobFailure, JobRunners } from './job-runners.js';

const runners = (env: Record<string, string>, rpc: Partial<RpcClient> = {}) =>
  new JobRunners(rpc as RpcClient, loadEnv(UserEnv, env), {} as MailQueue, {} as DataSource, {} as Repository<User>);

const ctx = { actor: { userId: 1, adminLevel: 1 }, params: {} };

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
    const send = jest.fn<(...a: unknown[]) => Promise<unknown>>().mockRejectedValue(new Error('The service behind image.backfill.run is unavailable. Please try again shortly.'));
    const work = runners({}, { send } as Partial<RpcClient>).work(JOB_IDS.backfillImages)!;

    await expect(work({ ...ctx, params: { limit: 3 } })).rejects.toThrow(
      'Backfill Images could not run through the image worker: The service behind image.backfill.run is unavailable. Please try again shortly.',
    );
  });
});
