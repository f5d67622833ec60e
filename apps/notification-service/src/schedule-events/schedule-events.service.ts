import { Injectable, Logger } from '@nestjs/common';
import {
  eventAccountId,
  eventTime,
  isValidId,
  SCHEDULE_STATUSES,
  type RpcMessage,
  type ScheduleStatus,
  type ScheduleStatusChangedEvent,
} from '@wrenchlog/contracts';
import { forUpdate } from '@wrenchlog/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { MachinesService } from '../machines/machines.service.js';
import { isCompletion, planForTransition, scheduleLink } from '../notifications/notification.rules.js';
import { NotificationsRepository } from '../notifications/notifications.repository.js';
import { PreferencesService } from '../preferences/preferences.service.js';
import { PushService, type MembersPush } from '../push/push.service.js';
import { Recipients } from '../recipients/recipients.service.js';
import { SchedulerService } from '../scheduler/scheduler.service.js';
import { WebhookDispatcher } from '../webhooks/webhook-dispatcher.js';
import { WebhookOutbox } from '../webhooks/webhook-outbox.js';
import { webhookTypeOf } from '../notifications/notification.rules.js';
import { ScheduleStateEntity } from './schedule-state.entity.js';

const isStatus = (v: unknown): v is ScheduleStatus | null => v === null || (SCHEDULE_STATUSES as readonly unknown[]).includes(v);

/**
 * schedule.status.changed: keeps the schedule's state (status since when, completion cycle) and
 * adds the notification the change calls for, once per (schedule, status, cycle). Idempotent:
 * an event older than the state applied (by `at`) or seen again changes nothing.
 */
@Injectable()
export class ScheduleEventsService {
  private readonly logger = new Logger(ScheduleEventsService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly notifications: NotificationsRepository,
    private readonly preferences: PreferencesService,
    private readonly machines: MachinesService,
    private readonly scheduler: SchedulerService,
    private readonly webhooks: WebhookOutbox,
    private readonly dispatcher: WebhookDispatcher,
    private readonly push: PushService,
    private readonly recipients: Recipients,
  ) {}

  async onStatusChanged(m: RpcMessage<ScheduleStatusChangedEvent>): Promise<void> {
    const e = m?.payload;
    const accountId = eventAccountId(e);
    if (
      !e ||
      !isValidId(e.scheduleId) ||
      !isValidId(e.machineId) ||
      !isValidId(accountId) ||
      !isStatus(e.status) ||
      !isStatus(e.previousStatus) ||
      typeof e.title !== 'string'
    ) {
      this.logger.warn('ignored a malformed schedule.status.changed event');
      return;
    }
    const at = eventTime(e.at);
    const added = await this.dataSource.transaction((manager) => this.apply(manager, e, accountId, at));
    if (added) {
      // Deliveries of the new notification go out now, not at the next tick.
      this.scheduler.kick();
      this.dispatcher.kick();
      if (added.push) {
        void this.push.notify(accountId, added.push.userIds, added.push.message).catch((err: Error) => this.logger.warn(`push not sent: ${err.message}`));
      }
    }
  }

  /** Applies the event; answers what it added (and the push to send after commit), or null. */
  private async apply(manager: EntityManager, e: ScheduleStatusChangedEvent, accountId: number, at: Date): Promise<{ push: MembersPush | null } | null> {
    const repo = manager.getRepository(ScheduleStateEntity);
    // Consumers take several events at once: the row lock orders two changes of one schedule.
    const read = () => forUpdate(repo.createQueryBuilder('s').where('s.schedule_id = :id', { id: e.scheduleId })).getOne();
    const state = await read();
    if (state && state.accountId !== accountId) {
      return null;
    }
    // The state follows the newest event only; an older one that arrives late changes nothing.
    if (!state || state.eventAt <= at) {
      const moved = !state || state.status !== e.status;
      const completed = isCompletion(e.previousStatus, e.status, e.cause);
      const next: ScheduleStateEntity = {
        scheduleId: e.scheduleId,
        accountId,
        machineId: e.machineId,
        title: e.title,
        status: e.status,
        reason: e.reason,
        cycle: (state?.cycle ?? 0) + (completed ? 1 : 0),
        statusSince: moved ? at : state.statusSince,
        reminderWeeks: moved ? 0 : state.reminderWeeks,
        eventAt: at,
      };
      if (state) {
        await repo.update({ scheduleId: e.scheduleId }, next);
      } else {
        await repo.createQueryBuilder().insert().values(next).orIgnore().execute();
        const stored = await read();
        if (stored && (stored.eventAt.getTime() !== at.getTime() || stored.status !== e.status)) {
          // Another event of this new schedule stored its row first (it waited for that one): apply over it.
          return this.apply(manager, e, accountId, at);
        }
      }
    }
    // The notification is the fact of this event's own change, whatever the order of arrival.
    const planned = planForTransition({ scheduleId: e.scheduleId, title: e.title, previous: e.previousStatus, next: e.status, at, cause: e.cause });
    if (!planned || (await this.notifications.exists(manager, accountId, planned.key))) {
      return null;
    }
    const name = (await this.machines.names(manager, [e.machineId])).get(e.machineId)!;
    if (await this.preferences.accountWebhooks(manager, accountId)) {
      const data = {
        scheduleId: e.scheduleId,
        machineId: e.machineId,
        machineName: name,
        title: e.title,
        status: e.status,
        previousStatus: e.previousStatus,
        reason: e.reason,
      };
      await this.webhooks.enqueue(manager, accountId, webhookTypeOf(planned.kind), data, planned.key, at);
    }
    const title = `${planned.title} (${name})`;
    const link = scheduleLink(e.machineId);
    await this.notifications.addOnce(manager, {
      accountId,
      kind: planned.kind,
      title,
      machineId: e.machineId,
      scheduleId: e.scheduleId,
      link,
      dedupeKey: planned.key,
      inApp: true,
      createdAt: at,
    });
    const pushed = await this.recipients.reached(manager, accountId, planned.kind, e.machineId, 'push');
    return { push: pushed.length ? { userIds: pushed.map((r) => r.userId), message: { title, body: e.reason ?? undefined, link } } : null };
  }
}
