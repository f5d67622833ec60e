import { Injectable } from '@nestjs/common';
import { isTimeZone, NOTIFICATION_TIME_ZONE_CHANGED, type MemberSavedEvent, type NotificationTimeZoneChangedEvent } from '@wrenchlog/contracts';
import { Outbox, type MemberSavedHooks } from '@wrenchlog/platform';
import type { EntityManager } from 'typeorm';

/**
 * The account's own time zone (issue 34's account defaults) for the figures report-service dates
 * (fuel records' days, "today"): when an owner's account.member.saved names the account's default
 * zone, it goes out as notification.timeZone.changed, as an owner's saved notification settings do.
 * A state event ordered by `at`, so the newer of the two settings wins; none while the account has no default.
 */
@Injectable()
export class AccountZoneFollower implements MemberSavedHooks {
  constructor(private readonly outbox: Outbox) {}

  async applied(manager: EntityManager, e: MemberSavedEvent): Promise<void> {
    if (e.role !== 'owner' || e.removed || !isTimeZone(e.accountTimeZone)) {
      return;
    }
    const event: NotificationTimeZoneChangedEvent = { accountId: e.accountId, userId: e.accountId, timeZone: e.accountTimeZone!, at: e.at };
    await this.outbox.enqueue(manager, NOTIFICATION_TIME_ZONE_CHANGED, event, { actor: null });
  }
}
