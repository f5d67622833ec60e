import { Injectable, Logger } from '@nestjs/common';
import {
  eventTime,
  ISSUE_PRIORITIES,
  isValidId,
  NOTIFICATION_MAIL_REQUESTED,
  type NotificationMailRequestedEvent,
  type RpcMessage,
  type WorkInspectionFailedEvent,
  type WorkIssueEvent,
  type WorkOrderAssignedEvent,
  type WorkOrderCompletedEvent,
  type WorkOrderCreatedEvent,
} from '@wrenchlog/contracts';
import { AccountMemberEntity, Outbox } from '@wrenchlog/platform';
import { DataSource, In, type EntityManager } from 'typeorm';
import { NotificationsRepository } from '../notifications/notifications.repository.js';
import { PreferencesService } from '../preferences/preferences.service.js';
import { PushService, type MembersPush } from '../push/push.service.js';
import { Recipients, type Addressee } from '../recipients/recipients.service.js';
import { WebhookDispatcher } from '../webhooks/webhook-dispatcher.js';
import { WebhookOutbox } from '../webhooks/webhook-outbox.js';
import { IssueReportEntity } from './issue-report.entity.js';
import {
  assignedAudience,
  completedAudience,
  inspectionFailedWebhook,
  issueAudience,
  issueDetail,
  issueWebhook,
  planAssigned,
  planCompleted,
  planIssueReported,
  workEmail,
  workOrderCompletedWebhook,
  workOrderCreatedWebhook,
  type Names,
  type WorkNotice,
  type WorkWebhook,
} from './work.rules.js';

type Apply<E> = (manager: EntityManager, e: E) => Promise<MembersPush[]>;

const isText = (v: unknown): v is string => typeof v === 'string';
const validIssue = (e: WorkIssueEvent | undefined): e is WorkIssueEvent =>
  !!e &&
  isValidId(e.accountId) &&
  isValidId(e.issueId) &&
  isValidId(e.machineId) &&
  isText(e.title) &&
  (ISSUE_PRIORITIES as readonly unknown[]).includes(e.priority) &&
  isValidId(e.reportedBy) &&
  isValidId(e.by);
const validOrder = (e: WorkOrderCreatedEvent | WorkOrderAssignedEvent | WorkOrderCompletedEvent | undefined): boolean =>
  !!e && isValidId(e.accountId) && isValidId(e.workOrderId) && isValidId(e.machineId) && isText(e.title) && isValidId(e.by);

/**
 * The work context's events (issue 35) as webhooks (issue.*, work_order.*, inspection.failed) and as
 * notifications: an issue reported to those who act on issues (critical ones by email and push at
 * once, the others in the daily digest), an order assigned to its assignee, an order done to its
 * creator and the shop's owners and managers. Each fact is made once whatever the deliveries: the
 * webhook messages by (endpoint, key), the notifications by (account, key), the emails by key.
 */
@Injectable()
export class WorkEventsService {
  private readonly logger = new Logger(WorkEventsService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly notifications: NotificationsRepository,
    private readonly recipients: Recipients,
    private readonly preferences: PreferencesService,
    private readonly webhooks: WebhookOutbox,
    private readonly dispatcher: WebhookDispatcher,
    private readonly push: PushService,
    private readonly outbox: Outbox,
  ) {}

  issueCreated(m: RpcMessage<WorkIssueEvent>) {
    return this.handle(m, validIssue, 'work.issue.created', async (manager, e) => {
      const names = await this.names(manager, e.accountId, [e.reportedBy]);
      await this.webhook(manager, e.accountId, issueWebhook('issue.created', e, names), e.at);
      // The digest's source; a redelivery finds its row.
      await manager
        .createQueryBuilder()
        .insert()
        .into(IssueReportEntity)
        .values({
          issueId: e.issueId,
          accountId: e.accountId,
          machineId: e.machineId,
          machineName: (e.machineName || `Machine #${e.machineId}`).slice(0, 200),
          title: e.title.slice(0, 200),
          priority: e.priority,
          reportedBy: e.reportedBy,
          reportedAt: eventTime(e.at),
        })
        .orIgnore()
        .execute();
      const notice = planIssueReported(e);
      // One row for the account: the list shows it to each member who acts on issues and sees the machine.
      if (!(await this.added(manager, e.accountId, notice, e.machineId, null, e.at))) {
        return [];
      }
      if (!notice.immediate) {
        return [];
      }
      const audience = issueAudience(await this.members(manager, e.accountId), e);
      return this.sendNow(manager, e.accountId, notice, audience, issueDetail(e, names.get(e.reportedBy) ?? null));
    });
  }

  issueResolved(m: RpcMessage<WorkIssueEvent>) {
    return this.handle(m, validIssue, 'work.issue.resolved', async (manager, e) => {
      const names = await this.names(manager, e.accountId, [e.reportedBy, e.by]);
      await this.webhook(manager, e.accountId, issueWebhook('issue.resolved', e, names), e.at);
      // Resolved before the digest went out: the digest does not list it.
      await manager.delete(IssueReportEntity, { issueId: e.issueId, accountId: e.accountId });
      return [];
    });
  }

  orderCreated(m: RpcMessage<WorkOrderCreatedEvent>) {
    return this.handle(m, validOrder, 'work.order.created', async (manager, e) => {
      const names = await this.names(manager, e.accountId, [e.createdBy, e.assigneeUserId]);
      await this.webhook(manager, e.accountId, workOrderCreatedWebhook({ ...e, issueIds: e.issueIds ?? [] }, names), e.at);
      return [];
    });
  }

