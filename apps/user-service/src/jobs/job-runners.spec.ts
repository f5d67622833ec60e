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

describe('Weekly Report Generation', () => {
  const user = { id: 7, username: 'reader@example.com', name: 'Weekly Reader', enabled: true } as User;
  const weekly = (send: (pattern: string, payload: Record<string, unknown>) => Promise<unknown>) => {
    const mails: { to: string; text: string }[] = [];
    const mail = { enqueue: async (_m: unknown, message: { to: string; text: string }) => void mails.push(message) } as unknown as MailQueue;
    const dataSource = { transaction: (work: (m: unknown) => Promise<unknown>) => work({}) } as unknown as DataSource;
    const users = { find: async () => [user] } as unknown as Repository<User>;
    const rpc = { send: jest.fn(send) } as unknown as RpcClient;
    const work = new JobRunners(rpc, loadEnv(UserEnv, {}), mail, dataSource, users).work(JOB_IDS.weeklyReportGeneration)!;
    return { mails, rpc, run: () => work(ctx) };
  };

  it("reports the week's fuel records with their gallons and cost, asked of the fuel service as the user", async () => {
    const { mails, rpc, run } = weekly(async (pattern) => (pattern === 'fuel.record.totals' ? { count: 2, gallons: 41.234, totalPrice: 152.4 } : { content: [] }));

    await expect(run()).resolves.toBe('Weekly reports emailed to 1 user.');

    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('  Fuel records: 2 (41.2 gallons, $152.40)');
    expect(mails[0].text).not.toMatch(/not included|call yet/);
    const [, payload, call] = (rpc.send as jest.Mock).mock.calls.find(([p]) => p === 'fuel.record.totals')!;
    expect(call).toMatchObject({ actor: { userId: 7, adminLevel: 0 } });
    expect(new Date((payload as { until: string }).until).getTime() - new Date((payload as { since: string }).since).getTime()).toBe(7 * 24 * 60 * 60 * 1000);
  });

  it('says a fuel figure is not available, in the words of the other lines, when the fuel service fails', async () => {
    const { mails, run } = weekly(async (pattern) => {
      if (pattern === 'fuel.record.totals') {
        throw new Error('down');
      }
      return { content: [] };
    });

    await expect(run()).resolves.toBe('Weekly reports emailed to 1 user. 1 figure(s) were not available from the other services and are marked so.');
    expect(mails[0].text).toContain('  Fuel records: not available right now');
    expect(mails[0].text).toContain('  Service records: 0');
  });
});
