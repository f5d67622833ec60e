import { handlerCallers } from '@wrenchlog/platform';
import { JobsController } from './jobs.controller.js';
import { ErrorCode, JOB_IDS } from '@wrenchlog/contracts';
import { FakeDatabase, fakeJobs, migratedJobs } from '../../test/fakes.js';
import { JOB_MESSAGES, JOB_TIMEOUT_MS } from './job-rules.js';
import { JobFailure, type JobRunners, type JobWork } from './job-runners.js';
import { JobsService } from './jobs.service.js';

const admin = { userId: 1, adminLevel: 1, accountId: 1, role: 'owner' as const };

/** Runners whose work ends when the test says so; `none` has no work (a row without a runner). */
function runners(none: number[] = []) {
  const calls: { id: number; limit?: number }[] = [];
  const ends: ((outcome: string | Error) => void)[] = [];
  const work = (id: number): JobWork | undefined =>
    none.includes(id)
      ? undefined
      : (ctx) => {
          calls.push({ id, ...ctx.params });
          return new Promise<string>((resolve, reject) => ends.push((o) => (o instanceof Error ? reject(o) : resolve(o))));
        };
  return { runners: { work } as unknown as JobRunners, calls, end: (outcome: string | Error) => ends.shift()!(outcome) };
}

/** Lets the background run record its end. */
const settle = () => new Promise((r) => setTimeout(r, 0));

describe(JobsService.name, () => {
  let db: FakeDatabase;

  beforeEach(() => {
    db = new FakeDatabase();
    db.tables.jobs = migratedJobs();
  });

  const row = (id: number) => db.tables.jobs.find((j) => j.id === id)!;

  it('claims the job, answers Running at once, and records Completed with the message when the work ends', async () => {
    const r = runners();
    const sut = new JobsService(fakeJobs(db), r.runners);

    const view = await sut.run(admin, { id: JOB_IDS.backfillImages, params: { limit: 3 } });

    expect(view).toMatchObject({ id: JOB_IDS.backfillImages, status: 'Running', message: JOB_MESSAGES.starting, params: { limit: 3 } });
    expect(r.calls).toEqual([{ id: JOB_IDS.backfillImages, limit: 3 }]);
    r.end('Processed 3 images.');
    await settle();
    expect(row(JOB_IDS.backfillImages)).toMatchObject({ status: 'Completed', message: 'Processed 3 images.', finishedAt: expect.any(Date) });
  });

  it('refuses a second run while one is running, and runs again after it failed', async () => {
    const r = runners();
    const sut = new JobsService(fakeJobs(db), r.runners);
    await sut.run(admin, { id: JOB_IDS.externalDataSync });

    await expect(sut.run(admin, { id: JOB_IDS.externalDataSync })).rejects.toMatchObject({ code: ErrorCode.Conflict, message: JOB_MESSAGES.alreadyRunning });
    r.end(new JobFailure('No external API is configured.'));
    await settle();

    expect(row(JOB_IDS.externalDataSync)).toMatchObject({ status: 'Failed', message: 'No external API is configured.' });
    await expect(sut.run(admin, { id: JOB_IDS.externalDataSync })).resolves.toMatchObject({ status: 'Running' });
  });

  it('says an unexpected error failed the job, with its message', async () => {
    const r = runners();
    const sut = new JobsService(fakeJobs(db), r.runners);
    await sut.run(admin, { id: JOB_IDS.dailyAnalyticsAggregation });

    r.end(new Error('socket hang up'));
    await settle();

    expect(row(JOB_IDS.dailyAnalyticsAggregation)).toMatchObject({ status: 'Failed', message: 'Job failed: socket hang up' });
  });

  it('takes a limit only for a job that has one', async () => {
    const r = runners();
    const sut = new JobsService(fakeJobs(db), r.runners);

    const view = await sut.run(admin, { id: JOB_IDS.weeklyReportGeneration, params: { limit: 5 } });

    expect(view.params).toEqual({});
    expect(r.calls).toEqual([{ id: JOB_IDS.weeklyReportGeneration }]);
  });

  it('fails a run left Running past the timeout before listing, and lets it run again', async () => {
    Object.assign(row(2), { status: 'Running', lastRun: new Date(Date.now() - JOB_TIMEOUT_MS - 60_000) });
    Object.assign(row(3), { status: 'Running', lastRun: new Date(Date.now() - 1000) });
    const sut = new JobsService(fakeJobs(db), runners().runners);

    const jobs = await sut.list();

    expect(jobs.find((j) => j.id === 2)).toMatchObject({ status: 'Failed', message: JOB_MESSAGES.interrupted });
    expect(jobs.find((j) => j.id === 3)).toMatchObject({ status: 'Running' });
    await expect(sut.run(admin, { id: 2 })).resolves.toMatchObject({ status: 'Running' });
  });

  it('answers 404 for an unknown job or one without work', async () => {
    const sut = new JobsService(fakeJobs(db), runners([JOB_IDS.backfillImages]).runners);

    await expect(sut.run(admin, { id: 99 })).rejects.toMatchObject({ code: ErrorCode.NotFound });
    await expect(sut.run(admin, { id: JOB_IDS.backfillImages })).rejects.toMatchObject({ code: ErrorCode.NotFound });
    expect(db.tables.jobs).toEqual(migratedJobs());
  });

  it('is reached by administrators only: both handlers take @AdminCaller() (403 before the service runs)', () => {
    expect(handlerCallers(JobsController)).toEqual({ list: 'admin', run: 'admin' });
  });
});
