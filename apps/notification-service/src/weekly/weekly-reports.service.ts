import { Injectable, Logger } from '@nestjs/common';
import {
  accountActor,
  NOTIFICATION_MAIL_REQUESTED,
  REPORT_FLEET,
  roleMay,
  SCHEDULE_LIST,
  type NotificationMailRequestedEvent,
  type NotificationPreferences,
  type Schedule,
  type WeeklyRunReply,
} from '@wrenchlog/contracts';
import { Outbox, RpcClient } from '@wrenchlog/platform';
import { DataSource } from 'typeorm';
import { Clock } from '../common/clock.js';
import { MachinesService } from '../machines/machines.service.js';
import { NotificationsRepository } from '../notifications/notifications.repository.js';
import { memberKey } from '../preferences/preferences.service.js';
import { PushService } from '../push/push.service.js';
import { Recipients, type Addressee } from '../recipients/recipients.service.js';
import { WeeklyReportEntity } from './weekly-report.entity.js';
import {
  addDays,
  comingUp,
  lastSevenDays,
  reportFor,
  scheduledWeek,
  weeklyEmail,
  weeklyLink,
  weeklyTitle,
  type WeekPeriod,
  type WeeklyReport,
} from './weekly.rules.js';

const SCHEDULE_PAGE = 100;
/** The schedules read for "due next week": the fleet's most urgent first, so the first pages hold them. */
const SCHEDULE_PAGES = 5;

/**
 * The weekly usage report (issue 24): the week's costs and meters moved per machine, from
 * report-service's fleet table (the same figures as the Reports screen), and what is due next
 * week, from schedule-service, for each member of the account on the channels they chose for it
 * (in-app, email, push): the machines they may see, and costs only for a role with 'money.read'.
 */
@Injectable()
export class WeeklyReports {
  private readonly logger = new Logger(WeeklyReports.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly rpc: RpcClient,
    private readonly clock: Clock,
    private readonly recipients: Recipients,
    private readonly notifications: NotificationsRepository,
    private readonly outbox: Outbox,
    private readonly push: PushService,
    private readonly machines: MachinesService,
  ) {}

  /** The scheduler's part: last week's report for each member whose Monday report time has come. */
  scheduled(now: Date): Promise<WeeklyRunReply> {
    // Only weeks that ended after the account's first machine arrived: a new account gets no report of a week before it.
    return this.run(now, (prefs, since) => {
      const week = scheduledWeek(now, prefs.timeZone, prefs.digestTime);
      return week && (since === null || since.toISOString().slice(0, 10) <= week.to) ? week : null;
    });
  }

  /** The Weekly Report Generation job: the seven days before today, now, for whoever has not had them. */
  runNow(): Promise<WeeklyRunReply> {
    const now = this.clock.now();
    return this.run(now, (prefs) => lastSevenDays(now, prefs.timeZone));
  }

