import { createApprovedUser, createMachine, distributedServersAvailable, expectEventually } from '@wrenchlog/testing';
import { faultSuite } from './fault-suite.js';
import { productProcesses } from './product-processes.js';

const available = await distributedServersAvailable();
const describeDistributed = available ? describe : describe.skip;

// Issue 35: work-order-service killed with kill -9 in the middle of a completion, after the stock was
// taken and while service-record-service makes the record (held with SIGSTOP until the kill, so the
// cut falls exactly between the record and the order marked done). Started again, the order's own
// recovery finishes it: done, exactly one service record, stock taken once, schedule completed,
// issue resolved, and no one completed it again.
describeDistributed('a work order completion cut by kill -9 of work-order-service', () => {
  // A short staleness so the recovery takes the completion up within the test; a long RPC timeout so
  // the completion waits for the held service-record-service instead of giving up before the kill.
  const suite = faultSuite({ WORK_COMPLETION_STALE_MS: '3000', WORK_RECOVERY_INTERVAL_MS: '500', RPC_TIMEOUT_MS: '20000' });

  it('ends with the order done, one service record, the stock taken once, the schedule completed and the issue resolved', async () => {
    const api = suite.api;
    const owner = (await createApprovedUser(api, { name: 'Crash Owner' })).token;
    const ok = <T = any>(res: { status: number; text: string; body: T }, status: number): T => {
      expect(`${res.status} ${res.status === status ? '' : res.text.slice(0, 300)}`.trim()).toBe(String(status));
      return res.body;
    };
    const machineId = (await createMachine(api, owner, { name: 'Volvo L60H', type: 'Loader' })).id as number;
    const supplierId = ok(
      await api.post(
        '/api/suppliers',
        { name: 'Heartland Hydraulics', contact: 'Marcus Reed', email: 'marcus.reed@example.com', phone: '(816) 555-0178' },
        owner,
      ),
      201,
    ).id as number;
    const partId = ok(
      await api.post(
        '/api/parts',
        { supplierId, name: 'Oil filter', partNumber: 'OF-1', brand: 'Volvo', category: 'Filters', quantity: 5, minStock: 0, price: 12.4 },
        owner,
      ),
      201,
    ).id as number;
    await expectEventually(async () => expect((await api.get(`/api/machines/${machineId}/issues`, owner)).status).toBe(200));
    const schedule = ok(
      await api.post(
        `/api/machines/${machineId}/schedules`,
        { title: 'Engine oil and filter', serviceType: 'Oil Change', intervalMonths: 6, recurring: true, anchor: 'completion', lastDoneDate: '2025-01-01' },
        owner,
      ),
      201,
    );
    const issue = ok(await api.post(`/api/machines/${machineId}/issues`, { title: 'Oil leak', priority: 'high' }, owner), 201);
    const order = ok(
      await api.post('/api/work-orders', { machineId, title: 'Leak and oil change', issueIds: [issue.id], scheduleIds: [schedule.id] }, owner),
      201,
    );
    ok(await api.post(`/api/work-orders/${order.id}/lines`, { kind: 'part', partId, quantity: 2 }, owner), 201);
    const completedAt = new Date().toISOString().slice(0, 10);
    const stockOf = async () => ok(await api.get(`/api/parts/${partId}`, owner), 200).quantity as number;
    const records = async () => ok(await api.get(`/api/services/machine/${machineId}`, owner), 200) as { id: number }[];

    const recordService = productProcesses(suite.fleet.dataDir).find((p) => p.app === 'service-record-service')!;
    process.kill(recordService.pid, 'SIGSTOP');
    const answer = api
      .request('POST', `/api/work-orders/${order.id}/complete`, { token: owner, body: { completedAt }, headers: { 'idempotency-key': `crash-${order.id}` } })
      .then((r) => r.status);
    try {
      // Step 0 done (stock taken); the record's request is on its way to the held service.
      await expectEventually(async () => expect(await stockOf()).toBe(3));
      await new Promise((r) => setTimeout(r, 1000));
      await suite.fleet.kill('work-order-service');
    } finally {
      process.kill(recordService.pid, 'SIGCONT');
    }
    // The record is made with nobody left to hear of it: an orphan, until the recovery.
    await expectEventually(async () => expect(await records()).toHaveLength(1));
    suite.fleet.launch('work-order-service');
    const cutStatus = await answer;

    await expectEventually(async () => expect(ok(await api.get(`/api/work-orders/${order.id}`, owner), 200).state).toBe('done'), 60_000);
    const done = ok(await api.get(`/api/work-orders/${order.id}`, owner), 200);
    expect((await records()).map((r) => r.id)).toEqual([done.serviceRecordId]);
    expect(await stockOf()).toBe(3);
    await expectEventually(async () => expect(ok(await api.get(`/api/schedules/${schedule.id}`, owner), 200)).toMatchObject({ lastDoneDate: completedAt }));
    expect(ok(await api.get(`/api/issues/${issue.id}`, owner), 200)).toMatchObject({ status: 'resolved', workOrderId: order.id });
    console.log(`the cut completion answered ${cutStatus}; the recovery finished it: done, 1 service record, stock 5 -> 3`);
    suite.rows.push({ fault: 'kill -9 of work-order-service mid-completion', attempted: 1, acknowledged: 0, found: 1, lost: 0, duplicated: 0 });
  });
});
