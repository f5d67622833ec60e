import { Injectable } from '@nestjs/common';
import {
  NotificationLimits,
  pageOf,
  type Actor,
  type MarkReadInput,
  type MarkReadReply,
  type NotificationKind,
  type NotificationListQuery,
  type NotificationPage,
  type NotificationView,
} from '@wrenchlog/contracts';
import { Clock } from '../common/clock.js';
import type { NotificationEntity } from './notification.entity.js';
import { NotificationsRepository } from './notifications.repository.js';

const toView = (n: NotificationEntity): NotificationView => ({
  id: n.id,
  kind: n.kind as NotificationKind,
  title: n.title,
  machineId: n.machineId,
  link: n.link,
  createdAt: n.createdAt.toISOString(),
  readAt: n.readAt ? n.readAt.toISOString() : null,
});

/** The bell and the list: a user's in-app notifications, newest first. */
@Injectable()
export class NotificationsService {
  constructor(
    private readonly notifications: NotificationsRepository,
    private readonly clock: Clock,
  ) {}

  async list(actor: Actor, query: NotificationListQuery): Promise<NotificationPage> {
    const page = query?.page ?? 0;
    const size = query?.size ?? NotificationLimits.pageSize;
    const [rows, total] = await this.notifications.page(actor.userId, page, size);
    return pageOf(rows.map(toView), total, page, size);
  }

  unreadCount(actor: Actor): Promise<number> {
    return this.notifications.unreadCount(actor.userId);
  }

  async markRead(actor: Actor, input: MarkReadInput | undefined): Promise<MarkReadReply> {
    // The ids' form and count are MarkReadInput's, checked on receipt (@ValidInput).
    const ids = input?.ids;
    // An empty list marks nothing; no list at all marks every one.
    if (Array.isArray(ids) && ids.length === 0) {
      return { updated: 0 };
    }
    const updated = await this.notifications.markRead(actor.userId, Array.isArray(ids) ? ids : null, this.clock.now());
    return { updated };
  }
}