  /** Each member of each account with machines has their own report, at their own time and as their role may read it. */
  private async run(now: Date, periodOf: (prefs: NotificationPreferences, since: Date | null) => WeekPeriod | null): Promise<WeeklyRunReply> {
    const reply: WeeklyRunReply = { users: 0, sent: 0, skipped: 0, failed: 0, lastError: null };
    const since = await this.machines.accountsSince();
    const members = [...(await this.recipients.addressees(this.dataSource.manager, since.keys())).values()]
      .flat()
      .sort((a, b) => a.accountId - b.accountId || a.userId - b.userId);
    reply.users = members.length;
    const due = new Map<string, { member: Addressee; period: WeekPeriod }>();
    for (const member of members) {
      const period = member.prefs.kinds.weeklyReport.some((c) => c !== 'webhook') ? periodOf(member.prefs, since.get(member.accountId)!) : null;
      if (period) {
        due.set(memberKey(member), { member, period });
      }
    }
    const made = due.size
      ? await this.dataSource
          .getRepository(WeeklyReportEntity)
          .find({ where: [...due.values()].map(({ member, period }) => ({ accountId: member.accountId, userId: member.userId, periodFrom: period.from })) })
      : [];
    for (const row of made) {
      due.delete(memberKey(row));
    }
    reply.skipped = members.length - due.size;
    // The figures of one account and week, asked once for all its members.
    const figures = new Map<string, Promise<WeeklyReport>>();
    const gathered = (accountId: number, period: WeekPeriod) => {
      const key = `${accountId}:${period.from}:${period.to}`;
      if (!figures.has(key)) {
        figures.set(key, this.gather(accountId, period));
      }
      return figures.get(key)!;
    };
    for (const { member, period } of due.values()) {
      try {
        if (await this.makeFor(member, period, now, await gathered(member.accountId, period))) {
          reply.sent += 1;
        } else {
          reply.skipped += 1;
        }
      } catch (err) {
        reply.failed += 1;
        reply.lastError = `weekly report of user ${member.userId} in account ${member.accountId}: ${(err as Error).message ?? String(err)}`;
        this.logger.warn(reply.lastError);
      }
    }
    return reply;
  }

  /** One member's report of one week, once: false when another replica or run made it first. */
  private async makeFor(member: Addressee, period: WeekPeriod, now: Date, figures: WeeklyReport): Promise<boolean> {
    const { accountId, userId } = member;
    const report = reportFor(figures, { money: roleMay(member.role, 'money.read'), machines: member.machines });
    const channels = member.prefs.kinds.weeklyReport;
    const title = weeklyTitle(report);
    const link = weeklyLink(period, roleMay(member.role, 'report.read'));
    const made = await this.dataSource.transaction(async (manager) => {
      const reports = manager.getRepository(WeeklyReportEntity);
      if (await reports.exists({ where: { accountId, userId, periodFrom: period.from } })) {
        return false;
      }
      await reports.insert({ accountId, userId, periodFrom: period.from, periodTo: period.to, createdAt: now });
      const key = `weekly:${accountId}:${userId}:${period.from}`;
      // Made for this member alone: another member's report of the week says what their role may read.
      await this.notifications.addOnce(manager, {
        accountId,
        userId,
        kind: 'weekly_report',
        title,
        machineId: null,
        scheduleId: null,
        link,
        dedupeKey: key,
        inApp: channels.includes('inapp'),
        createdAt: now,
      });
      if (channels.includes('email')) {
        const mail = weeklyEmail(report);
        const event: NotificationMailRequestedEvent = { key, userId, subject: mail.subject, text: mail.text };
        await this.outbox.enqueue(manager, NOTIFICATION_MAIL_REQUESTED, event, { actor: null });
      }
      return true;
    });
    if (made && channels.includes('push')) {
      // After commit, best effort, as the other pushes: the report is in the list and the email whatever happens here.
      await this.push.notify(accountId, [userId], { title, link }).catch((err: Error) => this.logger.warn(`push not sent: ${err.message}`));
    }
    return made;
  }

  /**
   * The account's figures, asked of their owners as the account (accountActor: every machine, costs
   * included); reportFor then keeps what each member may read.
   */
  private async gather(accountId: number, period: WeekPeriod): Promise<WeeklyReport> {
    const actor = accountActor(accountId);
    const fleet = await this.rpc.send(REPORT_FLEET, { from: period.from, to: period.to }, { actor });
    const schedules: Schedule[] = [];
    for (let page = 0; page < SCHEDULE_PAGES; page++) {
      const answer = await this.rpc.send(SCHEDULE_LIST, { page, size: SCHEDULE_PAGE }, { actor });
      schedules.push(...answer.content);
      if (page + 1 >= answer.totalPages) {
        break;
      }
    }
    return { period, fleet, coming: comingUp(schedules, addDays(period.to, 1)), money: true };
  }
}
