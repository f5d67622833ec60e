import { Injectable, Logger } from '@nestjs/common';
import {
  NOTIFICATION_MAIL_REQUESTED,
  REPORT_FLEET,
  SCHEDULE_LIST,
  type Actor,
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
import { PreferencesService } from '../preferences/preferences.service.js';
import { PushService } from '../push/push.service.js';
import { WeeklyReportEntity } from './weekly-report.entity.js';
import { addDays, comingUp, lastSevenDays, scheduledWeek, weeklyEmail, weeklyLink, weeklyTitle, type WeekPeriod, type WeeklyReport } from './weekly.rules.js';

const SCHEDULE_PAGE = 100;
/** The schedules read for "due next week": the fleet's most urgent first, so the first pages hold them. */
const SCHEDULE_PAGES = 5;

/**
 * The weekly usage report (issue 24): the week's costs and meters moved per machine, from
 * report-service's fleet table (the same figures as the Reports screen), and what is due next
 * week, from schedule-service, on the channels the user chose for it (in-app, email, push).
 */
@Injectable()
export class WeeklyReports {
  private readonly logger = new Logger(WeeklyReports.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly rpc: RpcClient,
    private readonly clock: Clock,
    private readonly preferences: PreferencesService,
    private readonly notifications: NotificationsRepository,
    private readonly outbox: Outbox,
    private readonly push: PushService,
    private readonly machines: MachinesService,
  ) {}

  /** The scheduler's part: last week's report for each user whose Monday report time has come. */
  scheduled(now: Date): Promise<WeeklyRunReply> {
    // Only weeks that ended after the user's first machine arrived: a new user gets no report of a week before them.
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

  private async run(now: Date, periodOf: (prefs: NotificationPreferences, since: Date | null) => WeekPeriod | null): Promise<WeeklyRunReply> {
    const reply: WeeklyRunReply = { users: 0, sent: 0, skipped: 0, failed: 0, lastError: null };
    const since = await this.machines.ownersSince();
    const users = [...since.keys()].sort((a, b) => a - b);
    reply.users = users.length;
    const prefs = await this.preferences.ofMany(this.dataSource.manager, users);
    const due = new Map<number, WeekPeriod>();
    for (const userId of users) {
      const period = prefs.get(userId)!.kinds.weeklyReport.some((c) => c !== 'webhook') ? periodOf(prefs.get(userId)!, since.get(userId)!) : null;
      if (period) {
        due.set(userId, period);
      }
    }
    const made = due.size
      ? await this.dataSource.getRepository(WeeklyReportEntity).find({ where: [...due].map(([userId, p]) => ({ userId, periodFrom: p.from })) })
      : [];
    for (const row of made) {
      due.delete(row.userId);
    }
    reply.skipped = users.length - due.size;
    for (const [userId, period] of due) {
      try {
        if (await this.makeFor(userId, prefs.get(userId)!, period, now)) {
          reply.sent += 1;
        } else {
          reply.skipped += 1;
        }
      } catch (err) {
        reply.failed += 1;
        reply.lastError = `weekly report of user ${userId}: ${(err as Error).message ?? String(err)}`;
        this.logger.warn(reply.lastError);
      }
    }
    return reply;
  }

  /** One user's report of one week, once: false when another replica or run made it first. */
  private async makeFor(userId: number, prefs: NotificationPreferences, period: WeekPeriod, now: Date): Promise<boolean> {
    const report = await this.gather(userId, period);
    const channels = prefs.kinds.weeklyReport;
    const title = weeklyTitle(report);
    const link = weeklyLink(period);
    const made = await this.dataSource.transaction(async (manager) => {
      const reports = manager.getRepository(WeeklyReportEntity);
      if (await reports.exists({ where: { userId, periodFrom: period.from } })) {
        return false;
      }
      await reports.insert({ userId, periodFrom: period.from, periodTo: period.to, createdAt: now });
      const key = `weekly:${userId}:${period.from}`;
      await this.notifications.addOnce(manager, {
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
      await this.push.notify(userId, { title, link }).catch((err: Error) => this.logger.warn(`push not sent: ${err.message}`));
    }
    return made;
  }

  /** The figures, asked of their owners as the user (so they are scoped as the user's own reads). */
  private async gather(userId: number, period: WeekPeriod): Promise<WeeklyReport> {
    const actor: Actor = { userId, adminLevel: 0 };
    const fleet = await this.rpc.send(REPORT_FLEET, { from: period.from, to: period.to }, { actor });
    const schedules: Schedule[] = [];
    for (let page = 0; page < SCHEDULE_PAGES; page++) {
      const answer = await this.rpc.send(SCHEDULE_LIST, { page, size: SCHEDULE_PAGE }, { actor });
      schedules.push(...answer.content);
      if (page + 1 >= answer.totalPages) {
        break;
      }
    }
    return { period, fleet, coming: comingUp(schedules, addDays(period.to, 1)) };
  }
}
