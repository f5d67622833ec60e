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
import { readPdf } from './pdf-text.js';

// Issue 35's inspections across the real services: an operator does the daily walk-around on a
// phone, a track sag outside 1 to 2 in fails by itself and opens an issue the manager sees on the
// machine; a retry answers the same inspection; the bad inputs and the roles of the issue's list.

describe.each(e2eProducts())('inspections (%s)', (mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  let owner: ApprovedUser;
  let stranger: ApprovedUser;
  let operator: JoinedMember;
  let viewer: JoinedMember;
  let mechanic: JoinedMember;
  let excavator: number;
  let loader: number;
  let walkAround: { id: number; items: { id: string; kind: string; min: number | null }[] };
  const today = new Date().toISOString().slice(0, 10);

  const ok = <T = any>(res: { status: number; text: string; body: T }, status: number): T => {
    expect(`${res.status} ${res.status === status ? '' : res.text.slice(0, 300)}`.trim()).toBe(String(status));
    return res.body;
  };
  /** Every item of the walk-around passed, numbers inside their range. */
  const passAll = () =>
    walkAround.items.filter((i) => i.kind !== 'text').map((i) => ({ itemId: i.id, result: 'pass', ...(i.kind === 'number' ? { value: i.min ?? 1 } : {}) }));
  const inspect = (machineId: number, items: unknown[], token: string, headers: Record<string, string> = {}) =>
    api.request('POST', `/api/machines/${machineId}/inspections`, {
      token,
      headers,
      body: { formId: walkAround.id, readAt: today, meters: { hours: 812 }, items },
    });

  beforeAll(async () => {
    [owner, stranger] = await Promise.all([createApprovedUser(api, { name: 'Yard Owner' }), createApprovedUser(api, { name: 'Yard Stranger' })]);
    excavator = (await createMachine(api, owner.token, { name: 'CAT 320', type: 'Excavator' })).id as number;
    loader = (await createMachine(api, owner.token, { name: 'Volvo L60H', type: 'Loader' })).id as number;
    operator = await joinAccount(api, mode, owner.token, 'operator', { name: 'Otto Operator', machineIds: [excavator] });
    viewer = await joinAccount(api, mode, owner.token, 'viewer');
    mechanic = await joinAccount(api, mode, owner.token, 'mechanic');
    await expectEventually(async () => expect((await api.get(`/api/machines/${excavator}/inspections`, owner.token)).status).toBe(200));
    await expectEventually(async () => expect((await api.get(`/api/machines/${loader}/inspections`, owner.token)).status).toBe(200));
    const forms = ok(await api.get('/api/inspection-forms', operator.token), 200) as { id: number; name: string; builtIn: boolean }[];
    walkAround = forms.find((f) => f.name === 'Daily walk-around (excavator, loader)') as never;
  }, 120_000);

  it('fails a track sag outside 1 to 2 in by itself, opens an issue the owner sees on the machine, and prints it', async () => {
    const items = passAll().map((a) => (a.itemId === 'track-sag' ? { ...a, value: 2.75, note: 'Left track slack' } : a));
    const made = ok(await inspect(excavator, items, operator.token), 201);
    expect(made).toMatchObject({
      machineId: excavator,
      machineName: 'CAT 320',
      failedCount: 1,
      meters: { distance: null, hours: 812 },
      createdBy: { name: 'Otto Operator' },
    });
    expect(made.items.find((i: { itemId: string }) => i.itemId === 'track-sag')).toMatchObject({
      result: 'fail',
      value: 2.75,
      failed: true,
      note: 'Left track slack',
    });
    expect(made.issues).toHaveLength(1);
    expect(made.issues[0]).toMatchObject({
      title: 'Inspection failed: Track sag (in), 1 to 2 (2.75)',
      priority: 'medium',
      status: 'open',
      inspectionId: made.id,
    });

    const issues = ok(await api.get(`/api/machines/${excavator}/issues`, owner.token), 200) as { id: number; inspectionId: number | null }[];
    expect(issues.find((i) => i.id === made.issues[0].id)).toMatchObject({ inspectionId: made.id });
    expect(ok(await api.get(`/api/inspections/${made.id}`, viewer.token), 200)).toMatchObject({ id: made.id, issueIds: [made.issues[0].id] });
    expect((ok(await api.get(`/api/machines/${excavator}/inspections`, viewer.token), 200) as { id: number }[])[0]).toMatchObject({
      id: made.id,
      failedCount: 1,
    });
    // It stays out of the service history.
    expect(ok(await api.get(`/api/services/machine/${excavator}`, owner.token), 200)).toEqual([]);

    const res = await fetch(`${baseUrl}/api/inspections/${made.id}.pdf`, { headers: { authorization: `Bearer ${viewer.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = readPdf(Buffer.from(await res.arrayBuffer()));
    expect(pdf.text).toContain('CAT 320');
    expect(pdf.text).toContain('Track sag (in), 1 to 2');
    expect(pdf.text).toContain('FAIL');
  });

  it('answers a retry with the same Idempotency-Key with the same inspection, once, and an issue report too', async () => {
    const items = passAll().map((a) => (a.itemId === 'cab' ? { ...a, result: 'fail' } : a));
    const key = { 'idempotency-key': `insp-${mode}-${Date.now()}` };
    const first = ok(await inspect(excavator, items, operator.token, key), 201);
    const again = ok(await inspect(excavator, items, operator.token, key), 201);
    expect(again.id).toBe(first.id);
    expect(again.issues.map((i: { id: number }) => i.id)).toEqual(first.issues.map((i: { id: number }) => i.id));
    const issueKey = { 'idempotency-key': `issue-${mode}-${Date.now()}` };
    const report = { title: 'Cracked step', priority: 'low' };
    const issue = ok(await api.request('POST', `/api/machines/${excavator}/issues`, { token: operator.token, headers: issueKey, body: report }), 201);
    expect(ok(await api.request('POST', `/api/machines/${excavator}/issues`, { token: operator.token, headers: issueKey, body: report }), 201).id).toBe(
      issue.id,
    );
    const all = ok(await api.get(`/api/machines/${excavator}/issues`, owner.token), 200) as { title: string; inspectionId: number | null }[];
    expect(all.filter((i) => i.title === 'Cracked step')).toHaveLength(1);
    expect(all.filter((i) => i.inspectionId === first.id)).toHaveLength(1);
  });

  it('refuses a missing required item, an unknown item, a number without a number, a form with no items or min above max (400 with the field)', async () => {
    const missing = await inspect(
      excavator,
      passAll().filter((a) => a.itemId !== 'coolant'),
      operator.token,
    );
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Required item not answered: Coolant level');
    expect(missing.body.errors).toEqual([{ field: 'items.coolant', message: 'Required item not answered: Coolant level' }]);
    const unknown = await inspect(excavator, [...passAll(), { itemId: 'wings', result: 'pass' }], operator.token);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Unknown item: not on this form (wings)');
    const noNumber = await inspect(
      excavator,
      passAll().map((a) => (a.itemId === 'track-sag' ? { itemId: 'track-sag', result: 'pass' } : a)),
      operator.token,
    );
    expect(noNumber.status).toBe(400);
    expect(noNumber.body.message).toBe('A number item needs a number: Track sag (in), 1 to 2');
    const badResult = await inspect(excavator, [{ itemId: 'coolant', result: 'maybe' }], operator.token);
    expect(badResult.status).toBe(400);
    expect(badResult.body.message).toBe('Result must be one of pass, fail, na');

    const empty = await api.post('/api/inspection-forms', { name: 'Empty', items: [] }, owner.token);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('A form needs from 1 to 100 items');
    const upsideDown = await api.post(
      '/api/inspection-forms',
      { name: 'Sag', items: [{ id: 'sag', label: 'Sag', kind: 'number', required: true, min: 2, max: 1 }] },
      owner.token,
    );
    expect(upsideDown.status).toBe(400);
    expect(upsideDown.body.errors).toEqual([{ field: 'items.0.min', message: 'Min must not be greater than max' }]);
  });

  it("answers 404 for an operator's unassigned machine and another account's form, 403 for a viewer's inspection and a mechanic's form", async () => {
    expect(await inspect(loader, passAll(), operator.token)).toMatchObject({ status: 404, body: { message: 'Machine not found' } });
    expect(await inspect(excavator, passAll(), viewer.token)).toMatchObject({ status: 403, body: { message: 'Your role (viewer) cannot do inspections' } });
    const theirs = ok(
      await api.post('/api/inspection-forms', { name: 'Theirs', items: [{ id: 'a', label: 'A', kind: 'pass_fail', required: true }] }, stranger.token),
      201,
    );
    expect((await api.get(`/api/inspection-forms/${theirs.id}`, owner.token)).status).toBe(404);
    const withTheirs = await api.post(
      `/api/machines/${excavator}/inspections`,
      { formId: theirs.id, readAt: today, items: [{ itemId: 'a', result: 'pass' }] },
      owner.token,
    );
    expect(withTheirs).toMatchObject({ status: 404, body: { message: 'Inspection form not found' } });
    const form = { name: 'Yard check', frequency: 'weekly', items: [{ id: 'gate', label: 'Gate locked', kind: 'pass_fail', required: true }] };
    expect(await api.post('/api/inspection-forms', form, mechanic.token)).toMatchObject({
      status: 403,
      body: { message: 'Your role (mechanic) cannot add, change or delete inspection forms' },
    });
    const mine = ok(await api.post('/api/inspection-forms', form, owner.token), 201);
    expect(ok(await api.put(`/api/inspection-forms/${mine.id}`, { ...form, name: 'Yard weekly' }, owner.token), 200)).toMatchObject({ name: 'Yard weekly' });
    expect((await api.put(`/api/inspection-forms/${walkAround.id}`, form, owner.token)).status).toBe(403);
    expect((await api.delete(`/api/inspection-forms/${mine.id}`, owner.token)).status).toBe(204);
    expect((await api.get(`/api/inspection-forms/${mine.id}`, owner.token)).status).toBe(404);
  });

  it('lists a machine as due the day after its daily inspection, only to those who reach it, and not once inspected today', async () => {
    const dueLoader = async (token: string) =>
      (ok(await api.get('/api/inspections/due', token), 200) as { machineId: number; formId: number }[]).filter((d) => d.machineId === loader);
    ok(await api.post(`/api/machines/${loader}/inspections`, { formId: walkAround.id, readAt: '2026-01-05', items: passAll() }, mechanic.token), 201);
    expect(await dueLoader(owner.token)).toEqual([
      {
        machineId: loader,
        machineName: 'Volvo L60H',
        formId: walkAround.id,
        formName: 'Daily walk-around (excavator, loader)',
        frequency: 'daily',
        lastReadAt: '2026-01-05',
        dueOn: '2026-01-06',
      },
    ]);
    expect(await dueLoader(operator.token)).toEqual([]);
    ok(await inspect(loader, passAll(), mechanic.token), 201);
    expect(await dueLoader(owner.token)).toEqual([]);
  });
});
