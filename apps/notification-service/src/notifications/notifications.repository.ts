import { Injectable } from '@nestjs/common';
import { DataSource, In, IsNull, type EntityManager } from 'typeorm';
import { NotificationEntity } from './notification.entity.js';

export type NewNotification = Omit<NotificationEntity, 'id' | 'readAt'>;

/** The SQL of notifications, every query scoped by user. */
@Injectable()
export class NotificationsRepository {
  constructor(private readonly dataSource: DataSource) {}

  exists(manager: EntityManager, userId: number, dedupeKey: string): Promise<boolean> {
    return manager.getRepository(NotificationEntity).exists({ where: { userId, dedupeKey } });
  }

  /**
   * Adds a notification unless one with its key exists (the unique (user, key) index decides, so
   * a redelivered event or a second replica adds nothing). True when it was added.
   */
  async addOnce(manager: EntityManager, row: NewNotification): Promise<boolean> {
    const exists = await manager.getRepository(NotificationEntity).exists({ where: { userId: row.userId, dedupeKey: row.dedupeKey } });
    if (exists) {
      return false;
    }
    // Of two replicas racing past the check, the index keeps one row and the other insert is a no-op.
    await manager
      .createQueryBuilder()
      .insert()
      .into(NotificationEntity)
      .values({ ...row, readAt: null })
      .orIgnore()
      .execute();
    return true;
  }

  page(userId: number, page: number, size: number): Promise<[NotificationEntity[], number]> {
    return this.dataSource
      .getRepository(NotificationEntity)
      .findAndCount({ where: { userId, inApp: true }, order: { createdAt: 'DESC', id: 'DESC' }, skip: page * size, take: size });
  }

  unreadCount(userId: number): Promise<number> {
    return this.dataSource.getRepository(NotificationEntity).countBy({ userId, inApp: true, readAt: IsNull() });
  }

  /** Marks the user's unread ones read: those of `ids`, or all. Another user's ids change nothing. */
  async markRead(userId: number, ids: number[] | null, at: Date): Promise<number> {
    const where = ids ? { userId, readAt: IsNull(), id: In(ids) } : { userId, readAt: IsNull() };
    const result = await this.dataSource.getRepository(NotificationEntity).update(where, { readAt: at });
    return result.affected ?? 0;
  }

  /** Schedule notifications of a user made after `since` (the digest's "became due soon or overdue"). */
  since(manager: EntityManager, userId: number, since: Date | null): Promise<NotificationEntity[]> {
    const qb = manager.getRepository(NotificationEntity).createQueryBuilder('n').where('n.user_id = :userId', { userId }).andWhere('n.schedule_id IS NOT NULL');
    if (since) {
      qb.andWhere('n.created_at > :since', { since });
    }
    return qb.getMany();
  }
}
