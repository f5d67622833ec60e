import { Injectable, Logger } from '@nestjs/common';
import {
  eventAccountId,
  eventTime,
  isValidId,
  NOTIFICATION_MAIL_REQUESTED,
  type InventoryStockChangedEvent,
  type NotificationMailRequestedEvent,
  type RpcMessage,
} from '@wrenchlog/contracts';
import { forUpdate, Outbox } from '@wrenchlog/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { NotificationsRepository } from '../notifications/notifications.repository.js';
import { kindRight } from '../notifications/notification.rules.js';
import { PushService, type MembersPush } from '../push/push.service.js';
import { maySee, Recipients } from '../recipients/recipients.service.js';
import { PartStockEntity } from './part-stock.entity.js';
import { lowStockEmail, planStockAlert, stockLevel, type StockLevel } from './stock.rules.js';

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * inventory.stock.changed (a state event): keeps each part's level and alerts (kind `low_stock`)
 * when it gets worse, for the account's members who may see parts, on each one's lowStock channels
 * (in-app, email at once, push). Applied in the order of `at`.
 */
@Injectable()
export class StockEventsService {
  private readonly logger = new Logger(StockEventsService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly notifications: NotificationsRepository,
    private readonly recipients: Recipients,
    private readonly push: PushService,
    private readonly outbox: Outbox,
  ) {}

  async onChanged(m: RpcMessage<InventoryStockChangedEvent>): Promise<void> {
    const e = m?.payload;
    const accountId = eventAccountId(e);
    if (!e || !isValidId(e.partId) || !isValidId(accountId) || typeof e.name !== 'string' || !isCount(e.quantity) || !isCount(e.minStock)) {
      this.logger.warn('ignored a malformed inventory.stock.changed event');
      return;
    }
    const at = eventTime(e.at);
    const push = await this.dataSource.transaction((manager) => this.apply(manager, e, accountId, at));
    if (push) {
      void this.push.notify(accountId, push.userIds, push.message).catch((err: Error) => this.logger.warn(`push not sent: ${err.message}`));
    }
  }

  private async apply(manager: EntityManager, e: InventoryStockChangedEvent, accountId: number, at: Date): Promise<MembersPush | null> {
    const repo = manager.getRepository(PartStockEntity);
    // The row lock orders two events of one part (SQLite's writes take turns already).
    const read = () => forUpdate(repo.createQueryBuilder('p').where('p.part_id = :id', { id: e.partId })).getOne();
    const state = await read();
    if (state && (state.eventAt >= at || state.accountId !== accountId)) {
      return null;
    }
    const level = stockLevel(e.quantity, e.minStock);
    if (state) {
      await repo.update({ partId: e.partId }, { level, eventAt: at });
    } else {
      await repo.createQueryBuilder().insert().values({ partId: e.partId, accountId, level, eventAt: at }).orIgnore().execute();
      const stored = await read();
      if (stored && stored.eventAt.getTime() !== at.getTime()) {
        // Another event of this part stored its row first (it waited for that one): apply over it.
        return this.apply(manager, e, accountId, at);
      }
    }
    const planned = planStockAlert(e.partId, e.name, e.quantity, e.minStock, (state?.level as StockLevel | undefined) ?? null, level, at);
    if (!planned) {
      return null;
    }
    const link = `/parts/${e.partId}`;
    const added = await this.notifications.addOnce(manager, {
      accountId,
      kind: planned.kind,
      title: planned.title,
      machineId: null,
      scheduleId: null,
      link,
      dedupeKey: planned.key,
      inApp: true,
      createdAt: at,
    });
    if (!added) {
      return null;
    }
    const members = (await this.recipients.addressees(manager, [accountId])).get(accountId)!.filter((r) => maySee(r, null, kindRight(planned.kind)));
    for (const member of members.filter((r) => r.prefs.kinds.lowStock.includes('email'))) {
      // Through the one mail path (user-service), in this transaction: once per member, with the alert's key.
      const mail: NotificationMailRequestedEvent = {
        key: `${planned.key}:${member.userId}`,
        userId: member.userId,
        subject: `Wrenchlog: ${planned.title}`,
        text: lowStockEmail(planned.title, e.name),
      };
      await this.outbox.enqueue(manager, NOTIFICATION_MAIL_REQUESTED, mail, { actor: null });
    }
    const pushed = members.filter((r) => r.prefs.kinds.lowStock.includes('push')).map((r) => r.userId);
    return pushed.length ? { userIds: pushed, message: { title: planned.title, link } } : null;
  }
}
