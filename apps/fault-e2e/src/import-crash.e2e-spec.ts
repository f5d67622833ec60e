import { ApiClient, createMachine, expectEventually, startProduct, TEST_ADMIN, type RunningProduct } from '@wrenchlog/testing';
import { killApp } from './product-processes.js';

// Issue 23: an import survives kill -9 of import-service in the middle of its job. The restarted
// service finds the import `importing` with a lapsed lease (60 s) and resumes from the first pending
// row; the batch cut short is sent again and the owner's unique (import_id, import_row) answers the
// same ids, so every row is written exactly once.
const root = new URL('../../..', import.meta.url).pathname;
const ROWS = 4000;

describe('an import under kill -9 of import-service (embedded, separate processes)', () => {
  let product: RunningProduct;
  beforeAll(async () => {
    product = await startProduct({ mode: 'embedded', root, env: { EMBEDDED_PROCESSES: 'separate' } });
  }, 120_000);
  afterAll(async () => product?.stop());

  it('resumes the job after the restart and writes every row once', async () => {
    const api = new ApiClient(product.baseUrl);
    const token = await api.login(TEST_ADMIN.username, TEST_ADMIN.password);
    const machineId = (await createMachine(api, token, { name: 'Import crash machine' })).id as number;
    const lines = ['Date,Odometer,FuelConsumed,Cost,FuelEconomy,IsFillToFull,MissedFuelUp,Notes,Tags'];
    for (let i = 0; i < ROWS; i++) {
      const day = new Date(Date.UTC(2000, 0, 1) + i * 86_400_000);
      lines.push(`${day.getUTCMonth() + 1}/${day.getUTCDate()}/${day.getUTCFullYear()},${10_000 + i * 10},12.5,$43.74,0,True,False,fill ${i},`);
    }
    const form = new FormData();
    form.append('source', 'lubelogger-fuel');
    form.append('machineId', String(machineId));
    form.append('file', new Blob([lines.join('\n')], { type: 'text/csv' }), 'crash.csv');
    const id = (await api.request('POST', '/api/imports', { token, raw: form })).body.id as number;
    expect((await api.post(`/api/imports/${id}/validate`, undefined, token)).body).toEqual({ valid: ROWS, warnings: 0, errors: 0 });
    expect((await api.post(`/api/imports/${id}/commit`, { mode: 'all_or_nothing' }, token)).status).toBe(202);

    // Killed once the first batch is written and before the last.
    await expectEventually(async () => expect((await api.get(`/api/imports/${id}`, token)).body.progress.done).toBeGreaterThan(0), 60_000, 100);
    killApp(product.dataDir, 'import-service');
    const cut = (await expectEventuallyValue(() => api.get(`/api/imports/${id}`, token), 30_000)).body;
    expect(cut.state).toBe('importing');
    expect(cut.progress.done).toBeLessThan(ROWS);

    let done: any;
    await expectEventually(
      async () => {
        done = (await api.get(`/api/imports/${id}`, token)).body;
        expect(done.state).toBe('done');
      },
      240_000,
      1000,
    );
    expect(done).toMatchObject({ progress: { done: ROWS, total: ROWS }, counts: { written: ROWS, failed: 0 }, error: null });
    const page = (await api.get(`/api/fuel-records/machine/${machineId}?page=0&size=1`, token)).body;
    expect(page.totalElements).toBe(ROWS);
  }, 400_000);
});

/** The first answer of `call` with status 200 (import-service restarts meanwhile: 503 until it is back). */
async function expectEventuallyValue<T extends { status: number }>(call: () => Promise<T>, timeoutMs: number): Promise<T> {
  let answer: T | undefined;
  await expectEventually(
    async () => {
      answer = await call();
      expect(answer.status).toBe(200);
    },
    timeoutMs,
    200,
  );
  return answer!;
}
