import { Injectable } from '@nestjs/common';
import type { NotificationKind } from '@wrenchlog/contracts';
import type { MachineAssignment } from '@wrenchlog/platform';
import { DataSource, In, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import { NotificationReadEntity } from './notification-read.entity.js';
import { NotificationEntity } from './notification.entity.js';

export type NewNotification = Omit<NotificationEntity, 'id' | 'userId'> & { userId?: number | null };

/** What one member's bell and list show: the account's notifications of these kinds and machines, and their own. */
export interface Inbox {
  accountId: number;
  userId: number;
  kinds: readonly NotificationKind[];
  /** null: every machine of the account. */
  machines: MachineAssignment;
}

const READ_CHUNK = 500;

/** The SQL of notifications, every query scoped by account, and a member's inbox by their kinds and machines (one WHERE). */
@Injectable()
export class NotificationsRepository {
  constructor(private readonly dataSource: DataSource) {}

  exists(manager: EntityManager, accountId: number, dedupeKey: string): Promise<boolean> {
    return manager.getRepository(NotificationEntity).exists({ where: { accountId, dedupeKey } });
  }

  /**
   * Adds a notification unless one with its key exists (the unique (account, key) index decides, so
   * a redelivered event or a second replica adds nothing). True when it was added.
   */
  async addOnce(manager: EntityManager, row: NewNotification): Promise<boolean> {
    if (await this.exists(manager, row.accountId, row.dedupeKey)) {
      return false;
    }
    // Of two replicas racing past the check, the index keeps one row and the other insert is a no-op.
    await manager
      .createQueryBuilder()
      .insert()
      .into(NotificationEntity)
      .values({ ...row, userId: row.userId ?? null })
      .orIgnore()
      .execute();
    return true;
  }

  /** A page of the member's inbox, newest first, with when they read each (null: unread). */
  async page(inbox: Inbox, page: number, size: number): Promise<[(NotificationEntity & { readAt: Date | null })[], number]> {
    const visible = this.visible(inbox);
    if (!visible) {
      return [[], 0];
    }
    const [rows, total] = await visible
      .orderBy('n.created_at', 'DESC')
      .addOrderBy('n.id', 'DESC')
      .skip(page * size)
      .take(size)
      .getManyAndCount();
    const reads = rows.length
      ? await this.dataSource.getRepository(NotificationReadEntity).findBy({ userId: inbox.userId, notificationId: In(rows.map((r) => r.id)) })
      : [];
    const readAt = new Map(reads.map((r) => [r.notificationId, r.readAt]));
    return [rows.map((r) => ({ ...r, readAt: readAt.get(r.id) ?? null })), total];
  }

  unreadCount(inbox: Inbox): Promise<number> {
    return this.unread(inbox)?.getCount() ?? Promise.resolve(0);
  }

  /** Marks the member's unread ones read: those of `ids`, or all. Ids outside their inbox change nothing. */
  async markRead(inbox: Inbox, ids: number[] | null, at: Date): Promise<number> {
    const unread = this.unread(inbox);
    if (!unread) {
      return 0;
    }
    if (ids) {
      unread.andWhere('n.id IN (:...ids)', { ids });
    }
    const found = (await unread.select('n.id', 'id').getRawMany<{ id: number }>()).map((r) => Number(r.id));
    for (let i = 0; i < found.length; i += READ_CHUNK) {
      const values = found.slice(i, i + READ_CHUNK).map((notificationId) => ({ notificationId, userId: inbox.userId, readAt: at }));
      await this.dataSource.createQueryBuilder().insert().into(NotificationReadEntity).values(values).orIgnore().execute();
    }
    return found.length;
  }

  /** The inbox's notifications, or null when it can show none (no kind chosen). */
  private visible(inbox: Inbox): SelectQueryBuilder<NotificationEntity> | null {
    if (inbox.kinds.length === 0) {
      return null;
    }
    const qb = this.dataSource
      .getRepository(NotificationEntity)
      .createQueryBuilder('n')
      .where('n.account_id = :accountId AND n.in_app = :inApp', { accountId: inbox.accountId, inApp: true })
      .andWhere('(n.user_id IS NULL OR n.user_id = :userId)', { userId: inbox.userId })
      .andWhere('n.kind IN (:...kinds)', { kinds: inbox.kinds });
    if (inbox.machines) {
      // An assigned member sees the notifications of their machines and those of no machine.
      const machines = [...inbox.machines];
      qb.andWhere(machines.length ? '(n.machine_id IS NULL OR n.machine_id IN (:...machines))' : 'n.machine_id IS NULL', { machines });
    }
    return qb;
  }

  private unread(inbox: Inbox): SelectQueryBuilder<NotificationEntity> | null {
    return (
      this.visible(inbox)?.andWhere('NOT EXISTS (SELECT 1 FROM notification_reads r WHERE r.notification_id = n.id AND r.user_id = :userId)', {
        userId: inbox.userId,
      }) ?? null
    );
  }
}
