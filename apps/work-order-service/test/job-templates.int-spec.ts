import {
  JOB_TEMPLATE_CREATE,
  JOB_TEMPLATE_DELETE,
  JOB_TEMPLATE_GET,
  JOB_TEMPLATE_LIST,
  JOB_TEMPLATE_UPDATE,
  WORK_ORDER_COMPLETE,
  WORK_ORDER_CREATE,
  WORK_ORDER_GET,
  WORK_ORDER_UPDATE,
  type JobTemplateInput,
} from '@wrenchlog/contracts';
import { expectEventually, testEngines } from '@wrenchlog/testing';
import { announceMachine, member, memberOf, OtherServices, ServiceUnderTest, userA, userB } from './harness.js';

// Issue 35's job templates in work-order-service: the templates themselves (who keeps them, what
// they refuse), and a work order starting from one (its lines, its parts reserved, its checklist),
// named on the order or by the order's due schedules, each template once.
describe.each(await testEngines())('job templates (%s)', (engine) => {
  let svc: ServiceUnderTest;
  const others = new OtherServices();
  const mechanic = memberOf(userA, 'mechanic', 3102);
  const viewer = memberOf(userA, 'viewer', 3103);
  const operator = memberOf(userA, 'operator', 3101);
  const loader = 7101;
  const service250: JobTemplateInput = {
    name: '250-hour service, Volvo L60H',
    steps: ['Drain engine oil', 'Change oil filter', 'Grease pivots'],
    lines: [
      { kind: 'labour', hours: 2.5, rate: 60 },
      { kind: 'part', partId: 52, quantity: 2 },
      { kind: 'other', description: 'Oil disposal', cost: 15 },
    ],
  };
  const held = (orderId: number) => others.reservations.get(`work-order:${orderId}`);
  const refusal = async (p: Promise<{ code: string; message: string; details?: unknown }>) => {
    const { code, message, details } = await p;
    return details ? { code, message, details } : { code, message };
  };

  beforeAll(async () => {
    svc = await ServiceUnderTest.start(engine, others);
    await announceMachine(svc, loader, userA, 'Volvo L60H');
    await member(svc, userA, 'Olga Owner', null);
    await member(svc, mechanic, 'Mia Mechanic', [loader]);
    await member(svc, viewer, 'Vera Viewer', null);
    others.parts.set(52, { name: 'Oil filter', price: 12.4, accountId: userA.accountId });
    others.parts.set(53, { name: 'Grease cartridge', price: 6, accountId: userA.accountId });
    others.parts.set(90, { name: 'Their filter', price: 1, accountId: userB.accountId });
    others.stock.set(52, 10);
    await expectEventually(async () =>
      expect((await svc.send(WORK_ORDER_CREATE, { order: { machineId: loader, title: 'probe' } }, userA)).machineId).toBe(loader),
    );
  });
  afterAll(async () => {
    await svc?.stop();
  });

  it('keeps a template with its steps and kit, the part named from the inventory, for the account only', async () => {
    const created = await svc.send(JOB_TEMPLATE_CREATE, { template: service250 }, mechanic);
    expect(created).toMatchObject({
      name: '250-hour service, Volvo L60H',
      steps: ['Drain engine oil', 'Change oil filter', 'Grease pivots'],
      lines: [
        { kind: 'labour', hours: 2.5, rate: 60 },
        { kind: 'part', partId: 52, partName: 'Oil filter', quantity: 2 },
        { kind: 'other', description: 'Oil disposal', cost: 15 },
      ],
      createdBy: { id: mechanic.userId, name: 'Mia Mechanic' },
    });
    expect(await svc.send(JOB_TEMPLATE_GET, { id: created.id }, viewer)).toMatchObject({ id: created.id, lines: [{ rate: 60 }, {}, { cost: 15 }] });
    expect((await svc.send(JOB_TEMPLATE_LIST, {}, viewer)).map((t) => t.name)).toContain(service250.name);

    const changed = await svc.send(JOB_TEMPLATE_UPDATE, { id: created.id, template: { ...service250, name: '250 h service', steps: ['Drain oil'] } }, userA);
    expect(changed).toMatchObject({ name: '250 h service', steps: ['Drain oil'], updatedBy: { id: userA.userId } });
    expect(await refusal(svc.failure(JOB_TEMPLATE_GET, { id: created.id }, userB))).toEqual({ code: 'NOT_FOUND', message: 'Job template not found' });
    expect(await refusal(svc.failure(JOB_TEMPLATE_UPDATE, { id: created.id, template: service250 }, userB))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await refusal(svc.failure(JOB_TEMPLATE_DELETE, { id: created.id }, userB))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await svc.send(JOB_TEMPLATE_LIST, {}, userB)).toEqual([]);

    await svc.send(JOB_TEMPLATE_DELETE, { id: created.id }, mechanic);
    expect(await refusal(svc.failure(JOB_TEMPLATE_GET, { id: created.id }, userA))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses a part of another account, negative amounts and an empty name with the field, and viewers and operators', async () => {
    expect(
      await refusal(
        svc.failure(JOB_TEMPLATE_CREATE, { template: { ...service250, lines: [service250.lines![0], { kind: 'part', partId: 90, quantity: 1 }] } }, userA),
      ),
    ).toEqual({ code: 'VALIDATION', message: 'Part not found', details: [{ field: 'lines.1.partId', message: 'Part not found' }] });
    expect(
      await refusal(svc.failure(JOB_TEMPLATE_CREATE, { template: { ...service250, lines: [{ kind: 'part', partId: 52, quantity: -2 }] } }, userA)),
    ).toMatchObject({
      details: [{ field: 'lines.0.quantity' }],
    });
    expect(await refusal(svc.failure(JOB_TEMPLATE_CREATE, { template: { ...service250, lines: [{ kind: 'labour', hours: -1 }] } }, userA))).toMatchObject({
      details: [{ field: 'lines.0.hours' }],
    });
    expect(await refusal(svc.failure(JOB_TEMPLATE_CREATE, { template: { ...service250, name: '   ' } }, userA))).toMatchObject({
      details: [{ field: 'name', message: 'Name is required, at most 120 characters' }],
    });
    expect(await refusal(svc.failure(JOB_TEMPLATE_CREATE, { template: service250 }, viewer))).toMatchObject({ code: 'FORBIDDEN' });
    expect(await refusal(svc.failure(JOB_TEMPLATE_LIST, {}, operator))).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('starts an order from a template with its lines at the inventory price, its parts reserved and its steps to tick', async () => {
    const template = await svc.send(JOB_TEMPLATE_CREATE, { template: service250 }, userA);
    others.parts.set(52, { name: 'Oil filter', price: 13, accountId: userA.accountId });
    const order = await svc.send(WORK_ORDER_CREATE, { order: { machineId: loader, title: '250 h', templateId: template.id } }, mechanic);
    expect(order.lines).toMatchObject([
      { kind: 'labour', hours: 2.5, rate: 60, amount: 150 },
      { kind: 'part', partId: 52, partName: 'Oil filter', quantity: 2, unitPrice: 13, amount: 26 },
      { kind: 'other', description: 'Oil disposal', cost: 15 },
    ]);
    expect(order.totals).toEqual({ labour: 150, parts: 26, other: 15, total: 191 });
    expect(order.steps).toEqual(service250.steps!.map((text) => ({ text, done: false })));
    expect(held(order.id)).toEqual({ version: 1, lines: [{ key: `work-order:${order.id}:line:${order.lines[1].id}`, partId: 52, quantity: 2 }] });

    const ticked = order.steps.map((s, i) => ({ ...s, done: i === 0 }));
    expect((await svc.send(WORK_ORDER_UPDATE, { id: order.id, order: { steps: ticked } }, mechanic)).steps[0]).toEqual({
      text: 'Drain engine oil',
      done: true,
    });
    // The template changing or going later leaves the order as it started.
    await svc.send(JOB_TEMPLATE_DELETE, { id: template.id }, userA);
    expect((await svc.send(WORK_ORDER_GET, { id: order.id }, userA)).lines).toHaveLength(3);

    const done = await svc.send(WORK_ORDER_COMPLETE, { id: order.id, completedAt: '2026-11-20' }, mechanic, `complete-${order.id}`);
    expect(others.records.get(done.serviceRecordId!)?.body.notes).toContain('Steps:\n[x] Drain engine oil\n[ ] Change oil filter');
  });

  it('refuses an order naming another account’s template, or one whose part left the inventory, and makes nothing', async () => {
    const theirs = await svc.send(JOB_TEMPLATE_CREATE, { template: { name: 'Theirs', lines: [{ kind: 'part', partId: 90, quantity: 1 }] } }, userB);
    expect(await refusal(svc.failure(WORK_ORDER_CREATE, { order: { machineId: loader, title: 'x', templateId: theirs.id } }, userA))).toEqual({
      code: 'VALIDATION',
      message: 'Job template not found',
      details: [{ field: 'templateId', message: 'Job template not found' }],
    });
    const grease = await svc.send(JOB_TEMPLATE_CREATE, { template: { name: 'Grease', lines: [{ kind: 'part', partId: 53, quantity: 1 }] } }, userA);
    others.parts.delete(53);
    expect(await refusal(svc.failure(WORK_ORDER_CREATE, { order: { machineId: loader, title: 'Grease', templateId: grease.id } }, userA))).toMatchObject({
      code: 'VALIDATION',
      details: [{ field: 'templateId', message: expect.stringContaining('(Grease: Grease cartridge)') }],
    });
  });

  it('starts an order from due schedules with the templates they name, each once, beside the one it names', async () => {
    const oil = await svc.send(
      JOB_TEMPLATE_CREATE,
      { template: { name: 'Oil', steps: ['Drain oil'], lines: [{ kind: 'part', partId: 52, quantity: 1 }] } },
      userA,
    );
    const check = await svc.send(JOB_TEMPLATE_CREATE, { template: { name: 'Check', steps: ['Walk around'], lines: [{ kind: 'labour', hours: 0.5 }] } }, userA);
    others.schedules.set(61, { machineId: loader, serviceType: 'Oil Change', accountId: userA.accountId, jobTemplateId: oil.id });
    others.schedules.set(62, { machineId: loader, serviceType: 'Inspection', accountId: userA.accountId, jobTemplateId: check.id });
    others.schedules.set(63, { machineId: loader, serviceType: 'Filters', accountId: userA.accountId, jobTemplateId: oil.id });
    // A schedule may name a template gone since: the order starts without it.
    others.schedules.set(64, { machineId: loader, serviceType: 'Old', accountId: userA.accountId, jobTemplateId: 999_999 });

    const order = await svc.send(
      WORK_ORDER_CREATE,
      { order: { machineId: loader, title: 'Due work', scheduleIds: [61, 62, 63, 64], templateId: check.id } },
      userA,
    );
    expect(order.scheduleIds).toEqual([61, 62, 63, 64]);
    expect(order.lines.map((l) => l.kind)).toEqual(['labour', 'part']);
    expect(order.steps.map((s) => s.text)).toEqual(['Walk around', 'Drain oil']);
    expect(held(order.id)?.lines).toMatchObject([{ partId: 52, quantity: 1 }]);

    const plain = await svc.send(WORK_ORDER_CREATE, { order: { machineId: loader, title: 'Plain' } }, userA);
    expect(plain).toMatchObject({ lines: [], steps: [] });
    expect(held(plain.id)).toBeUndefined();
  });
});
