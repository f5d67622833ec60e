import type { FuelRecordSavedEvent } from '../fuel/fuel.events.js';
import type { InventoryPurchaseSavedEvent } from '../inventory/purchase.events.js';
import type { MachineSavedEvent } from '../machine/machine.events.js';
import type { NotificationTimeZoneChangedEvent } from '../notification/notification.events.js';
import type { ScheduleReadingChangedEvent } from '../schedule/schedule.events.js';
import type { ServiceRecordSavedEvent } from '../service-record/service-record.events.js';

// The rebuild of report-service's read model (issue 22): an administrator's call makes
// report-service page through each owner's rows, which the owners answer as the saved events they
// would send, stamped with EXPORT_AT so that any real event (always newer) wins over them.
// Producer: report-service. Consumers: each pattern's context owner. Administrators only.
export const SERVICE_COST_EXPORT = 'service.costExport.page' as const;
export const FUEL_COST_EXPORT = 'fuel.costExport.page' as const;
export const INVENTORY_COST_EXPORT = 'inventory.costExport.page' as const;
export const MACHINE_EXPORT = 'machine.export.page' as const;
/** Every reading (live or void) as its schedule.reading.changed event, with its meter's current unit. */
export const SCHEDULE_READING_EXPORT = 'schedule.readingExport.page' as const;
/**
 * Every saved time zone (notification-service's preferences, by user id) as its
 * notification.timeZone.changed event: read first, so the rebuild dates fuel records in their
 * owners' zones rather than in UTC.
 */
export const NOTIFICATION_TIME_ZONE_EXPORT = 'notification.timeZoneExport.page' as const;
/** Producer: gateway (POST /api/admin/reports/rebuild). Consumer: report-service. */
export const REPORT_REBUILD = 'report.readModel.rebuild' as const;
/** The last rebuild's outcome (GET /api/admin/reports/rebuild). */
export const REPORT_REBUILD_STATUS = 'report.readModel.status' as const;

export const EXPORT_AT = '1970-01-01T00:00:00.001Z';
export const EXPORT_PAGE_MAX = 1000;

/** Rows with an id above afterId, oldest id first, at most limit (EXPORT_PAGE_MAX). */
export interface ExportPageRequest {
  afterId: number;
  limit: number;
}
export interface ExportPage<T> {
  items: T[];
  /** The afterId of the next page; null after the last one. */
  nextAfterId: number | null;
}

/** Whether a rebuild was started now (false: one is already running), and the last one's outcome. */
export interface RebuildReply {
  started: boolean;
  last: { startedAt: string; finishedAt: string | null; records: number; error: string | null } | null;
}

export type RebuildRpc = {
  [SERVICE_COST_EXPORT]: { request: ExportPageRequest; response: ExportPage<ServiceRecordSavedEvent> };
  [FUEL_COST_EXPORT]: { request: ExportPageRequest; response: ExportPage<FuelRecordSavedEvent> };
  [INVENTORY_COST_EXPORT]: { request: ExportPageRequest; response: ExportPage<InventoryPurchaseSavedEvent> };
  [MACHINE_EXPORT]: { request: ExportPageRequest; response: ExportPage<MachineSavedEvent> };
  [SCHEDULE_READING_EXPORT]: { request: ExportPageRequest; response: ExportPage<ScheduleReadingChangedEvent> };
  [NOTIFICATION_TIME_ZONE_EXPORT]: { request: ExportPageRequest; response: ExportPage<NotificationTimeZoneChangedEvent> };
  [REPORT_REBUILD]: { request: Record<string, never>; response: RebuildReply };
  [REPORT_REBUILD_STATUS]: { request: Record<string, never>; response: RebuildReply };
};

/** The page request as an owner reads it: afterId >= 0, 1 <= limit <= EXPORT_PAGE_MAX (defaults when absent or wrong). */
export function exportWindow(r: Partial<ExportPageRequest> | null | undefined): ExportPageRequest {
  const afterId = typeof r?.afterId === 'number' && Number.isInteger(r.afterId) && r.afterId >= 0 ? r.afterId : 0;
  const limit = typeof r?.limit === 'number' && Number.isInteger(r.limit) && r.limit >= 1 ? Math.min(r.limit, EXPORT_PAGE_MAX) : EXPORT_PAGE_MAX;
  return { afterId, limit };
}

export function exportPage<T>(items: T[], lastId: number | undefined, limit: number): ExportPage<T> {
  return { items, nextAfterId: items.length === limit && lastId !== undefined ? lastId : null };
}
