import { ApiClient, createApprovedUser, createMachine, e2eDataDir, e2eProducts, expectEventually, readOutbox } from '@wrenchlog/testing';

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
    await expectEventually(
      async () => {
        last = await job(id);
        expect(['Completed', 'Failed']).toContain(last.status);
      },
      timeoutMs,
      200,
    );
    return last;
  };

  beforeAll(async () => {
    admin = await api.loginAsAdmin();
  });

  it('lists the jobs of the Admin tab (the four and the notification scheduler) with status, last run, message and params', async () => {
    const res = await api.get('/api/admin/jobs', admin);

    expect(res.status).toBe(200);
    expect(res.body.map((j: Job) => [j.id, j.name])).toEqual([
      [1, 'Daily Analytics Aggregation'],
      [2, 'Weekly Report Generation'],
      [3, 'Data Sync with External API'],
      [4, 'Backfill Images'],
      [5, 'Notification Scheduler'],
    ]);
    for (const j of res.body as Job[]) {
      expect(Object.keys(j).sort()).toEqual(['id', 'lastRun', 'message', 'name', 'params', 'status']);
      expect(['Idle', 'Running', 'Completed', 'Failed']).toContain(j.status);
    }
    expect(res.body[3].params.limit).toEqual(expect.any(Number));
  });

  it('runs the notification scheduler on demand and shows its last run, what it sent and its failures', async () => {
    const run = await api.post('/api/admin/jobs/5/run', {}, admin);
    expect(run.status).toBe(202);
    expect(run.body).toMatchObject({
      id: 5,
      name: 'Notification Scheduler',
      status: 'Completed',
      lastRun: expect.any(String),
      message: expect.stringMatching(/^Last run sent \d+ \(\d+ in all\); 0 failed$/),
    });
    expect(await job(5)).toMatchObject({ status: 'Completed', lastRun: run.body.lastRun });
  });

  it('answers a run at once with Running, refuses a second run with 409 while it runs, then shows Completed', async () => {
    const started = await api.post('/api/admin/jobs/3/run', {}, admin);
    const second = await api.post('/api/admin/jobs/3/run', {}, admin);

    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({
      id: 3,
      name: 'Data Sync with External API',
      status: 'Running',
      message: 'Starting job...',
      lastRun: expect.any(String),
    });
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

    expect(done).toMatchObject({
      status: 'Completed',
      message: expect.stringMatching(/^Aggregated \d+ page views into \d+ daily page counts over \d+ days\.$/),
    });
    const daily = await api.get('/api/analytics/pageviews/daily?days=1', admin);
    expect(daily.status).toBe(200);
    expect(daily.body).toContainEqual({ day: new Date().toISOString().slice(0, 10), page, count: 3 });
  });

  it("makes each user's weekly usage report when Weekly Report Generation runs: the week's costs and meters per machine, by email and in the app", async () => {
    const user = await createApprovedUser(api, { name: 'Weekly Reader' });
    const { id: machineId } = await createMachine(api, user.token, { name: 'Weekly loader', year: 2020, make: 'Kubota', model: 'SVL75' });
    const fuel = { machineId, amount: 12.5, pricePerUnit: 3.2, totalPrice: 40, dateOfPurchase: new Date(Date.now() - 2 * 24 * 3600 * 1000).toISOString() };
    expect((await api.post('/api/fuel-records', fuel, user.token)).status).toBe(201);
    expect((await api.post('/api/fuel-records', { ...fuel, amount: 8.25, totalPrice: 26.4 }, user.token)).status).toBe(201);
    // The seven days before today (UTC, the default time zone).
    const day = (ago: number) => new Date(Date.now() - ago * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const [from, to] = [day(7), day(1)];
    // The reports read model hears of the records by events: wait until it counts them.
    await expectEventually(async () => {
      const fleet = (await api.get(`/api/reports/fleet?from=${from}&to=${to}`, user.token)).body;
      expect(fleet.totals.fuel).toBe(66.4);
      expect(fleet.rows.map((r: { machineName: string }) => r.machineName)).toEqual(['Weekly loader']);
    });

    expect((await api.post('/api/admin/jobs/2/run', {}, admin)).status).toBe(202);
    const done = await finished(2, 40000);

    expect(done.status).toBe('Completed');
    expect(done.message).toMatch(/^Weekly usage reports made for [1-9]\d* of \d+ users? with machines;/);
    await expectEventually(() => {
      const report = readOutbox(e2eDataDir(mode)).find((m) => m.to.includes(user.username) && m.subject === `Your Wrenchlog week: ${from} to ${to}`);
      expect(report).toBeDefined();
      expect(report!.text).toContain('Costs: $66.40 (fuel $66.40)\n\nWeekly loader\n');
      expect(report!.text).toContain('Due next week');
    });
    const list = await api.get('/api/notifications', user.token);
    expect(list.body.content).toContainEqual(
      expect.objectContaining({
        kind: 'weekly_report',
        title: `Weekly usage report ${from} to ${to}: $66.40`,
        link: `/reports?period=custom&from=${from}&to=${to}`,
      }),
    );

    // A second run makes no second report of the same week.
    expect((await api.post('/api/admin/jobs/2/run', {}, admin)).status).toBe(202);
    expect((await finished(2, 40000)).status).toBe('Completed');
    expect(((await api.get('/api/notifications', user.token)).body.content as { kind: string }[]).filter((n) => n.kind === 'weekly_report')).toHaveLength(1);
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
