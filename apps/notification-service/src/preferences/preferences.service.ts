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
  type NotificationPreferences,
  type NotificationPreferencesInput,
  type NotificationTimeZoneChangedEvent,
  type RpcMeta,
} from '@wrenchlog/contracts';
import { Outbox } from '@wrenchlog/platform';
import { DataSource, In, MoreThan, type EntityManager } from 'typeorm';
import { Clock } from '../common/clock.js';
import { PreferenceEntity } from './preference.entity.js';

const defaults = (): NotificationPreferences => structuredClone(NOTIFICATION_DEFAULT_PREFERENCES);

/** Each kind's channels in the order of NOTIFICATION_CHANNELS, once each (the DTO checked the names). */
const cleanChannels = (channels: readonly string[]): NotificationChannel[] => NOTIFICATION_CHANNELS.filter((c) => channels.includes(c));

function fromRow(row: PreferenceEntity | null): NotificationPreferences {
  if (!row) {
    return defaults();
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

/** GET and PUT /api/notifications/preferences, and the settings the rest of the service reads. */
@Injectable()
export class PreferencesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly outbox: Outbox,
  ) {}

  async get(actor: Actor): Promise<NotificationPreferences> {
    return this.of(this.dataSource.manager, actor.userId);
  }

  async update(actor: Actor, input: NotificationPreferencesInput, meta?: RpcMeta): Promise<NotificationPreferences> {
    // The input passed NotificationPreferencesInput on receipt (time, zone, channels per kind).
    const kinds = Object.fromEntries(NOTIFICATION_PREFERENCE_KINDS.map((k) => [k, cleanChannels(input.kinds[k])]));
    const now = this.clock.now();
    return this.dataSource.transaction(async (manager) => {
      await manager
        .getRepository(PreferenceEntity)
        .upsert({ userId: actor.userId, digestTime: input.digestTime, timeZone: input.timeZone, kinds: JSON.stringify(kinds), updatedAt: now }, ['userId']);
      // report-service dates fuel records and "today" in it (issue 22); sent on every save, a state event.
      const event: NotificationTimeZoneChangedEvent = { userId: actor.userId, timeZone: input.timeZone, at: new Date().toISOString() };
      await this.outbox.enqueue(manager, NOTIFICATION_TIME_ZONE_CHANGED, event, { actor, correlationId: meta?.correlationId });
      return this.of(manager, actor.userId);
    });
  }

  async of(manager: EntityManager, userId: number): Promise<NotificationPreferences> {
    return fromRow(await manager.getRepository(PreferenceEntity).findOneBy({ userId }));
  }

  /**
   * notification.timeZoneExport.page (administrators, report-service's rebuild): each saved zone by
   * user id, as the changed event it stands for, stamped EXPORT_AT so any real event wins over it.
   * A user without a row has the default zone, which report-service assumes already.
   */
  /** Administrators only: the handler takes @AdminCaller(). */
  async timeZonePage(request: Partial<ExportPageRequest> | null | undefined): Promise<ExportPage<NotificationTimeZoneChangedEvent>> {
    const { afterId, limit } = exportWindow(request);
    const rows = await this.dataSource.getRepository(PreferenceEntity).find({
      where: { userId: MoreThan(afterId) },
      order: { userId: 'ASC' },
      take: limit,
      select: { userId: true, timeZone: true },
    });
    const items = rows.map((r) => ({ userId: r.userId, timeZone: r.timeZone, at: EXPORT_AT }));
    return exportPage(items, rows.at(-1)?.userId, limit);
  }

  /** The settings of several users at once (defaults for those without a row). */
  async ofMany(manager: EntityManager, userIds: number[]): Promise<Map<number, NotificationPreferences>> {
    const rows = userIds.length ? await manager.getRepository(PreferenceEntity).findBy({ userId: In(userIds) }) : [];
    const byUser = new Map(rows.map((r) => [r.userId, r]));
    return new Map(userIds.map((id) => [id, fromRow(byUser.get(id) ?? null)]));
  }
}
