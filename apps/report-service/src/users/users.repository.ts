import { Injectable } from '@nestjs/common';
import { advisoryXactLock } from '@wrenchlog/platform';
import { DataSource, LessThanOrEqual, type EntityManager } from 'typeorm';
import { ReportUserEntity } from './report-user.entity.js';
import { DEFAULT_TIME_ZONE } from './time-zone.rules.js';

/** Advisory lock namespace of an account's dated writes (fuel events and a zone change take turns). */
const ZONE_LOCK = 2201;

/**
 * SQL of the people's time zones (issue 32: `report_users` is keyed by the person, whose setting it
 * is). An account's fuel records are dated in its owner of record's zone: the person whose user id
 * is the account's id, which every account made before accounts could be created has (docs/accounts.md).
 */
@Injectable()
export class UsersRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A person's zone ("today" of a report they ask for). */
  async timeZone(userId: number, manager: EntityManager = this.dataSource.manager): Promise<string> {
    return (await manager.findOneBy(ReportUserEntity, { userId }))?.timeZone ?? DEFAULT_TIME_ZONE;
  }

  /**
   * The zone an account's fuel records are dated in (its owner of record's), held until the
   * transaction ends (PostgreSQL; SQLite queues write transactions already), so a fuel record is
   * never dated in a zone that a concurrent change is replacing.
   */
  async lockedAccountZone(manager: EntityManager, accountId: number): Promise<string> {
    await advisoryXactLock(manager, ZONE_LOCK, accountId);
    return this.timeZone(accountId, manager);
  }

  /**
   * Stores a person's zone not older than the one kept; answers whether it changed the zone (and so
   * the zone of the account whose id is theirs, whose lock it takes).
   */
  async apply(manager: EntityManager, userId: number, timeZone: string, at: Date): Promise<boolean> {
    const before = await this.lockedAccountZone(manager, userId);
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
