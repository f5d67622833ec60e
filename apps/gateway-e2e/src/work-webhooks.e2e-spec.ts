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
import { WebhookReceiver } from './webhook-receiver.js';

// Issue 35, notifications and webhooks, across the real services: an issue reported on a machine
// reaches the account's endpoint subscribed to issue.created (work-order-service's outbox, then
// notification-service's signed delivery) and the bell of the members who act on issues.

describe.each(e2eProducts())('work webhooks and notifications (%s)', (mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  let owner: ApprovedUser;
  let operator: JoinedMember;
  let receiver: WebhookReceiver;

  const ok = <T = any>(res: { status: number; text: string; body: T }, status: number): T => {
    expect(`${res.status} ${res.status === status ? '' : res.text.slice(0, 300)}`.trim()).toBe(String(status));
    return res.body;
  };

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    owner = await createApprovedUser(api, { name: 'Shop Owner' });
    operator = await joinAccount(api, mode, owner.token, 'operator', { name: 'Otto Operator' });
  }, 120_000);
  afterAll(() => receiver?.stop());

  it('delivers issue.created, signed, after POST /api/machines/{id}/issues, and puts a critical issue in the owner’s list', async () => {
    const path = `/${mode}/issues`;
    const hook = ok(await api.post('/api/webhooks', { url: receiver.url(path), events: ['issue.created', 'work_order.completed'] }, owner.token), 201);
    expect(hook.events).toEqual(['issue.created', 'work_order.completed']);
    receiver.secretFor(path, hook.secret);
    const machineId = (await createMachine(api, owner.token, { name: 'Volvo L60H', type: 'Loader' })).id as number;
    // work-order-service learns of the machine by event.
    await expectEventually(async () => expect((await api.get(`/api/machines/${machineId}/issues`, owner.token)).status).toBe(200));

    const issue = ok(
      await api.post(`/api/machines/${machineId}/issues`, { title: 'Boom cylinder leaking', priority: 'critical', outOfService: true }, operator.token),
      201,
    );

    await expectEventually(() => expect(receiver.at(path)).toHaveLength(1));
    const [got] = receiver.at(path);
    expect(got.verified).toMatchObject({ type: 'issue.created' });
    expect(got.headers['webhook-id']).toBe(got.verified!.id);
    expect(got.verified!.data).toEqual({
      issueId: issue.id,
      machineId,
      machineName: 'Volvo L60H',
      title: 'Boom cylinder leaking',
      priority: 'critical',
      status: 'open',
      outOfService: true,
      inspectionId: null,
      workOrderId: null,
      reportedBy: { id: operator.id, name: 'Otto Operator' },
      at: issue.createdAt,
    });
    const log = ok(await api.get(`/api/webhooks/${hook.id}/deliveries`, owner.token), 200);
    expect(log).toEqual([expect.objectContaining({ event: 'issue.created', messageId: got.verified!.id })]);

    // The owner acts on issues: the critical issue is in their list, linking to the machine; the operator's list has none of it.
    await expectEventually(async () =>
      expect(ok(await api.get('/api/notifications', owner.token), 200).content).toContainEqual(
        expect.objectContaining({ kind: 'issue_reported', title: 'Critical issue: Boom cylinder leaking (Volvo L60H)', link: `/machines/${machineId}` }),
      ),
    );
    expect(ok(await api.get('/api/notifications', operator.token), 200).content.filter((n: { kind: string }) => n.kind === 'issue_reported')).toEqual([]);
  });
});
