import { Injectable } from '@nestjs/common';
import { advisoryXactLock } from '@wrenchlog/platform';
import { DataSource, LessThanOrEqual, type EntityManager } from 'typeorm';
import { ReportUserEntity } from './report-user.entity.js';
import { DEFAULT_TIME_ZONE } from './time-zone.rules.js';

/** Advisory lock namespace of a user's dated writes (fuel events and a zone change take turns). */
const ZONE_LOCK = 2201;

/** SQL of the users' time zones. */
@Injectable()
export class UsersRepository {
  constructor(private readonly dataSource: DataSource) {}

  async timeZone(userId: number, manager: EntityManager = this.dataSource.manager): Promise<string> {
    return (await manager.findOneBy(ReportUserEntity, { userId }))?.timeZone ?? DEFAULT_TIME_ZONE;
  }

  /**
   * The user's zone, held until the transaction ends (PostgreSQL; SQLite queues write transactions
   * already), so a fuel record is never dated in a zone that a concurrent change is replacing.
   */
  async lockedTimeZone(manager: EntityManager, userId: number): Promise<string> {
    await advisoryXactLock(manager, ZONE_LOCK, userId);
    return this.timeZone(userId, manager);
  }

  /** Stores a zone not older than the one kept; answers whether it changed the zone. */
  async apply(manager: EntityManager, userId: number, timeZone: string, at: Date): Promise<boolean> {
    const before = await this.lockedTimeZone(manager, userId);
    await manager
      .createQueryBuilder()
      .insert()
      .into(ReportUserEntity)
      .values({ userId, timeZone: DEFAULT_TIME_ZONE, updatedAt: new Date(0) })
      .orIgnore()
      .execute();
    await manager.update(ReportUserEntity, { userId, updatedAt: LessThanOrEqual(at) }, { timeZone, updatedAt: at });
    return (await this.timeZone(userId, manager)) !== before;
  }
}
