import {
  ApiClient,
  createApprovedUser,
  createMachine,
  e2eProducts,
  expectEventually,
  joinAccount,
  type ApprovedUser,
  type JoinedMember,
} from '@wrenchlog/testing';
import { partBody, supplierBody } from './fuel-purchase.helpers.js';
import { meterOf } from './machines.helpers.js';

// Issue 35, first step, across the real services: an operator reports an issue, the owner makes a
// work order of it and a due schedule, the mechanic logs labour, parts and an outside service and
// completes it: one service record of 269.80 on the machine, the schedule's next due moved, the
// issue resolved; reopening undoes them. And the bad inputs of the issue's list.

const oilChange = {
  title: 'Engine oil and filter',
  serviceType: 'Oil Change',
  intervalMonths: 6,
  recurring: true,
  anchor: 'completion',
  lastDoneDate: '2025-01-01',
};

describe.each(e2eProducts())('issues and work orders (%s)', (mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  let owner: ApprovedUser;
  let stranger: ApprovedUser;
  let operator: JoinedMember;
  let mechanic: JoinedMember;
  let machineId: number;
  let otherMachineId: number;
  let partId: number;
  const completedAt = new Date().toISOString().slice(0, 10);

  const ok = <T = any>(res: { status: number; text: string; body: T }, status: number): T => {
    expect(`${res.status} ${res.status === status ? '' : res.text.slice(0, 300)}`.trim()).toBe(String(status));
    return res.body;
  };

  beforeAll(async () => {
    [owner, stranger] = await Promise.all([createApprovedUser(api, { name: 'Work Owner' }), createApprovedUser(api, { name: 'Work Stranger' })]);
    machineId = (await createMachine(api, owner.token, { name: 'Volvo L60H', type: 'Loader' })).id as number;
    otherMachineId = (await createMachine(api, owner.token, { name: 'Kubota SVL75' })).id as number;
    operator = await joinAccount(api, mode, owner.token, 'operator', { machineIds: [machineId] });
    mechanic = await joinAccount(api, mode, owner.token, 'mechanic', { name: 'Mia Mechanic' });
    const supplierId = ok(await api.post('/api/suppliers', supplierBody(), owner.token), 201).id as number;
    partId = ok(await api.post('/api/parts', partBody(supplierId, { name: 'Oil filter', quantity: 5, price: 12.4 }), owner.token), 201).id as number;
    // work-order-service learns of the machines by event.
    await expectEventually(async () => expect((await api.get(`/api/machines/${machineId}/issues`, owner.token)).status).toBe(200));
    await expectEventually(async () => expect((await api.get(`/api/machines/${otherMachineId}/issues`, owner.token)).status).toBe(200));
  }, 120_000);

  it('runs the job from an operator’s issue to a service record of 269.80, and back when reopened', async () => {
    const issue = ok(
      await api.post(
        `/api/machines/${machineId}/issues`,
        { title: 'Hydraulic leak at the boom', priority: 'high', outOfService: false, meters: { hours: 1250.5 } },
        operator.token,
      ),
      201,
    );
    expect(issue).toMatchObject({
      machineId,
      status: 'open',
      priority: 'high',
      workOrderId: null,
      createdBy: { id: operator.id },
      meters: { distance: null, hours: 1250.5 },
    });
    await meterOf(api, owner.token, machineId, 'hours');
    const schedule = ok(await api.post(`/api/machines/${machineId}/schedules`, oilChange, owner.token), 201);
    expect(schedule.status).toBe('overdue');

    const order = ok(
      await api.post(
        '/api/work-orders',
        { machineId, title: 'Leak and oil change', issueIds: [issue.id], scheduleIds: [schedule.id], assigneeUserId: mechanic.id, priority: 'high' },
        owner.token,
      ),
      201,
    );
    expect(order).toMatchObject({ state: 'open', issueIds: [issue.id], scheduleIds: [schedule.id], assignee: { id: mechanic.id, name: 'Mia Mechanic' } });
    expect(ok(await api.get(`/api/issues/${issue.id}`, operator.token), 200)).toMatchObject({ status: 'in_progress', workOrderId: order.id });

    const labour = ok(await api.post(`/api/work-orders/${order.id}/lines`, { kind: 'labour', hours: 2.5, rate: 60, userId: mechanic.id }, mechanic.token), 201);
    expect(labour).toMatchObject({ kind: 'labour', hours: 2.5, rate: 60, amount: 150 });
    const filters = ok(await api.post(`/api/work-orders/${order.id}/lines`, { kind: 'part', partId, quantity: 2 }, mechanic.token), 201);
    expect(filters).toMatchObject({ kind: 'part', partName: 'Oil filter', quantity: 2, unitPrice: 12.4, amount: 24.8 });
    ok(await api.post(`/api/work-orders/${order.id}/lines`, { kind: 'other', description: 'Hose crimped by the dealer', cost: 95 }, mechanic.token), 201);

    const board = ok(await api.get('/api/work-orders?state=open&assignee=me', mechanic.token), 200);
    expect(board.content.find((o: any) => o.id === order.id)).toMatchObject({ totals: { labour: 150, parts: 24.8, other: 95, total: 269.8 } });

    const key = `complete-${order.id}`;
    const done = ok(
      await api.request('POST', `/api/work-orders/${order.id}/complete`, {
        token: mechanic.token,
        body: { completedAt, meters: { hours: 1250 } },
        headers: { 'idempotency-key': key },
      }),
      200,
    );
    expect(done).toMatchObject({ state: 'done', completedAt, serviceRecordId: expect.any(Number) });

    // The record, on the machine's history, with the order's total and its lines.
    const records = ok(await api.get(`/api/services/machine/${machineId}`, owner.token), 200) as any[];
    const record = records.find((r) => r.id === done.serviceRecordId);
    expect(record).toMatchObject({ price: 269.8, serviceDate: completedAt, serviceType: 'Oil Change', hours: 1250 });
    expect(record.notes).toContain('Labour (Mia Mechanic): 2.5 h x 60.00 = 150.00');
    expect(record.notes).toContain('Part Oil filter: 2 x 12.40 = 24.80');
    // The schedule is completed by the record (schedule-service, from its event): next due moves.
    await expectEventually(async () => {
      const s = ok(await api.get(`/api/schedules/${schedule.id}`, owner.token), 200);
      expect(s).toMatchObject({ lastDoneDate: completedAt, status: 'upcoming' });
    });
    expect(ok(await api.get(`/api/issues/${issue.id}`, owner.token), 200)).toMatchObject({ status: 'resolved', workOrderId: order.id });
    expect(ok(await api.get(`/api/parts/${partId}`, owner.token), 200)).toMatchObject({ quantity: 3 });

    // The same Idempotency-Key answers the order; any other completion is 409; one record either way.
    const retried = ok(
      await api.request('POST', `/api/work-orders/${order.id}/complete`, { token: mechanic.token, body: { completedAt }, headers: { 'idempotency-key': key } }),
      200,
    );
    expect(retried.serviceRecordId).toBe(done.serviceRecordId);
    expect(ok(await api.post(`/api/work-orders/${order.id}/complete`, { completedAt }, mechanic.token), 409)).toMatchObject({
      message: 'The work order is already done',
    });
    expect((ok(await api.get(`/api/services/machine/${machineId}`, owner.token), 200) as any[]).filter((r) => r.price === 269.8)).toHaveLength(1);
    expect(ok(await api.get(`/api/parts/${partId}`, owner.token), 200)).toMatchObject({ quantity: 3 });

    // Reopening undoes the record, the schedule's completion and the issue's resolution.
    expect(ok(await api.post(`/api/work-orders/${order.id}/reopen`, {}, mechanic.token), 200)).toMatchObject({
      state: 'in_progress',
      serviceRecordId: null,
    });
    expect((await api.get(`/api/services/${done.serviceRecordId}`, owner.token)).status).toBe(404);
    await expectEventually(async () => {
      const s = ok(await api.get(`/api/schedules/${schedule.id}`, owner.token), 200);
      expect(s).toMatchObject({ lastDoneDate: '2025-01-01', status: 'overdue' });
    });
    expect(ok(await api.get(`/api/issues/${issue.id}`, owner.token), 200)).toMatchObject({ status: 'in_progress' });
    expect(ok(await api.get(`/api/parts/${partId}`, owner.token), 200)).toMatchObject({ quantity: 5 });

    // Short stock: 409 naming the part, nothing written; the order stays in progress.
    ok(await api.post(`/api/work-orders/${order.id}/lines`, { kind: 'part', partId, quantity: 4 }, mechanic.token), 201);
    expect(ok(await api.post(`/api/work-orders/${order.id}/complete`, { completedAt }, mechanic.token), 409)).toMatchObject({
      message: 'Not enough stock: Oil filter (6 needed, 5 in stock)',
    });
    expect(ok(await api.get(`/api/work-orders/${order.id}`, owner.token), 200)).toMatchObject({ state: 'in_progress', serviceRecordId: null });
    expect(ok(await api.get(`/api/parts/${partId}`, owner.token), 200)).toMatchObject({ quantity: 5 });
  }, 120_000);

  it('answers the bad inputs of the issue’s list with a clear 4xx and a field message', async () => {
    const issue = ok(await api.post(`/api/machines/${machineId}/issues`, { title: 'Cracked mirror', priority: 'low' }, operator.token), 201);
    ok(await api.post(`/api/issues/${issue.id}/close`, { reason: 'Cosmetic' }, owner.token), 200);
    expect(ok(await api.post(`/api/issues/${issue.id}/resolve`, { note: 'x' }, owner.token), 409)).toMatchObject({
      code: 'CONFLICT',
      message: 'A closed issue cannot be resolved: reopen it by reporting it again',
    });
    expect(ok(await api.post(`/api/machines/${machineId}/issues`, { title: 'x', priority: 'urgent' }, owner.token), 400)).toMatchObject({
      errors: [{ field: 'priority', message: 'Priority must be one of low, medium, high, critical' }],
    });
    const badMeters = ok(await api.post(`/api/machines/${machineId}/issues`, { title: 'x', priority: 'low', meters: { hours: -1 } }, owner.token), 400);
    expect(badMeters.errors).toEqual([expect.objectContaining({ message: 'Meters must be numbers from 0 to 999999999' })]);
    // An operator reports only on their machines, and sees no work order.
    expect((await api.post(`/api/machines/${otherMachineId}/issues`, { title: 'x', priority: 'low' }, operator.token)).status).toBe(404);
    expect((await api.get('/api/work-orders', operator.token)).status).toBe(403);

    expect(ok(await api.post('/api/work-orders', { machineId, title: 'Mirror', assigneeUserId: operator.id }, owner.token), 400)).toMatchObject({
      errors: [{ field: 'assigneeUserId', message: 'Assignee must be a member with the mechanic, manager or owner role who can see the machine' }],
    });
    const order = ok(await api.post('/api/work-orders', { machineId, title: 'Mirror' }, owner.token), 201);
    const lines = `/api/work-orders/${order.id}/lines`;
    expect(ok(await api.post(lines, { kind: 'labour', hours: -1, rate: 60 }, mechanic.token), 400)).toMatchObject({
      errors: [{ field: 'hours', message: 'Hours must be a number from 0 to 10000 with at most 2 decimals' }],
    });
    expect(ok(await api.post(lines, { kind: 'part', partId, quantity: -2 }, mechanic.token), 400)).toMatchObject({
      errors: [{ field: 'quantity', message: 'Quantity must be a whole number from 1 to 1000000' }],
    });
    // A part of another account is not there for this one.
    const theirSupplier = ok(await api.post('/api/suppliers', supplierBody(), stranger.token), 201).id as number;
    const theirPart = ok(await api.post('/api/parts', partBody(theirSupplier), stranger.token), 201).id as number;
    expect(ok(await api.post(lines, { kind: 'part', partId: theirPart, quantity: 1 }, mechanic.token), 400)).toMatchObject({
      errors: [{ field: 'partId', message: 'Part not found' }],
    });
    expect((await api.get(`/api/work-orders/${order.id}`, stranger.token)).status).toBe(404);
    expect((await api.delete(`${lines}/2000000000`, mechanic.token)).status).toBe(404);
    expect(ok(await api.post(`/api/work-orders/${order.id}/complete`, { completedAt: '2026-02-30' }, mechanic.token), 400)).toMatchObject({
      errors: [{ field: 'completedAt', message: 'Completed at must be a date (YYYY-MM-DD)' }],
    });
    expect(ok(await api.post(`/api/work-orders/${order.id}/reopen`, {}, mechanic.token), 409)).toMatchObject({
      message: 'Only a done work order can be reopened',
    });
  }, 120_000);
});
