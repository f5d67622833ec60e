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

// Issue 35 across the real services: an issue reported "out of service" takes its machine Down
// (machine-service applies work-order-service's event), and the last one resolved, closed or
// deleted brings it back: to the status it had, or to the one a person set by hand meanwhile.

describe.each(e2eProducts())('a machine out of service (%s)', (mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  let owner: ApprovedUser;
  let operator: JoinedMember;

  const ok = <T = any>(res: { status: number; text: string; body: T }, status: number): T => {
    expect(`${res.status} ${res.status === status ? '' : res.text.slice(0, 300)}`.trim()).toBe(String(status));
    return res.body;
  };
  const statusOf = async (machineId: number) => ok(await api.get(`/api/machines?machineId=${machineId}`, owner.token), 200).status;
  const becomes = (machineId: number, status: string) => expectEventually(async () => expect(await statusOf(machineId)).toBe(status));
  const newMachine = async (status: string) => {
    const id = (await createMachine(api, owner.token, { name: 'Volvo L60H', type: 'Loader', status })).id as number;
    // work-order-service learns of the machine by event.
    await expectEventually(async () => expect((await api.get(`/api/machines/${id}/issues`, owner.token)).status).toBe(200));
    return id;
  };
  const report = async (machineId: number, token: string, outOfService = true) =>
    ok(await api.post(`/api/machines/${machineId}/issues`, { title: 'Boom cylinder leaking', priority: 'critical', outOfService }, token), 201);

  beforeAll(async () => {
    owner = await createApprovedUser(api, { name: 'Down Owner' });
    operator = await joinAccount(api, mode, owner.token, 'operator', {});
  }, 120_000);

  it('goes Down when an operator reports it out of service, and back to its status when the last such issue is resolved', async () => {
    const machineId = await newMachine('Needs Service');
    ok(await api.put('/api/machines/update', { id: machineId, status: 'Needs Service' }, owner.token), 200);
    const first = await report(machineId, operator.token);
    expect(first).toMatchObject({ outOfService: true, status: 'open' });
    await becomes(machineId, 'Down');
    const second = await report(machineId, owner.token);
    ok(await api.post(`/api/issues/${first.id}/resolve`, { note: 'Seal replaced' }, owner.token), 200);
    // One out-of-service issue is still open: the machine stays Down.
    await expectEventually(async () => expect((await api.get(`/api/issues/${first.id}`, owner.token)).body.status).toBe('resolved'));
    expect(await statusOf(machineId)).toBe('Down');
    ok(await api.post(`/api/issues/${second.id}/close`, { reason: 'Same leak' }, owner.token), 200);
    await becomes(machineId, 'Needs Service');
  });

  it('keeps the status set by hand while it was Down when the issue is resolved', async () => {
    const machineId = await newMachine('Good');
    const issue = await report(machineId, operator.token);
    await becomes(machineId, 'Down');
    ok(await api.put('/api/machines/update', { id: machineId, status: 'Under Repair' }, owner.token), 200);
    ok(await api.post(`/api/issues/${issue.id}/resolve`, { note: 'Fixed' }, owner.token), 200);
    await expectEventually(async () => expect(await statusOf(machineId)).toBe('Under Repair'));
    // Down again and released again: had the release brought back Good, the machine would remember Good now.
    const next = await report(machineId, owner.token);
    await becomes(machineId, 'Down');
    ok(await api.delete(`/api/issues/${next.id}`, owner.token), 204);
    await becomes(machineId, 'Under Repair');
  });

  it('leaves the status alone for an issue that does not stop the machine', async () => {
    const machineId = await newMachine('Good');
    await report(machineId, operator.token, false);
    const down = await report(machineId, owner.token);
    await becomes(machineId, 'Down');
    ok(await api.delete(`/api/issues/${down.id}`, owner.token), 204);
    await becomes(machineId, 'Good');
  });
});
