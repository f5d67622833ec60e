import { ErrorCode, JOB_IDS, type Actor } from '@wrenchlog/contracts';
import type { DataSource } from 'typeorm';
import { JobEntity } from '../src/jobs/job.entity.js';
import { JobFailure, type JobRunners, type JobWork } from '../src/jobs/job-runners.js';
import { JobsRepository } from '../src/jobs/jobs.repository.js';
import { JobsService } from '../src/jobs/jobs.service.js';
import { testDataSource } from './db.js';

const admin: Actor = { userId: 1, adminLevel: 1, accountId: 1, role: 'owner' as const };

/** Work whose end the test decides. */
function controllable() {
  let finish!: (message: string) => void;
  let fail!: (err: Error) => void;
  const calls: { limit?: number }[] = [];
  const work: JobWork = (ctx) => {
    calls.push(ctx.params);
    return new Promise<string>((resolve, reject) => {
      finish = resolve;
      fail = reject;
    });
  };
  return { work, calls, finish: (m: string) => finish(m), fail: (e: Error) => fail(e) };
}

const settle = () => new Promise((r) => setTimeout(r, 20));

describe(JobsService.name, () => {
  let ds: DataSource;

  beforeEach(async () => {
    ds = await testDataSource();
  });

  afterEach(async () => {
    await ds.destroy();
  });

  const service = (work: JobWork) => new JobsService(new JobsRepository(ds), { work: () => work } as unknown as JobRunners);

  it('lists the four jobs of the Admin tab, Idle, with the backfill limit default', async () => {
    const jobs = await service(controllable().work).list();

    expect(jobs.map((j) => [j.id, j.name, j.status])).toEqual([
      [1, 'Daily Analytics Aggregation', 'Idle'],
      [2, 'Weekly Report Generation', 'Idle'],
      [3, 'Data Sync with External API', 'Idle'],
      [4, 'Backfill Images', 'Idle'],
    ]);
    expect(jobs[3].params).toEqual({ limit: 7 });
  });

  it('answers Running at once, refuses a second run while it runs, then shows Completed with the message', async () => {
    const c = controllable();
    const jobs = service(c.work);

    const started = await jobs.run(admin, { id: JOB_IDS.backfillImages, params: { limit: 3 } });
    const second = jobs.run(admin, { id: JOB_IDS.backfillImages });

    expect(started).toMatchObject({ status: 'Running', message: 'Starting job...', params: { limit: 3 }, lastRun: expect.any(String) });
    await expect(second).rejects.toMatchObject({ code: ErrorCode.Conflict });
    expect(c.calls).toEqual([{ limit: 3 }]);

    c.finish('Processed 3 images.');
    await settle();

    const after = (await jobs.list()).find((j) => j.id === JOB_IDS.backfillImages)!;
    expect(after).toMatchObject({ status: 'Completed', message: 'Processed 3 images.' });
  });

  it('shows Failed with the reason, and can run again after a failure', async () => {
    const c = controllable();
    const jobs = service(c.work);

    const started = await jobs.run(admin, { id: JOB_IDS.externalDataSync, params: { limit: 5 } });
    expect(started.params).toEqual({});
    c.fail(new JobFailure('No external API is configured.'));
    await settle();
    const failed = (await jobs.list()).find((j) => j.id === JOB_IDS.externalDataSync)!;
    const again = await jobs.run(admin, { id: JOB_IDS.externalDataSync });

    expect(failed).toMatchObject({ status: 'Failed', message: 'No external API is configured.' });
    expect(again.status).toBe('Running');
  });

  it('lets only one of two simultaneous run requests start the job', async () => {
    const c = controllable();
    const jobs = service(c.work);

    const results = await Promise.allSettled([jobs.run(admin, { id: 1 }), jobs.run(admin, { id: 1 }), jobs.run(admin, { id: 1 })]);

    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(c.calls).toHaveLength(1);
  });

  it('answers 404 for an unknown job', async () => {
    const jobs = service(controllable().work);

    await expect(jobs.run(admin, { id: 99 })).rejects.toMatchObject({ code: ErrorCode.NotFound });
  });

  it('fails a run left Running by a stopped process once it is past the timeout', async () => {
    await ds.getRepository(JobEntity).update({ id: 2 }, { status: 'Running', lastRun: new Date(Date.now() - 60 * 60 * 1000) });

    const jobs = service(controllable().work);
    await jobs.onApplicationBootstrap();

    expect((await jobs.list()).find((j) => j.id === 2)).toMatchObject({ status: 'Failed', message: expect.stringContaining('interrupted') });
  });
});
