import { Injectable } from '@nestjs/common';
import {
  EXPORT_AT,
  exportPage,
  exportWindow,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_DEFAULT_PREFERENCES,
  NOTIFICATION_TIME_ZONE_CHANGED,
  NOTIFICATION_PREFERENCE_KINDS,
  type Actor,
  type ExportPage,
  type ExportPageRequest,
  type NotificationChannel,
  type NotificationPreferenceKind,
  type NotificationPreferences,
  type NotificationPreferencesInput,
  type NotificationTimeZoneChangedEvent,
  type RpcMeta,
} from '@wrenchlog/contracts';
import { AccountMemberEntity, Outbox } from '@wrenchlog/platform';
import { DataSource, In, type EntityManager } from 'typeorm';
import { Clock } from '../common/clock.js';
import { PreferenceEntity } from './preference.entity.js';

/** One member of one account, as a map key. */
export const memberKey = (m: { accountId: number; userId: number }): string => `${m.accountId}:${m.userId}`;

const defaults = (): NotificationPreferences => structuredClone(NOTIFICATION_DEFAULT_PREFERENCES);

/** Each kind's channels in the order of NOTIFICATION_CHANNELS, once each (the DTO checked the names). */
const cleanChannels = (channels: readonly string[]): NotificationChannel[] => NOTIFICATION_CHANNELS.filter((c) => channels.includes(c));

/**
 * A member's settings: their saved row, else the defaults in their time zone preference (issue 34:
 * their own, else their account's, as account.member.saved tells it), else in the built-in zone.
 */
function fromRow(row: PreferenceEntity | null, timeZone?: string | null): NotificationPreferences {
  if (!row) {
    return { ...defaults(), ...(timeZone ? { timeZone } : {}) };
  }
  const stored = JSON.parse(row.kinds) as Partial<Record<string, string[]>>;
  const kinds = defaults().kinds;
  for (const kind of NOTIFICATION_PREFERENCE_KINDS) {
    if (Array.isArray(stored[kind])) {
      kinds[kind] = cleanChannels(stored[kind]);
    }
  }
  return { digestTime: row.digestTime, timeZone: row.timeZone, kinds };
}

/**
 * The kinds a save stores. A kind the input leaves out (`work`, which a client written before issue 35
 * does not send) keeps the member's stored choice, or stays unstored so its default applies.
 */
function savedKinds(
  input: Partial<Record<NotificationPreferenceKind, readonly string[]>>,
  stored: PreferenceEntity | null,
): Record<string, NotificationChannel[]> {
  const before = stored ? (JSON.parse(stored.kinds) as Partial<Record<string, string[]>>) : {};
  const kinds: Record<string, NotificationChannel[]> = {};
  for (const kind of NOTIFICATION_PREFERENCE_KINDS) {
    const chosen = Array.isArray(input[kind]) ? input[kind] : before[kind];
    if (Array.isArray(chosen)) {
      kinds[kind] = cleanChannels(chosen);
    }
  }
  return kinds;
}

