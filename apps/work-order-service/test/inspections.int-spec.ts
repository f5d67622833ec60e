import {
  INSPECTION_BY_MACHINE,
  INSPECTION_CREATE,
  INSPECTION_DUE,
  INSPECTION_FORM_CREATE,
  INSPECTION_FORM_DELETE,
  INSPECTION_FORM_GET,
  INSPECTION_FORM_LIST,
  INSPECTION_FORM_UPDATE,
  INSPECTION_GET,
  ISSUE_BY_MACHINE,
  ISSUE_CREATE,
  type InspectionForm,
  type InspectionFormInput,
} from '@wrenchlog/contracts';
import { expectEventually, testEngines } from '@wrenchlog/testing';
import { announceMachine, member, memberOf, OtherServices, ServiceUnderTest, userA, userB } from './harness.js';

// Issue 35's inspections in work-order-service: forms (built-in and the account's), inspections
// graded against their form, a failed item opening an issue, retries, who may do what, and due.
describe.each(await testEngines())('inspections (%s)', (engine) => {
  let svc: ServiceUnderTest;
  const others = new OtherServices();
  const operator = memberOf(userA, 'operator', 3101);
  const mechanic = memberOf(userA, 'mechanic', 3102);
  const viewer = memberOf(userA, 'viewer', 3103);
  const excavator = 7101;
  const truck = 7102;
  const theirs = 7103;
  let walkAround: InspectionForm;
  const today = new Date().toISOString().slice(0, 10);
  const refusal = async (p: Promise<{ code: string; message: string; details?: unknown }>) => {
    const { code, message, details } = await p;
    return details ? { code, message, details } : { code, message };
  };
  const passAll = (form: InspectionForm) =>
    form.items.filter((i) => i.kind !== 'text').map((i) => ({ itemId: i.id, result: 'pass' as const, ...(i.kind === 'number' ? { value: i.min ?? 1 } : {}) }));
  const ownForm: InspectionFormInput = {
    name: 'Forklift check',
    machineType: 'Forklift',
    frequency: 'weekly',
    items: [
      { id: 'forks', label: 'Forks and chains', kind: 'pass_fail', required: true },
      { id: 'tilt', label: 'Mast tilt (deg)', kind: 'number', required: true, min: 3, max: 6 },
    ],
  };

  beforeAll(async () => {
    svc = await ServiceUnderTest.start(engine, others);
    await announceMachine(svc, excavator, userA, 'CAT 320');
    await announceMachine(svc, truck, userA, 'Ford F-550');
    await announceMachine(svc, theirs, userB);
    await member(svc, userA, 'Olga Owner', null);
    await member(svc, operator, 'Otto Operator', [excavator]);
    await member(svc, mechanic, 'Mia Mechanic', [excavator, truck]);
    await member(svc, viewer, 'Vera Viewer', null);
    await expectEventually(async () => expect(await svc.send(ISSUE_BY_MACHINE, { machineId: truck }, userA)).toEqual([]));
    await expectEventually(async () => expect(await svc.send(ISSUE_BY_MACHINE, { machineId: theirs }, userB)).toEqual([]));
    walkAround = (await svc.send(INSPECTION_FORM_LIST, {}, operator)).find((f) => f.name.startsWith('Daily walk-around'))!;
  });
  afterAll(async () => {
    await svc?.stop();
  });

  it('offers every account the three built-in forms, read-only even to an owner', async () => {
    const forms = await svc.send(INSPECTION_FORM_LIST, {}, userB);
    expect(forms.filter((f) => f.builtIn).map((f) => f.name)).toEqual([
      'Pre-trip vehicle inspection (DVIR)',
      'Daily walk-around (excavator, loader)',
      'Mower pre-use check',
    ]);
    expect(walkAround.items.find((i) => i.id === 'track-sag')).toEqual({
      id: 'track-sag',
      label: 'Track sag (in), 1 to 2',
      kind: 'number',
      required: true,
      min: 1,
      max: 2,
    });
    expect(await refusal(svc.failure(INSPECTION_FORM_UPDATE, { id: walkAround.id, form: ownForm }, userA))).toMatchObject({ code: 'FORBIDDEN' });
    expect(await refusal(svc.failure(INSPECTION_FORM_DELETE, { id: walkAround.id }, userA))).toMatchObject({ code: 'FORBIDDEN' });
  });

  it("keeps an account's own forms to it, edited by owners and managers only", async () => {
    const form = await svc.send(INSPECTION_FORM_CREATE, { form: ownForm }, userA);
    expect(form).toMatchObject({ name: 'Forklift check', builtIn: false, frequency: 'weekly', createdBy: { id: userA.userId, name: 'Olga Owner' } });
    expect(form.items[0]).toEqual({ id: 'forks', label: 'Forks and chains', kind: 'pass_fail', required: true, min: null, max: null });
    expect(await refusal(svc.failure(INSPECTION_FORM_GET, { id: form.id }, userB))).toEqual({ code: 'NOT_FOUND', message: 'Inspection form not found' });
    expect(await refusal(svc.failure(INSPECTION_FORM_CREATE, { form: ownForm }, mechanic))).toEqual({
      code: 'FORBIDDEN',
      message: 'Your role (mechanic) cannot add, change or delete inspection forms',
    });
    const renamed = await svc.send(INSPECTION_FORM_UPDATE, { id: form.id, form: { ...ownForm, name: 'Forklift weekly' } }, userA);
    expect(renamed).toMatchObject({ name: 'Forklift weekly', updatedBy: { id: userA.userId } });
    expect(await svc.send(INSPECTION_FORM_DELETE, { id: form.id }, userA)).toEqual({ id: form.id });
    expect(await refusal(svc.failure(INSPECTION_FORM_GET, { id: form.id }, userA))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses a form with no items, min above max, or one id twice, naming the field', async () => {
    expect(await refusal(svc.failure(INSPECTION_FORM_CREATE, { form: { ...ownForm, items: [] } }, userA))).toMatchObject({
      code: 'VALIDATION',
      details: [{ field: 'items', message: 'A form needs from 1 to 100 items' }],
    });
    const upsideDown = { ...ownForm, items: [{ id: 'sag', label: 'Sag', kind: 'number' as const, required: true, min: 2, max: 1 }] };
    expect(await refusal(svc.failure(INSPECTION_FORM_CREATE, { form: upsideDown }, userA))).toEqual({
      code: 'VALIDATION',
      message: 'Min must not be greater than max',
      details: [{ field: 'items.0.min', message: 'Min must not be greater than max' }],
    });
    const twice = { ...ownForm, items: [ownForm.items[0], ownForm.items[0]] };
    expect(await refusal(svc.failure(INSPECTION_FORM_CREATE, { form: twice }, userA))).toMatchObject({ details: [{ field: 'items.1.id' }] });
  });

  it('fails a number outside its range by itself, and opens a medium issue per failed item, linked', async () => {
    const answers = passAll(walkAround).map((a) =>
      a.itemId === 'track-sag' ? { ...a, value: 2.5 } : a.itemId === 'bucket' ? { ...a, result: 'fail' as const, note: 'Two teeth missing' } : a,
    );
    const made = await svc.send(
      INSPECTION_CREATE,
      { machineId: excavator, inspection: { formId: walkAround.id, readAt: today, meters: { hours: 1520 }, items: answers, signedBy: 'Otto Operator' } },
      operator,
    );
    expect(made).toMatchObject({
      machineName: 'CAT 320',
      formName: walkAround.name,
      failedCount: 2,
      signedBy: 'Otto Operator',
      meters: { distance: null, hours: 1520 },
    });
    expect(made.createdBy).toMatchObject({ id: operator.userId, name: 'Otto Operator' });
    expect(made.items.find((i) => i.itemId === 'track-sag')).toMatchObject({ result: 'fail', value: 2.5, failed: true });
    expect(made.issues.map((i) => [i.title, i.priority, i.status, i.inspectionId])).toEqual([
      ['Inspection failed: Track sag (in), 1 to 2 (2.5)', 'medium', 'open', made.id],
      ['Inspection failed: Bucket, teeth and pins', 'medium', 'open', made.id],
    ]);
    expect(made.issueIds).toEqual(made.issues.map((i) => i.id));
    const onMachine = await svc.send(ISSUE_BY_MACHINE, { machineId: excavator }, viewer);
    expect(onMachine.filter((i) => i.inspectionId === made.id)).toHaveLength(2);
    expect(await svc.send(INSPECTION_GET, { id: made.id }, viewer)).toMatchObject({ id: made.id, failedCount: 2, issueIds: made.issueIds });
    const list = await svc.send(INSPECTION_BY_MACHINE, { machineId: excavator }, operator);
    expect(list[0]).toMatchObject({ id: made.id, failedCount: 2 });
    expect(list[0]).not.toHaveProperty('items');
  });

  it('answers a retry with the same Idempotency-Key with the first inspection and its issues, once; an issue report too', async () => {
    const body = {
      machineId: excavator,
      inspection: { formId: walkAround.id, readAt: today, items: passAll(walkAround).map((a) => (a.itemId === 'cab' ? { ...a, result: 'fail' as const } : a)) },
    };
    const first = await svc.send(INSPECTION_CREATE, body, operator, 'insp-retry-1');
    const again = await svc.send(INSPECTION_CREATE, body, operator, 'insp-retry-1');
    expect(again.id).toBe(first.id);
    expect(again.issues.map((i) => i.id)).toEqual(first.issues.map((i) => i.id));
    const issues = await svc.send(ISSUE_BY_MACHINE, { machineId: excavator }, operator);
    expect(issues.filter((i) => i.inspectionId === first.id)).toHaveLength(1);
    const report = { machineId: excavator, issue: { title: 'Cracked mirror', priority: 'low' as const } };
    const issue = await svc.send(ISSUE_CREATE, report, operator, 'issue-retry-1');
    expect((await svc.send(ISSUE_CREATE, report, operator, 'issue-retry-1')).id).toBe(issue.id);
    expect((await svc.send(ISSUE_BY_MACHINE, { machineId: excavator }, operator)).filter((i) => i.title === 'Cracked mirror')).toHaveLength(1);
  });

  it('refuses a missing required item, an unknown item, a number without a number, and a form of another account', async () => {
    const send = (items: unknown[], formId = walkAround.id) =>
      refusal(svc.failure(INSPECTION_CREATE, { machineId: excavator, inspection: { formId, readAt: today, items: items as never } }, operator));
    const all = passAll(walkAround);
    expect(await send(all.filter((a) => a.itemId !== 'coolant'))).toEqual({
      code: 'VALIDATION',
      message: 'Required item not answered: Coolant level',
      details: [{ field: 'items.coolant', message: 'Required item not answered: Coolant level' }],
    });
    expect(await send([...all, { itemId: 'wings', result: 'pass' }])).toMatchObject({
      details: [{ field: `items.${all.length}.itemId`, message: 'Unknown item: not on this form (wings)' }],
    });
    expect(await send(all.map((a) => (a.itemId === 'track-sag' ? { itemId: 'track-sag', result: 'pass' } : a)))).toMatchObject({
      details: [{ field: 'items.track-sag.value', message: 'A number item needs a number: Track sag (in), 1 to 2' }],
    });
    const theirForm = await svc.send(INSPECTION_FORM_CREATE, { form: ownForm }, userB);
    expect(await send(all, theirForm.id)).toEqual({ code: 'NOT_FOUND', message: 'Inspection form not found' });
  });

  it("lets operators inspect only their machines (404 elsewhere), viewers only read (403), and hides another account's", async () => {
    const inspection = { formId: walkAround.id, readAt: today, items: passAll(walkAround) };
    expect(await refusal(svc.failure(INSPECTION_CREATE, { machineId: truck, inspection }, operator))).toEqual({
      code: 'NOT_FOUND',
      message: 'Machine not found',
    });
    expect(await refusal(svc.failure(INSPECTION_CREATE, { machineId: excavator, inspection }, viewer))).toEqual({
      code: 'FORBIDDEN',
      message: 'Your role (viewer) cannot do inspections',
    });
    const made = await svc.send(INSPECTION_CREATE, { machineId: truck, inspection }, mechanic);
    expect(made.failedCount).toBe(0);
    expect(made.issues).toEqual([]);
    expect(await refusal(svc.failure(INSPECTION_GET, { id: made.id }, operator))).toEqual({ code: 'NOT_FOUND', message: 'Inspection not found' });
    expect(await refusal(svc.failure(INSPECTION_GET, { id: made.id }, userB))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('lists a machine as due the day after its daily inspection, and not before', async () => {
    const form = await svc.send(INSPECTION_FORM_CREATE, { form: { ...ownForm, name: 'Truck daily', frequency: 'daily' } }, userA);
    const items = [
      { itemId: 'forks', result: 'pass' as const },
      { itemId: 'tilt', result: 'pass' as const, value: 4 },
    ];
    await svc.send(INSPECTION_CREATE, { machineId: truck, inspection: { formId: form.id, readAt: '2026-01-05', items } }, mechanic);
    const due = (await svc.send(INSPECTION_DUE, {}, viewer)).filter((d) => d.formId === form.id);
    expect(due).toEqual([
      {
        machineId: truck,
        machineName: 'Ford F-550',
        formId: form.id,
        formName: 'Truck daily',
        frequency: 'daily',
        lastReadAt: '2026-01-05',
        dueOn: '2026-01-06',
      },
    ]);
    // The operator does not reach the truck: not theirs to see.
    expect((await svc.send(INSPECTION_DUE, {}, operator)).filter((d) => d.formId === form.id)).toEqual([]);
    await svc.send(INSPECTION_CREATE, { machineId: truck, inspection: { formId: form.id, readAt: today, items } }, mechanic);
    expect((await svc.send(INSPECTION_DUE, {}, viewer)).filter((d) => d.formId === form.id)).toEqual([]);
  });
});
