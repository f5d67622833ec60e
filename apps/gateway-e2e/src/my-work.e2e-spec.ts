import {
  addToAccount,
  ApiClient,
  createApprovedUser,
  createMachine,
  e2eProducts,
  expectEventually,
  joinAccount,
  type ApprovedUser,
  type JoinedMember,
} from '@wrenchlog/testing';

// Issue 35, the mechanic's portal across the real services: a mechanic who works for two farms and
// views a third sees, in one call, their open orders of both farms, each labelled with its farm,
// and nothing of anyone else's; nobody else sees theirs.

describe.each(e2eProducts())('my work (%s)', (mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  let hill: ApprovedUser;
  let valley: ApprovedUser;
  let river: ApprovedUser;
  let mechanic: JoinedMember;
  let hillId: number;
  let valleyId: number;
  const ids: Record<string, number> = {};
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

  const ok = <T = any>(res: { status: number; text: string; body: T }, status: number): T => {
    expect(`${res.status} ${res.status === status ? '' : res.text.slice(0, 300)}`.trim()).toBe(String(status));
    return res.body;
  };
  /** A machine of the owner's account, once work-order-service has heard of it. */
  const machineOf = async (owner: ApprovedUser, name: string) => {
    const id = (await createMachine(api, owner.token, { name })).id as number;
    await expectEventually(async () => expect((await api.get(`/api/machines/${id}/issues`, owner.token)).status).toBe(200));
    return id;
  };
  const order = async (key: string, token: string, body: Record<string, unknown>) => {
    ids[key] = ok(await api.post('/api/work-orders', { title: key, ...body }, token), 201).id as number;
  };

  beforeAll(async () => {
    [hill, valley, river] = await Promise.all(['Hill Farm', 'Valley Farm', 'River Farm'].map((name) => createApprovedUser(api, { name })));
    const [loader, tractor, excavator, mower] = await Promise.all([
      machineOf(hill, 'Volvo L60H'),
      machineOf(hill, 'John Deere 5075E'),
      machineOf(valley, 'CAT 305'),
      machineOf(river, 'Toro Z500'),
    ]);
    mechanic = await joinAccount(api, mode, hill.token, 'mechanic', { name: 'Mia Mechanic', machineIds: [loader] });
    valleyId = await addToAccount(api, mode, valley.token, mechanic, 'mechanic');
    await addToAccount(api, mode, river.token, mechanic, 'viewer');
    hillId = (await api.get('/api/user/me', hill.token)).body.accountId as number;

    await order('leak', hill.token, { machineId: loader, assigneeUserId: mechanic.id, priority: 'high', plannedDate: day(-2) });
    ok(await api.post(`/api/work-orders/${ids.leak}/lines`, { kind: 'labour', hours: 2, rate: 50 }, hill.token), 201);
    await order('hills own', hill.token, { machineId: tractor, assigneeUserId: hill.id, priority: 'critical' });
    await order('done', hill.token, { machineId: loader, assigneeUserId: mechanic.id, priority: 'critical' });
    ok(await api.post(`/api/work-orders/${ids.done}/complete`, { completedAt: day(0) }, mechanic.token), 200);
    await order('tracks', valley.token, { machineId: excavator, assigneeUserId: mechanic.id, priority: 'critical' });
    await order('mower', river.token, { machineId: mower, assigneeUserId: river.id, priority: 'high', plannedDate: day(-1) });
  }, 180_000);

  it('gives the mechanic their open orders of both farms in one call, overdue first, each with its farm', async () => {
    // work-order-service learns of the second farm's membership by event.
    await expectEventually(async () => expect(ok(await api.get('/api/my-work', mechanic.token), 200).content).toHaveLength(2));
    const mine = ok(await api.get('/api/my-work', mechanic.token), 200);
    expect(mine).toEqual({
      truncated: false,
      content: [
        {
          id: ids.leak,
          account: { id: hillId, name: 'Hill Farm', role: 'mechanic' },
          machineId: expect.any(Number),
          machineName: 'Volvo L60H',
          title: 'leak',
          state: 'open',
          priority: 'high',
          plannedDate: day(-2),
          overdue: true,
          totals: { labour: 100, parts: 0, other: 0, total: 100 },
          updatedAt: expect.any(String),
        },
        expect.objectContaining({ id: ids.tracks, account: { id: valleyId, name: 'Valley Farm', role: 'mechanic' }, machineName: 'CAT 305', overdue: false }),
      ],
    });
  });

  it('shows every other person only their own, and asks for a session', async () => {
    expect(ok(await api.get('/api/my-work', hill.token), 200).content.map((o: { id: number }) => o.id)).toEqual([ids['hills own']]);
    expect(ok(await api.get('/api/my-work', valley.token), 200)).toEqual({ content: [], truncated: false });
    expect(ok(await api.get('/api/my-work', river.token), 200).content.map((o: { id: number }) => o.id)).toEqual([ids.mower]);
    expect((await api.get('/api/my-work')).status).toBe(401);
  });
});
