import { SERVICES } from '@wrenchlog/contracts';
import { ApiClient, createApprovedUser, createMachine, serviceRecordFor, startProduct, type RunningProduct } from '@wrenchlog/testing';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// HOST_THREADS=2 (tools/host.mjs): the one process with the gateway on the main thread and the
// services on a worker thread, a setting for a box with idle cores. It must start and answer as the
// default does: it once stopped at start (a worker thread may not set the umask) unnoticed.
describe('the one process on two threads (HOST_THREADS=2)', () => {
  let product: RunningProduct;
  let api: ApiClient;

  beforeAll(async () => {
    product = await startProduct({ mode: 'embedded', root: fileURLToPath(new URL('../../..', import.meta.url)), env: { HOST_THREADS: '2' } });
    api = new ApiClient(product.baseUrl);
  }, 120_000);

  afterAll(async () => {
    await product?.stop();
  });

  it('is ready with every service, and what a user writes is read back across the threads', async () => {
    const ready = await api.get<{ services: { service: string }[] }>('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.services.map((s) => s.service).sort()).toEqual([...SERVICES].sort());

    const user = await createApprovedUser(api);
    const machine = await createMachine(api, user.token, { name: 'Two threads' });
    await serviceRecordFor(api, user.token, machine.id, { title: 'Oil change', serviceDate: '2026-11-20' });

    expect((await api.get('/api/machines/all', user.token)).body.map((m: { name: string }) => m.name)).toEqual(['Two threads']);
    const records = await api.get('/api/services/recent?page=0&size=12', user.token);
    expect(records.status).toBe(200);
    expect(JSON.stringify(records.body)).toContain('Oil change');
  });

  it("keeps the services' database files owner-only, though their thread may not set the umask", () => {
    expect(statSync(product.dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(join(product.dataDir, 'db', 'machine-service.sqlite')).mode & 0o777).toBe(0o600);
  });
});