/** GET and PUT /api/notifications/preferences (each member's own, in the account they act in), and the settings the rest of the service reads. */
@Injectable()
export class PreferencesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly outbox: Outbox,
  ) {}

  async get(actor: Actor): Promise<NotificationPreferences> {
    return this.of(this.dataSource.manager, actor.accountId, actor.userId);
  }

  async update(actor: Actor, input: NotificationPreferencesInput, meta?: RpcMeta): Promise<NotificationPreferences> {
    // The input passed NotificationPreferencesInput on receipt (time, zone, channels per kind).
    const now = this.clock.now();
    return this.dataSource.transaction(async (manager) => {
      const stored = await manager.getRepository(PreferenceEntity).findOneBy({ accountId: actor.accountId, userId: actor.userId });
      const kinds = savedKinds(input.kinds, stored);
      await manager.getRepository(PreferenceEntity).upsert(
        {
          accountId: actor.accountId,
          userId: actor.userId,
          digestTime: input.digestTime,
          timeZone: input.timeZone,
          kinds: JSON.stringify(kinds),
          updatedAt: now,
        },
        ['accountId', 'userId'],
      );
      if (actor.userId === actor.accountId || actor.role === 'owner') {
        // report-service dates fuel records and "today" in the account's zone (issue 22): its owner
        // of record's (see accountTimeZones), or the zone an owner of an account made since accounts
        // last saved (such an account has no owner of record). Sent on every save, a state event.
        const event: NotificationTimeZoneChangedEvent = {
          accountId: actor.accountId,
          userId: actor.accountId,
          timeZone: input.timeZone,
          at: new Date().toISOString(),
        };
        await this.outbox.enqueue(manager, NOTIFICATION_TIME_ZONE_CHANGED, event, { actor, correlationId: meta?.correlationId });
      }
      return this.of(manager, actor.accountId, actor.userId);
    });
  }

  /** A member's settings in an account (the defaults without a row). */
  async of(manager: EntityManager, accountId: number, userId: number): Promise<NotificationPreferences> {
    const row = await manager.getRepository(PreferenceEntity).findOneBy({ accountId, userId });
    const member = row
      ? null
      : await manager.getRepository(AccountMemberEntity).findOne({ select: { timeZone: true }, where: { accountId, userId, removed: false } });
    return fromRow(row, member?.timeZone);
  }

  /** The members' time zone preferences from the members projection, by memberKey (one query). */
  private async timeZones(manager: EntityManager, accountIds: number[]): Promise<Map<string, string>> {
    const rows = await manager.getRepository(AccountMemberEntity).find({
      select: { accountId: true, userId: true, timeZone: true },
      where: { accountId: In(accountIds), removed: false },
    });
    return new Map(rows.filter((r) => r.timeZone).map((r) => [memberKey(r), r.timeZone!]));
  }

  /**
   * notification.timeZoneExport.page (administrators, report-service's rebuild): each account's saved
   * zone, as the changed event it stands for, stamped EXPORT_AT so any real event wins over it.
   * The account's zone is its owner of record's (the member whose user id is the account's id, the
   * one who had it before accounts); an account without that row has the default zone, which
   * report-service assumes already. Administrators only: the handler takes @AdminCaller().
   */
  async timeZonePage(request: Partial<ExportPageRequest> | null | undefined): Promise<ExportPage<NotificationTimeZoneChangedEvent>> {
    const { afterId, limit } = exportWindow(request);
    const rows = await this.dataSource
      .getRepository(PreferenceEntity)
      .createQueryBuilder('p')
      .where('p.account_id > :afterId AND p.user_id = p.account_id', { afterId })
      .orderBy('p.account_id', 'ASC')
      .take(limit)
      .getMany();
    const items = rows.map((r) => ({ accountId: r.accountId, userId: r.accountId, timeZone: r.timeZone, at: EXPORT_AT }));
    return exportPage(items, rows.at(-1)?.accountId, limit);
  }

  /**
   * Whether the account's webhooks get its schedule events (`maintenance`) or its work events
   * (`work`, issue 35): the account's endpoints are shared, so one setting decides, its owner of
   * record's `webhook` channel of that kind (what they chose before accounts; on by default).
   */
  async accountWebhooks(manager: EntityManager, accountId: number, kind: 'maintenance' | 'work' = 'maintenance'): Promise<boolean> {
    return (await this.of(manager, accountId, accountId)).kinds[kind].includes('webhook');
  }

  /** The settings of several members at once, by memberKey (defaults for those without a row); one query. */
  async ofMany(manager: EntityManager, members: readonly { accountId: number; userId: number }[]): Promise<Map<string, NotificationPreferences>> {
    const accounts = [...new Set(members.map((m) => m.accountId))];
    const rows = accounts.length ? await manager.getRepository(PreferenceEntity).findBy({ accountId: In(accounts) }) : [];
    const byMember = new Map(rows.map((r) => [memberKey(r), r]));
    const zones = members.some((m) => !byMember.has(memberKey(m))) ? await this.timeZones(manager, accounts) : new Map<string, string>();
    return new Map(members.map((m) => [memberKey(m), fromRow(byMember.get(memberKey(m)) ?? null, zones.get(memberKey(m)))]));
  }
}
