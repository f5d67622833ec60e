import { Injectable, Logger } from '@nestjs/common';
import { NOTIFICATION_MAIL_REQUESTED, type NotificationMailRequestedEvent } from '@wrenchlog/contracts';
import { Outbox } from '@wrenchlog/platform';
import { DataSource, In, type EntityManager } from 'typeorm';
import { DigestEntity } from '../digest/digest.entity.js';
import { digestDateDue, digestEmail, type DigestIssue, type DigestItem } from '../digest/digest.rules.js';
import { KnownMachineEntity } from '../machines/known-machine.entity.js';
import { MachinesService } from '../machines/machines.service.js';
import { overdueWeeks, scheduleLink, webhookTypeOf, weeklyReminder } from '../notifications/notification.rules.js';
import { NotificationsRepository } from '../notifications/notifications.repository.js';
import { PreferencesService } from '../preferences/preferences.service.js';
import { PushService, type MembersPush } from '../push/push.service.js';
import { maySee, Recipients, type Addressee, type Recipient } from '../recipients/recipients.service.js';
import { ScheduleStateEntity } from '../schedule-events/schedule-state.entity.js';
import { WebhookOutbox } from '../webhooks/webhook-outbox.js';
import { WeeklyReports } from '../weekly/weekly-reports.service.js';
import { IssueReportEntity } from '../work-events/issue-report.entity.js';
import { digestIssues } from '../work-events/work.rules.js';

/** How far back the digest looks for issues reported (a member's first digest, and which accounts have some). */
const ISSUE_WINDOW_MS = 2 * 86_400_000;

export interface PassResult {
  sent: number;
  failed: number;
  lastError: string | null;
}

/** The scheduler's periodic work: weekly reminders while overdue, each member's daily digest, and the weekly usage reports. */
@Injectable()
export class SchedulerJobs {
  private readonly logger = new Logger(SchedulerJobs.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly notifications: NotificationsRepository,
    private readonly preferences: PreferencesService,
    private readonly machines: MachinesService,
    private readonly outbox: Outbox,
    private readonly webhooks: WebhookOutbox,
    private readonly push: PushService,
    private readonly weekly: WeeklyReports,
    private readonly recipients: Recipients,
  ) {}

  async periodic(now: Date): Promise<PassResult> {
    const result: PassResult = { sent: 0, failed: 0, lastError: null };
    const note = async (what: string, work: () => Promise<boolean>) => {
      try {
        if (await work()) {
          result.sent += 1;
        }
      } catch (err) {
        result.failed += 1;
        result.lastError = `${what}: ${(err as Error).message ?? String(err)}`;
        this.logger.warn(result.lastError);
      }
    };
    const active = await this.dataSource.getRepository(ScheduleStateEntity).findBy({ status: In(['due_soon', 'overdue']) });
    for (const state of active.filter((s) => s.status === 'overdue' && overdueWeeks(s.statusSince, now) > s.reminderWeeks)) {
      await note(`reminder of schedule ${state.scheduleId}`, async () => {
        const made = await this.dataSource.transaction((m) => this.weeklyReminder(m, state, now));
        if (made?.push) {
          // After commit, best effort: the reminder is in the list and the digest whatever happens here.
          await this.push
            .notify(state.accountId, made.push.userIds, made.push.message)
            .catch((err: Error) => this.logger.warn(`push not sent: ${err.message}`));
        }
        return made !== null;
      });
    }
    // Each member of each account with something due or an issue reported lately has their own digest, at their own time.
    const reported = await this.dataSource
      .getRepository(IssueReportEntity)
      .createQueryBuilder('r')
      .select('DISTINCT r.account_id', 'accountId')
      .where('r.reported_at > :since AND r.priority <> :critical', { since: new Date(now.getTime() - ISSUE_WINDOW_MS), critical: 'critical' })
      .getRawMany<{ accountId: number | string }>();
    const accounts = new Set([...active.map((s) => s.accountId), ...reported.map((r) => Number(r.accountId))]);
    const addressees = await this.recipients.addressees(this.dataSource.manager, accounts);
    for (const member of [...addressees.values()].flat()) {
      const p = member.prefs;
      const wanted = p.kinds.maintenance.includes('email') || p.kinds.work.includes('email');
      const date = wanted ? digestDateDue(now, p.timeZone, p.digestTime) : null;
      if (date) {
        await note(`digest of user ${member.userId} in account ${member.accountId}`, () =>
          this.dataSource.transaction((m) => this.digest(m, member, date, now)),
        );
      }
    }
    const weekly = await this.weekly.scheduled(now);
    result.sent += weekly.sent;
    result.failed += weekly.failed;
    result.lastError = weekly.lastError ?? result.lastError;
    return result;
  }

