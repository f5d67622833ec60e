import { ApiClient, createApprovedUser, createMachine, e2eDataDir, e2eProducts, expectEventually, readOutbox, TEST_ADMIN } from '@wrenchlog/testing';

interface Job {
  id: number;
  name: string;
  status: 'Idle' | 'Running' | 'Completed' | 'Failed';
  lastRun: string | null;
  message: string | null;
  params: { limit?: number };
}

describe.each(e2eProducts())('background jobs (%s)', (mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  let admin: string;

  const job = async (id: number): Promise<Job> => ((await api.get('/api/admin/jobs', admin)).body as Job[]).find((j) => j.id === id)!;
  const finished = async (id: number, timeoutMs = 20000): Promise<Job> => {
    let last!: Job;
    await expectEventually(async () => {
      last = await job(id);
      expect(['Completed', 'Failed']).toContain(last.status);
    }, timeoutMs, 200);
    return last;
  };

  beforeAll(async () => {
    admin = await api.loginAsAdmin();
  });

  it('lists the four jobs of the Admin tab with status, last run, message and params', async () => {
    const res = await api.get('/api/admin/jobs', admin);

    expect(res.status).toBe(200);
    expect(res.body.map((j: Job) => [j.id, j.name])).toEqual([
      [1, 'Daily Analytics Aggregation'],
      [2, 'Weekly Report Generation'],
      [3, 'Data Sync with External API'],
      [4, 'Backfill Images'],
    ]);
    for (const j of res.body as Job[]) {
      expect(Object.keys(j).sort()).toEqual(['id', 'lastRun', 'message', 'name', 'params', 'status']);
      expect(['Idle', 'Running', 'Completed', 'Failed']).toContain(j.status);
    }
    expect(res.body[3].params.limit).toEqual(expect.any(Number));
  });

  it('answers a run at once with Running, refuses a second run with 409 while it runs, then shows Completed', async () => {
    const started = await api.post('/api/admin/jobs/3/run', {}, admin);
    const second = await api.post('/api/admin/jobs/3/run', {}, admin);

    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ id: 3, name: 'Data Sync with External API', status: 'Running', message: 'Starting job...', lastRun: expect.any(String) });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: 'CONFLICT', message: 'This job is already running. Wait for it to finish before running it again.' });
    expect((await job(3)).status).toBe('Running');

    const done = await finished(3);
    expect(done.status).toBe('Completed');
    expect(done.message).toMatch(/^The external API at http:\/\/127\.0\.0\.1:\d+\/records answered HTTP 200/);
    expect(done.lastRun).toBe(started.body.lastRun);
  });

  it('rolls page views into per-day, per-page counts when Daily Analytics Aggregation runs', async () => {
    const page = `/jobs-test-${Date.now()}`;
    for (let i = 0; i < 3; i++) {
      expect((await api.post('/api/analytics/pageview', { page, referrer: '', userAgent: 'jest' })).status).toBe(201);
    }

    expect((await api.post('/api/admin/jobs/1/run', {}, admin)).status).toBe(202);
    const done = await finished(1);

    expect(done).toMatchObject({ status: 'Completed', message: expect.stringMatching(/^Aggregated \d+ page views into \d+ daily page counts over \d+ days\.$/) });
    const daily = await api.get('/api/analytics/pageviews/daily?days=1', admin);
    expect(daily.status).toBe(200);
    expect(daily.body).toContainEqual({ day: new Date().toISOString().slice(0, 10), page, count: 3 });
  });

  it('emails every enabled user a weekly report when Weekly Report Generation runs', async () => {
    const user = await createApprovedUser(api, { name: 'Weekly Reader' });
    const { id: machineId } = await createMachine(api, user.token, { name: 'Weekly loader', year: 2020, make: 'Kubota', model: 'SVL75' });
    const fuel = { machineId, amount: 12.5, pricePerUnit: 3.2, totalPrice: 40, dateOfPurchase: new Date(Date.now() - 2 * 24 * 3600 * 1000).toISOString() };
    expect((await api.post('/api/fuel-records', fuel, user.token)).status).toBe(201);
    expect((await api.post('/api/fuel-records', { ...fuel, amount: 8.25, totalPrice: 26.4 }, user.token)).status).toBe(201);

    expect((await api.post('/api/admin/jobs/2/run', {}, admin)).status).toBe(202);
    const done = await finished(2, 40000);

    expect(done.status).toBe('Completed');
    expect(done.message).toMatch(/^Weekly reports emailed to \d+ users\./);
    await expectEventually(() => {
      const mails = readOutbox(e2eDataDir(mode));
      const report = mails.find((m) => m.to.includes(user.username) && m.subject.startsWith('Your Wrenchlog week'));
      expect(report).toBeDefined();
      expect(report!.text).toContain('Hello Weekly Reader,');
      expect(report!.text).toMatch(/Service records: (\d+|at least \d+|not available right now)/);
      expect(report!.text).toContain('Fuel records: 2 (20.8 gallons, $66.40)');
      expect(report!.text).not.toMatch(/not included|call yet/);
      expect(mails.some((m) => m.to.includes(TEST_ADMIN.username) && m.subject.startsWith('Your Wrenchlog week'))).toBe(true);
    });
  });

  it('runs Backfill Images through the image worker with the limit given, and ends with its message', async () => {
    const started = await api.post('/api/admin/jobs/4/run', { params: { limit: 2 } }, admin);

    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ status: 'Running', params: { limit: 2 } });
    const done = await finished(4);
    expect(done.message).not.toBe('Starting job...');
    if (done.status === 'Failed') {
      // Until the image worker answers image.backfill.run, the run fails and says why.
      expect(done.message).toMatch(/image worker/);
    }
  });

  it('answers 400 for a bad limit and 404 for a job that does not exist', async () => {
    const bad = await api.post('/api/admin/jobs/4/run', { params: { limit: 0 } }, admin);
    const missing = await api.post('/api/admin/jobs/99/run', {}, admin);

    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'params.limit', message: 'Limit must be at least 1' }]);
    expect(missing.status).toBe(404);
  });

  it('refuses job calls to a non-admin with 403', async () => {
    const user = await createApprovedUser(api);

    expect((await api.get('/api/admin/jobs', user.token)).status).toBe(403);
    expect((await api.post('/api/admin/jobs/3/run', {}, user.token)).status).toBe(403);
  });
});
