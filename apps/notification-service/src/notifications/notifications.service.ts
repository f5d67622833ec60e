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
import { MemberDirectory } from '@wrenchlog/platform';
import { DataSource } from 'typeorm';
import { Clock } from '../common/clock.js';
import { PreferencesService } from '../preferences/preferences.service.js';
import type { NotificationEntity } from './notification.entity.js';
import { listedKinds } from './notification.rules.js';
import { NotificationsRepository, type Inbox } from './notifications.repository.js';

const toView = (n: NotificationEntity & { readAt: Date | null }): NotificationView => ({
  id: n.id,
  kind: n.kind as NotificationKind,
  title: n.title,
  machineId: n.machineId,
  link: n.link,
  createdAt: n.createdAt.toISOString(),
  readAt: n.readAt ? n.readAt.toISOString() : null,
});

/**
 * The bell and the list: the caller's inbox in the account they act in, newest first. The
 * account's notifications of the kinds their role may see and they chose in-app, of the machines
 * they may see (a mechanic's or operator's assignment), and those made for them; read per member.
 */
@Injectable()
export class NotificationsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly notifications: NotificationsRepository,
    private readonly preferences: PreferencesService,
    private readonly members: MemberDirectory,
    private readonly clock: Clock,
  ) {}

  async list(actor: Actor, query: NotificationListQuery): Promise<NotificationPage> {
    const page = query?.page ?? 0;
    const size = query?.size ?? NotificationLimits.pageSize;
    const [rows, total] = await this.notifications.page(await this.inbox(actor), page, size);
    return pageOf(rows.map(toView), total, page, size);
  }

  async unreadCount(actor: Actor): Promise<number> {
    return this.notifications.unreadCount(await this.inbox(actor));
  }

  async markRead(actor: Actor, input: MarkReadInput | undefined): Promise<MarkReadReply> {
    // The ids' form and count are MarkReadInput's, checked on receipt (@ValidInput).
    const ids = input?.ids;
    // An empty list marks nothing; no list at all marks every one.
    if (Array.isArray(ids) && ids.length === 0) {
      return { updated: 0 };
    }
    const updated = await this.notifications.markRead(await this.inbox(actor), Array.isArray(ids) ? ids : null, this.clock.now());
    return { updated };
  }

  /** Two queries per request (the member's settings, their assignment), none per row. */
  private async inbox(actor: Actor): Promise<Inbox> {
    const prefs = await this.preferences.of(this.dataSource.manager, actor.accountId, actor.userId);
    const machines = await this.members.visibleMachines(actor);
    return { accountId: actor.accountId, userId: actor.userId, kinds: listedKinds(actor.role, prefs), machines };
  }
}
