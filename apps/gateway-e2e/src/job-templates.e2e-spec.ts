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

// Issue 35's job templates across the real services: the owner keeps "250-hour service, Volvo L60H"
// (steps, labour, two oil filters, a disposal fee); a work order started from it, or from a due
// schedule naming it, has those lines with the filters reserved in the inventory and the steps to
// tick; who may read and keep templates; the bad inputs.

const service250 = (partId: number) => ({
  name: '250-hour service, Volvo L60H',
  steps: ['Drain engine oil', 'Change oil filter', 'Grease pivots'],
  lines: [
    { kind: 'labour', hours: 2.5, rate: 60 },
    { kind: 'part', partId, quantity: 2 },
    { kind: 'other', description: 'Oil disposal', cost: 15 },
  ],
});

describe.each(e2eProducts())('job templates (%s)', (mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  let owner: ApprovedUser;
  let stranger: ApprovedUser;
  let manager: JoinedMember;
  let mechanic: JoinedMember;
  let operator: JoinedMember;
  let viewer: JoinedMember;
  let machineId: number;
  let partId: number;
  let strangerPartId: number;

  const ok = <T = any>(res: { status: number; text: string; body: T }, status: number): T => {
    expect(`${res.status} ${res.status === status ? '' : res.text.slice(0, 300)}`.trim()).toBe(String(status));
    return res.body;
  };
  const reserved = async () => ok(await api.get(`/api/parts/${partId}`, owner.token), 200).reserved as number;

  beforeAll(async () => {
    [owner, stranger] = await Promise.all([createApprovedUser(api, { name: 'Template Owner' }), createApprovedUser(api, { name: 'Template Stranger' })]);
    machineId = (await createMachine(api, owner.token, { name: 'Volvo L60H', type: 'Loader' })).id as number;
    manager = await joinAccount(api, mode, owner.token, 'manager');
    mechanic = await joinAccount(api, mode, owner.token, 'mechanic', { name: 'Mia Mechanic' });
    operator = await joinAccount(api, mode, owner.token, 'operator', { machineIds: [machineId] });
    viewer = await joinAccount(api, mode, owner.token, 'viewer');
    const supplierId = ok(await api.post('/api/suppliers', supplierBody(), owner.token), 201).id as number;
    partId = ok(await api.post('/api/parts', partBody(supplierId, { name: 'Oil filter', quantity: 10, price: 12.4 }), owner.token), 201).id as number;
    const theirSupplier = ok(await api.post('/api/suppliers', supplierBody(), stranger.token), 201).id as number;
    strangerPartId = ok(await api.post('/api/parts', partBody(theirSupplier, { name: 'Their filter' }), stranger.token), 201).id as number;
    await expectEventually(async () => expect((await api.get(`/api/machines/${machineId}/issues`, owner.token)).status).toBe(200));
  }, 120_000);

  it('keeps a template with its steps and kit, readable by whoever reads work orders, kept by whoever writes them', async () => {
    const made = ok(await api.post('/api/job-templates', service250(partId), owner.token), 201);
    expect(made).toMatchObject({
      id: expect.any(Number),
      name: '250-hour service, Volvo L60H',
      steps: ['Drain engine oil', 'Change oil filter', 'Grease pivots'],
      lines: [
        { kind: 'labour', hours: 2.5, rate: 60 },
        { kind: 'part', partId, partName: 'Oil filter', quantity: 2 },
        { kind: 'other', description: 'Oil disposal', cost: 15 },
      ],
      createdBy: { id: owner.id },
    });
    for (const reader of [manager, mechanic, viewer]) {
      expect(ok(await api.get(`/api/job-templates/${made.id}`, reader.token), 200)).toMatchObject({ id: made.id, lines: [{ rate: 60 }, {}, { cost: 15 }] });
      expect((ok(await api.get('/api/job-templates', reader.token), 200) as { id: number }[]).map((t) => t.id)).toContain(made.id);
    }
    // Operators see no work orders, so no templates; viewers read but do not keep them.
    expect(ok(await api.get('/api/job-templates', operator.token), 403)).toMatchObject({ code: 'FORBIDDEN' });
    expect(ok(await api.post('/api/job-templates', service250(partId), viewer.token), 403)).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Your role (viewer) cannot add, change or complete work orders',
    });
    ok(await api.put(`/api/job-templates/${made.id}`, { ...service250(partId), name: '250 h service' }, mechanic.token), 200);
    const renamed = ok(await api.put(`/api/job-templates/${made.id}`, { ...service250(partId), steps: ['Drain oil'] }, manager.token), 200);
    expect(renamed).toMatchObject({ name: '250-hour service, Volvo L60H', steps: ['Drain oil'], updatedBy: { id: manager.id } });

    // Another account's template is not disclosed.
    expect(ok(await api.get(`/api/job-templates/${made.id}`, stranger.token), 404)).toMatchObject({ code: 'NOT_FOUND', message: 'Job template not found' });
    ok(await api.put(`/api/job-templates/${made.id}`, service250(strangerPartId), stranger.token), 404);
    ok(await api.delete(`/api/job-templates/${made.id}`, stranger.token), 404);
    expect(ok(await api.get('/api/job-templates', stranger.token), 200)).toEqual([]);

    const spare = ok(await api.post('/api/job-templates', { name: 'Spare' }, mechanic.token), 201);
    expect(spare).toMatchObject({ steps: [], lines: [] });
    ok(await api.delete(`/api/job-templates/${spare.id}`, viewer.token), 403);
    ok(await api.delete(`/api/job-templates/${spare.id}`, mechanic.token), 204);
    ok(await api.get(`/api/job-templates/${spare.id}`, owner.token), 404);
  });

  it('refuses another account’s part, negative quantities and hours, and an empty name, with the field', async () => {
    const bad = async (body: unknown) => ok(await api.post('/api/job-templates', body, owner.token), 400);
    expect(await bad({ ...service250(partId), lines: [{ kind: 'part', partId: strangerPartId, quantity: 1 }] })).toMatchObject({
      code: 'VALIDATION',
      errors: [{ field: 'lines.0.partId', message: 'Part not found' }],
    });
    expect(await bad({ ...service250(partId), lines: [{ kind: 'part', partId, quantity: -2 }] })).toMatchObject({
      errors: [{ field: 'lines.0.quantity', message: 'Quantity must be a whole number from 1 to 1000000' }],
    });
    expect(await bad({ ...service250(partId), lines: [{ kind: 'labour', hours: -1 }] })).toMatchObject({
      errors: [{ field: 'lines.0.hours', message: 'Hours must be a number from 0 to 10000 with at most 2 decimals' }],
    });
    expect(await bad({ ...service250(partId), name: '  ' })).toMatchObject({
      errors: [{ field: 'name', message: 'Name is required, at most 120 characters' }],
    });
    ok(await api.get('/api/job-templates/0x1', owner.token), 400);
  });

  it('starts a work order from a template: its lines at today’s price, the filters reserved, the steps to tick', async () => {
    const template = ok(await api.post('/api/job-templates', service250(partId), owner.token), 201);
    const before = await reserved();
    const order = ok(await api.post('/api/work-orders', { machineId, title: '250 h service', templateId: template.id }, mechanic.token), 201);
    expect(order.lines).toMatchObject([
      { kind: 'labour', hours: 2.5, rate: 60, amount: 150 },
      { kind: 'part', partId, partName: 'Oil filter', quantity: 2, unitPrice: 12.4, amount: 24.8 },
      { kind: 'other', description: 'Oil disposal', cost: 15, amount: 15 },
    ]);
    expect(order.totals).toEqual({ labour: 150, parts: 24.8, other: 15, total: 189.8 });
    expect(order.steps).toEqual([
      { text: 'Drain engine oil', done: false },
      { text: 'Change oil filter', done: false },
      { text: 'Grease pivots', done: false },
    ]);
    expect(await reserved()).toBe(before + 2);

    const steps = order.steps.map((s: { text: string }, i: number) => ({ ...s, done: i < 2 }));
    const ticked = ok(await api.put(`/api/work-orders/${order.id}`, { steps }, mechanic.token), 200);
    expect(ticked.steps.map((s: { done: boolean }) => s.done)).toEqual([true, true, false]);

    expect(ok(await api.post('/api/work-orders', { machineId, title: 'x', templateId: template.id }, stranger.token), 404)).toMatchObject({
      code: 'NOT_FOUND',
    });
    const theirs = ok(await api.post('/api/job-templates', { name: 'Theirs' }, stranger.token), 201);
    expect(ok(await api.post('/api/work-orders', { machineId, title: 'x', templateId: theirs.id }, owner.token), 400)).toMatchObject({
      errors: [{ field: 'templateId', message: 'Job template not found' }],
    });
    ok(await api.delete(`/api/work-orders/${order.id}`, owner.token), 204);
    expect(await reserved()).toBe(before);
  });

  it('starts an order made from a due schedule with the template the schedule names', async () => {
    const template = ok(await api.post('/api/job-templates', service250(partId), owner.token), 201);
    await meterOf(api, owner.token, machineId, 'hours');
    const schedule = ok(
      await api.post(
        `/api/machines/${machineId}/schedules`,
        {
          title: '250 h service',
          serviceType: 'Oil Change',
          intervalHours: 250,
          recurring: true,
          anchor: 'completion',
          lastDoneHours: 0,
          jobTemplateId: template.id,
        },
        owner.token,
      ),
      201,
    );
    expect(schedule.jobTemplateId).toBe(template.id);
    const order = ok(
      await api.post('/api/work-orders', { machineId, title: 'Due work', scheduleIds: [schedule.id], templateId: template.id }, owner.token),
      201,
    );
    // Named twice (the order and its schedule), the template is applied once.
    expect(order.lines.map((l: { kind: string }) => l.kind)).toEqual(['labour', 'part', 'other']);
    expect(order.steps).toHaveLength(3);
    expect(order.scheduleIds).toEqual([schedule.id]);
  });
});