  orderAssigned(m: RpcMessage<WorkOrderAssignedEvent>) {
    return this.handle(
      m,
      (e) => validOrder(e) && isValidId(e?.assigneeUserId),
      'work.order.assigned',
      async (manager, e) => {
        const notice = planAssigned(e);
        if (!notice) {
          return [];
        }
        const audience = assignedAudience(await this.members(manager, e.accountId), e);
        return this.forEach(manager, e.accountId, notice, audience, e.machineId, e.at);
      },
    );
  }

  orderCompleted(m: RpcMessage<WorkOrderCompletedEvent>) {
    const valid = (e: WorkOrderCompletedEvent | undefined) => validOrder(e) && Number.isInteger(e?.completion) && typeof e?.cents?.total === 'number';
    return this.handle(m, valid, 'work.order.completed', async (manager, e) => {
      const names = await this.names(manager, e.accountId, [e.createdBy, e.assigneeUserId, e.by]);
      await this.webhook(manager, e.accountId, workOrderCompletedWebhook({ ...e, issueIds: e.issueIds ?? [] }, names), e.at);
      const notice = planCompleted(e, names.get(e.by) ?? null);
      const audience = completedAudience(await this.members(manager, e.accountId), e);
      return this.forEach(manager, e.accountId, notice, audience, e.machineId, e.at);
    });
  }

  inspectionFailed(m: RpcMessage<WorkInspectionFailedEvent>) {
    const valid = (e: WorkInspectionFailedEvent | undefined) =>
      !!e && isValidId(e.accountId) && isValidId(e.inspectionId) && isValidId(e.machineId) && Array.isArray(e.failedItems) && isValidId(e.by);
    return this.handle(m, valid, 'work.inspection.failed', async (manager, e) => {
      await this.webhook(manager, e.accountId, inspectionFailedWebhook(e, await this.names(manager, e.accountId, [e.by])), e.at);
      return [];
    });
  }

  /** Checks the event, applies it in one transaction, then wakes the dispatcher and sends the pushes (best effort, after commit). */
  private async handle<E extends { accountId: number }>(m: RpcMessage<E>, valid: (e: E | undefined) => boolean, name: string, apply: Apply<E>): Promise<void> {
    const e = m?.payload;
    if (!valid(e)) {
      this.logger.warn(`ignored a malformed ${name} event`);
      return;
    }
    const pushes = await this.dataSource.transaction((manager) => apply(manager, e!));
    this.dispatcher.kick();
    for (const p of pushes) {
      void this.push.notify(e!.accountId, p.userIds, p.message).catch((err: Error) => this.logger.warn(`push not sent: ${err.message}`));
    }
  }

  /** The account's webhooks get the work events while its owner of record's work channels include webhook (as maintenance). */
  private async webhook(manager: EntityManager, accountId: number, hook: WorkWebhook, at: string): Promise<void> {
    if (await this.preferences.accountWebhooks(manager, accountId, 'work')) {
      await this.webhooks.enqueue(manager, accountId, hook.type, hook.data, hook.key, eventTime(at));
    }
  }

  /** A notice made for each member of `audience` (their own row, key `<key>:<userId>`), sent by email and push at once to those who chose them. */
  private async forEach(
    manager: EntityManager,
    accountId: number,
    notice: WorkNotice,
    audience: Addressee[],
    machineId: number,
    at: string,
  ): Promise<MembersPush[]> {
    const fresh: Addressee[] = [];
    for (const member of audience) {
      if (await this.added(manager, accountId, { ...notice, key: `${notice.key}:${member.userId}` }, machineId, member.userId, at)) {
        fresh.push(member);
      }
    }
    return this.sendNow(manager, accountId, notice, fresh, null);
  }

  private added(manager: EntityManager, accountId: number, notice: WorkNotice, machineId: number, userId: number | null, at: string): Promise<boolean> {
    return this.notifications.addOnce(manager, {
      accountId,
      userId,
      kind: notice.kind,
      title: notice.title,
      machineId,
      scheduleId: null,
      link: notice.link,
      dedupeKey: notice.key,
      inApp: true,
      createdAt: eventTime(at),
    });
  }

  /** Emails (through the one mail path, in this transaction, keyed per member) and the push to send after commit. */
  private async sendNow(manager: EntityManager, accountId: number, notice: WorkNotice, audience: Addressee[], detail: string | null): Promise<MembersPush[]> {
    const mail = workEmail(notice, detail);
    for (const member of audience.filter((r) => r.prefs.kinds.work.includes('email'))) {
      const event: NotificationMailRequestedEvent = { key: `${notice.key}:${accountId}:${member.userId}`, userId: member.userId, ...mail };
      await this.outbox.enqueue(manager, NOTIFICATION_MAIL_REQUESTED, event, { actor: null });
    }
    const pushed = audience.filter((r) => r.prefs.kinds.work.includes('push')).map((r) => r.userId);
    return pushed.length ? [{ userIds: pushed, message: { title: notice.title, link: notice.link } }] : [];
  }

  private async members(manager: EntityManager, accountId: number): Promise<Addressee[]> {
    return (await this.recipients.addressees(manager, [accountId])).get(accountId) ?? [];
  }

  /** The names of these people in the account (one query), for the webhooks' data and the titles. */
  private async names(manager: EntityManager, accountId: number, ids: (number | null | undefined)[]): Promise<Names> {
    const wanted = [...new Set(ids.filter((id): id is number => isValidId(id)))];
    const rows = wanted.length
      ? await manager.getRepository(AccountMemberEntity).find({ select: { userId: true, name: true }, where: { accountId, userId: In(wanted) } })
      : [];
    return new Map(rows.map((r) => [r.userId, r.name]));
  }
}
