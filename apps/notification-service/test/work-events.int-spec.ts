import {
  ACCOUNT_MEMBER_SAVED,
  MACHINE_SAVED,
  NOTIFICATION_LIST,
  NOTIFICATION_MAIL_REQUESTED,
  NOTIFICATION_PREFERENCES_GET,
  WEBHOOK_CREATE,
  WEBHOOK_DELIVERIES,
  WORK_INSPECTION_FAILED,
  WORK_ISSUE_CREATED,
  WORK_ISSUE_RESOLVED,
  WORK_ORDER_ASSIGNED,
  WORK_ORDER_COMPLETED,
  type Actor,
  type IssuePriority,
  type NotificationMailRequestedEvent,
  type WorkIssueEvent,
  type WorkOrderAssignedEvent,
  type WorkOrderCompletedEvent,
} from '@wrenchlog/contracts';
import { expectEventually, testEngines } from '@wrenchlog/testing';
import { AccountMemberEntity } from '@wrenchlog/platform';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { DataSource } from 'typeorm';
import { IssueReportEntity } from '../src/work-events/issue-report.entity.js';
import { memberOf, ServiceUnderTest, userA } from './harness.js';

// Issue 35: work-order-service's events as notification-service consumes them. userA's account (101)
// with a manager, a mechanic of machine 12 and an operator of machine 12; machines 12 and 13.
const manager = memberOf(userA, 'manager', 1201);
const mechanic = memberOf(userA, 'mechanic', 1202);
const operator = memberOf(userA, 'operator', 1203);