  /**
   * Week n of an overdue schedule: one notification, whichever replica or pass gets here first.
   * Answers null when another made it, else the push to send after commit (null without the push channel).
   */
  private async weeklyReminder(manager: EntityManager, state: ScheduleStateEntity, now: Date): Promise<{ push: MembersPush | null } | null> {
    const weeks = overdueWeeks(state.statusSince, now);
    const moved = await manager
      .createQueryBuilder()
      .update(ScheduleStateEntity)
      .set({ reminderWeeks: weeks })
      .where('schedule_id = :id AND status = :status AND status_since = :since AND reminder_weeks < :weeks', {
        id: state.scheduleId,
        status: 'overdue',
        since: state.statusSince,
        weeks,
      })
      .execute();
    if (!moved.affected) {
      return null;
    }
    const planned = weeklyReminder(state.scheduleId, state.title, state.statusSince, weeks);
    const name = (await this.machines.names(manager, [state.machineId])).get(state.machineId)!;
    if (await this.preferences.accountWebhooks(manager, state.accountId)) {
      const data = {
        scheduleId: state.scheduleId,
        machineId: state.machineId,
        machineName: name,
        title: state.title,
        status: 'overdue',
        weeksOverdue: weeks,
        reason: state.reason,
      };
      await this.webhooks.enqueue(manager, state.accountId, webhookTypeOf(planned.kind), data, planned.key, now);
    }
    const title = `${planned.title} (${name})`;
    const link = scheduleLink(state.machineId);
    await this.notifications.addOnce(manager, {
      accountId: state.accountId,
      kind: planned.kind,
      title,
      machineId: state.machineId,
      scheduleId: state.scheduleId,
      link,
      dedupeKey: planned.key,
      inApp: true,
      createdAt: now,
    });
    const pushed = await this.recipients.reached(manager, state.accountId, planned.kind, state.machineId, 'push');
    return { push: pushed.length ? { userIds: pushed.map((r) => r.userId), message: { title, body: state.reason ?? undefined, link } } : null };
  }

  /**
   * A member's digest of a local date in one account, at most once (the unique (account, member,
   * date) row is written in the transaction that hands the email to user-service through the
   * outbox). Lists what became due soon or overdue since their last digest and what is still
   * overdue, of the machines they may see; no email when nothing.
   */
  private async digest(manager: EntityManager, member: Addressee, localDate: string, now: Date): Promise<boolean> {
    const { accountId, userId } = member;
    const digests = manager.getRepository(DigestEntity);
    if (await digests.exists({ where: { accountId, userId, localDate } })) {
      return false;
    }
    const last = await digests.findOne({ where: { accountId, userId }, order: { createdAt: 'DESC' } });
    const since = last?.createdAt ?? null;
    const kinds = member.prefs.kinds;
    const states = kinds.maintenance.includes('email')
      ? (await manager.getRepository(ScheduleStateEntity).findBy({ accountId, status: In(['due_soon', 'overdue']) })).filter((s) =>
          maySee(member, s.machineId, 'schedule.read'),
        )
      : [];
    const issues = kinds.work.includes('email') ? await this.reportedIssues(manager, member, since ?? new Date(now.getTime() - ISSUE_WINDOW_MS)) : [];
    const names = await this.machines.names(manager, [...new Set(states.map((s) => s.machineId))]);
    const items: DigestItem[] = [];
    for (const s of states) {
      const fresh = !since || s.statusSince > since;
      const state: DigestItem['state'] | null = fresh ? (s.status as 'due_soon' | 'overdue') : s.status === 'overdue' ? 'still_overdue' : null;
      if (state) {
        items.push({ machineId: s.machineId, machineName: names.get(s.machineId)!, title: s.title, state, reason: s.reason });
      }
    }
    // The day's row is written even when there is nothing to say: one digest a day, at its time.
    await digests.insert({ accountId, userId, localDate, items: items.length + issues.length, createdAt: now });
    const mail = digestEmail(items, localDate, issues);
    if (!mail) {
      return false;
    }
    const event: NotificationMailRequestedEvent = { key: `digest:${accountId}:${userId}:${localDate}`, userId, subject: mail.subject, text: mail.text };
    await this.outbox.enqueue(manager, NOTIFICATION_MAIL_REQUESTED, event, { actor: null });
    return true;
  }

  /** The issues the member's digest lists (digestIssues), of machines still there. */
  private async reportedIssues(manager: EntityManager, member: Recipient, since: Date): Promise<DigestIssue[]> {
    const reports = await manager
      .getRepository(IssueReportEntity)
      .createQueryBuilder('r')
      .where('r.account_id = :accountId AND r.reported_at > :since', { accountId: member.accountId, since })
      .orderBy('r.reported_at', 'ASC')
      .getMany();
    const listed = digestIssues(reports, member, since);
    const gone = new Set(
      listed.length
        ? (await manager.getRepository(KnownMachineEntity).findBy({ machineId: In([...new Set(listed.map((r) => r.machineId))]), deleted: true })).map(
            (m) => m.machineId,
          )
        : [],
    );
    return listed
      .filter((r) => !gone.has(r.machineId))
      .map((r) => ({ machineId: r.machineId, machineName: r.machineName, title: r.title, priority: r.priority }));
  }
}
