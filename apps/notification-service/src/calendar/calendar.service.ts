import { Injectable } from '@nestjs/common';
import { NotificationMessages, SCHEDULE_LIST, type Actor, type CalendarFeed, type CalendarToken, type Schedule } from '@wrenchlog/contracts';
import { notFound, RpcClient } from '@wrenchlog/platform';
import ical, { ICalAlarmType } from 'ical-generator';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { Recipients } from '../recipients/recipients.service.js';
import { CalendarInstall } from './calendar-install.js';
import { CalendarTokenEntity } from './calendar-token.entity.js';
import { calendarItems } from './calendar.rules.js';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const PAGE = 100;
/** A feed lists at most this many schedules (the fleet's most urgent first). */
const MAX_PAGES = 20;

/**
 * The private calendar feed. The schedules' due and forecast dates are schedule-service's to
 * compute (from readings, rates and completions, day by day): the feed asks it for the member's
 * schedules (as the member: an operator's lists their machines') when a calendar app polls, rather than keeping a copy here that could lag behind.
 */
@Injectable()
export class CalendarService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly rpc: RpcClient,
    private readonly install: CalendarInstall,
    private readonly recipients: Recipients,
  ) {}

  /** A new secret (32 random bytes); the previous one stops working at once. */
  async rotate(actor: Actor): Promise<CalendarToken> {
    const token = randomBytes(32).toString('base64url');
    await this.dataSource
      .getRepository(CalendarTokenEntity)
      .upsert({ accountId: actor.accountId, userId: actor.userId, tokenHash: hashOf(token), createdAt: new Date() }, ['accountId', 'userId']);
    return { token };
  }

  async feed(token: unknown): Promise<CalendarFeed> {
    const row =
      typeof token === 'string' && /^[A-Za-z0-9_-]{20,100}$/.test(token)
        ? await this.dataSource.getRepository(CalendarTokenEntity).findOneBy({ tokenHash: hashOf(token) })
        : null;
    // The token stands for its member in its account, with their role now (a member who left has no feed).
    const member = row ? await this.recipients.member(row.accountId, row.userId) : null;
    if (!member) {
      throw notFound(NotificationMessages.calendarNotFound);
    }
    const { actor, machines } = member;
    const schedules: Schedule[] = [];
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await this.rpc.send(SCHEDULE_LIST, { page, size: PAGE }, { actor });
      schedules.push(...answer.content);
      if (page + 1 >= answer.totalPages) {
        break;
      }
    }
    const calendar = ical({ name: 'Wrenchlog maintenance', prodId: { company: 'Wrenchlog', product: 'Maintenance', language: 'EN' } });
    // schedule-service answers the member's machines; their assignment here too keeps the feed to them whatever it answers.
    const theirs = machines ? schedules.filter((s) => machines.has(s.machineId)) : schedules;
    for (const item of calendarItems(theirs, await this.install.installId())) {
      const [y, m, d] = item.date.split('-').map(Number);
      calendar.createEvent({
        id: item.uid,
        start: new Date(Date.UTC(y, m - 1, d)),
        allDay: true,
        summary: item.summary,
        description: item.description,
        alarms: [{ type: ICalAlarmType.display, trigger: 7 * 86_400, description: item.summary }],
      });
    }
    return { ics: calendar.toString() };
  }
}