/** A real receiver on 127.0.0.1: every request with its headers. */
class Receiver {
  readonly got: { headers: IncomingHttpHeaders; body: string }[] = [];
  private server!: Server;
  url = '';
  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.got.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/work`;
  }
  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

describe.each(await testEngines())('work events (%s)', (engine) => {
  let svc: ServiceUnderTest;
  const receiver = new Receiver();
  let nextIssue = 500;
  let nextOrder = 70;

  const member = async (who: Actor, name: string, machineIds: number[] | null = null) => {
    await svc.emit(ACCOUNT_MEMBER_SAVED, {
      accountId: who.accountId,
      userId: who.userId,
      name,
      role: who.role,
      machineIds,
      removed: false,
      at: new Date().toISOString(),
    });
    await expectEventually(async () =>
      expect(await svc.get(DataSource).getRepository(AccountMemberEntity).existsBy({ accountId: who.accountId, userId: who.userId })).toBe(true),
    );
  };
  const issue = (priority: IssuePriority, machineId = 12, over: Partial<WorkIssueEvent> = {}): WorkIssueEvent => ({
    accountId: userA.accountId,
    issueId: ++nextIssue,
    machineId,
    machineName: `Loader ${machineId}`,
    title: `Leak ${nextIssue}`,
    priority,
    status: 'open',
    outOfService: false,
    inspectionId: null,
    workOrderId: null,
    reportedBy: operator.userId,
    by: operator.userId,
    at: svc.clock.now().toISOString(),
    ...over,
  });
  const order = { accountId: userA.accountId, machineId: 12, machineName: 'Loader 12', priority: 'high' as const, createdBy: manager.userId };
  const titles = async (who: Actor) => (await svc.send(NOTIFICATION_LIST, {}, who)).content.map((n) => n.title);
  const mails = async (prefix: string): Promise<NotificationMailRequestedEvent[]> => {
    await svc.flushOutbox();
    return svc.events(NOTIFICATION_MAIL_REQUESTED).filter((m: NotificationMailRequestedEvent) => m.key.startsWith(prefix));
  };

  beforeAll(async () => {
    await receiver.start();
    svc = await ServiceUnderTest.start(engine, undefined, { WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true' });
    // Tuesday 06:00 UTC: before the default digest time (08:00), and no weekly report due.
    svc.clock.at = new Date('2026-03-03T06:00:00Z');
    await member(userA, 'Olga');
    await member(manager, 'Maria');
    await member(mechanic, 'Mel', [12]);
    await member(operator, 'Otto', [12]);
    for (const machineId of [12, 13]) {
      await svc.emit(MACHINE_SAVED, { machineId, accountId: userA.accountId, name: `Loader ${machineId}`, at: new Date().toISOString() });
    }
  });
  afterAll(async () => {
    await svc?.stop();
    await receiver.stop();
  });

  it('gives every member the work channels by default', async () => {
    expect((await svc.send(NOTIFICATION_PREFERENCES_GET, {}, mechanic)).kinds.work).toEqual(['inapp', 'email', 'push', 'webhook']);
  });

  it('sends a critical issue at once to those who act on issues on its machine, but its reporter', async () => {
    const critical = issue('critical');
    await svc.emit(WORK_ISSUE_CREATED, critical);
    const title = `Critical issue: ${critical.title} (Loader 12)`;
    await expectEventually(async () => expect(await titles(mechanic)).toContain(title));
    expect(await titles(manager)).toContain(title);
    // The operator reported it and does not act on issues.
    expect(await titles(operator)).not.toContain(title);
    const sent = await mails(`issue:${critical.issueId}:`);
    expect(sent.map((m) => m.userId).sort()).toEqual([userA.userId, manager.userId, mechanic.userId].sort());
    expect(sent[0]).toMatchObject({ subject: `Wrenchlog: ${title}`, text: expect.stringContaining('Reported by Otto.') });
  });

  it('keeps a medium issue for the digest: in the list now, emailed with the next digest only, unless resolved before it', async () => {
    const medium = issue('medium', 13);
    await svc.emit(WORK_ISSUE_CREATED, medium);
    // Reported and resolved before the digest (the outbox sends them in that order).
    const fixedAlready = issue('low', 13);
    await svc.emit(WORK_ISSUE_CREATED, fixedAlready);
    await expectEventually(async () => expect(await titles(manager)).toContain(`New low issue: ${fixedAlready.title} (Loader 13)`));
    await svc.emit(WORK_ISSUE_RESOLVED, { ...fixedAlready, status: 'resolved', by: manager.userId });
    await expectEventually(async () =>
      expect(await svc.get(DataSource).getRepository(IssueReportEntity).existsBy({ issueId: fixedAlready.issueId })).toBe(false),
    );
    const title = `New medium issue: ${medium.title} (Loader 13)`;
    await expectEventually(async () => expect(await titles(manager)).toContain(title));
    // The mechanic of machine 12 does not see machine 13.
    expect(await titles(mechanic)).not.toContain(title);
    expect(await mails(`issue:${medium.issueId}:`)).toEqual([]);

    svc.clock.at = new Date('2026-03-03T08:30:00Z');
    await svc.tick();
    const digests = await mails('digest:');
    const digestOf = (who: Actor) => digests.find((m) => m.userId === who.userId);
    expect(digestOf(manager)?.text).toContain(`Issues reported\n  - Loader 13: ${medium.title} (medium)`);
    expect(digestOf(manager)?.text).not.toContain(fixedAlready.title);
    // Critical issues went out at once: not again in the digest.
    expect(digestOf(manager)?.text).not.toContain('Critical');
    expect(digestOf(mechanic)).toBeUndefined();
    // Once a day: a second pass sends nothing more.
    await svc.tick();
    expect(await mails('digest:')).toHaveLength(digests.length);
  });

  it('tells the assignee alone of a work order assigned to them, once however often the event comes', async () => {
    const assigned: WorkOrderAssignedEvent = {
      ...order,
      workOrderId: ++nextOrder,
      title: 'Fix the leak',
      state: 'open',
      assigneeUserId: mechanic.userId,
      previousAssigneeUserId: null,
      by: manager.userId,
      at: svc.clock.now().toISOString(),
    };
    await svc.emit(WORK_ORDER_ASSIGNED, assigned);
    await svc.emit(WORK_ORDER_ASSIGNED, assigned); // redelivered
    const title = 'Assigned to you: Fix the leak (Loader 12)';
    await expectEventually(async () => expect(await titles(mechanic)).toContain(title));
    // Let a late copy of the redelivery land before counting.
    await new Promise((r) => setTimeout(r, 300));
    const listed = (await svc.send(NOTIFICATION_LIST, {}, mechanic)).content.filter((n) => n.title === title);
    expect(listed).toEqual([expect.objectContaining({ kind: 'work_order_assigned', link: `/work-orders/${assigned.workOrderId}`, machineId: 12 })]);
    for (const other of [userA, manager, operator]) {
      expect(await titles(other)).not.toContain(title);
    }
    expect((await mails(`workorder:${assigned.workOrderId}:assigned`)).map((m) => m.userId)).toEqual([mechanic.userId]);
  });

  it('tells the creator and the shop’s owners and managers of a done order, with no money', async () => {
    const done: WorkOrderCompletedEvent = {
      ...order,
      workOrderId: ++nextOrder,
      title: 'Replace hose',
      state: 'done',
      assigneeUserId: mechanic.userId,
      by: mechanic.userId,
      completion: 1,
      completedAt: '2026-03-03',
      serviceRecordId: 900,
      issueIds: [],
      cents: { labour: 6000, parts: 2480, other: 0, total: 8480 },
      at: svc.clock.now().toISOString(),
    };
    await svc.emit(WORK_ORDER_COMPLETED, done);
    const title = 'Work order done: Replace hose (Loader 12), by Mel';
    await expectEventually(async () => expect(await titles(manager)).toContain(title));
    expect(await titles(userA)).toContain(title);
    expect(await titles(mechanic)).not.toContain(title);
    expect((await mails(`workorder:${done.workOrderId}:completed`)).map((m) => m.userId).sort()).toEqual([userA.userId, manager.userId].sort());
    expect((await mails(`workorder:${done.workOrderId}:completed`)).every((m) => !/84\.80|8480/.test(m.text))).toBe(true);
  });

  it('delivers issue.created and inspection.failed signed to the endpoints that subscribed, once per fact', async () => {
    const hook = await svc.send(WEBHOOK_CREATE, { url: receiver.url, events: ['issue.created', 'inspection.failed'] }, manager);
    const reported = issue('high', 12, { inspectionId: 31, reportedBy: mechanic.userId, by: mechanic.userId });
    await svc.emit(WORK_ISSUE_CREATED, reported);
    await svc.emit(WORK_ISSUE_CREATED, reported); // redelivered
    await svc.emit(WORK_INSPECTION_FAILED, {
      accountId: userA.accountId,
      inspectionId: 31,
      machineId: 12,
      machineName: 'Loader 12',
      formId: 1,
      formName: 'Daily walk-around',
      readAt: '2026-03-03',
      failedItems: [{ itemId: 'hoses', label: 'Hoses', value: null, note: 'Wet' }],
      issueIds: [reported.issueId],
      signedBy: 'Mel',
      by: mechanic.userId,
      at: svc.clock.now().toISOString(),
    });
    await expectEventually(() => expect(receiver.got).toHaveLength(2));
    const verified = receiver.got.map(
      (r) => new Webhook(hook.secret).verify(r.body, r.headers as Record<string, string>) as { type: string; data: Record<string, unknown> },
    );
    expect(verified.map((v) => v.type).sort()).toEqual(['inspection.failed', 'issue.created']);
    expect(verified.find((v) => v.type === 'issue.created')!.data).toEqual({
      issueId: reported.issueId,
      machineId: 12,
      machineName: 'Loader 12',
      title: reported.title,
      priority: 'high',
      status: 'open',
      outOfService: false,
      inspectionId: 31,
      workOrderId: null,
      reportedBy: { id: mechanic.userId, name: 'Mel' },
      at: reported.at,
    });
    expect(verified.find((v) => v.type === 'inspection.failed')!.data).toMatchObject({
      inspectionId: 31,
      issueIds: [reported.issueId],
      inspectedBy: { id: mechanic.userId, name: 'Mel' },
    });
    // Earlier facts came before the endpoint existed: nothing of them; the redelivery added nothing.
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.got).toHaveLength(2);
    expect((await svc.send(WEBHOOK_DELIVERIES, { id: hook.id }, manager)).map((d) => d.event).sort()).toEqual(['inspection.failed', 'issue.created']);
  });
});
