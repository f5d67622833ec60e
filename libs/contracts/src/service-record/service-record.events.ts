import { routeEvent } from '../events.js';

// Producer: service-record-service (through its outbox). Consumer: machine-service, which keeps
// each machine's last-serviced date, lastUpdated and the "recently serviced" order.

/**
 * A service record was created, changed or deleted. latestServiceDate is the machine's newest
 * serviceDate over all its records after the change (YYYY-MM-DD), or null when it has none left.
 */
// A state event: the newest for a machine tells machine-service all it keeps (latest date, time).
export const SERVICE_RECORD_CHANGED = routeEvent<'service.record.changed', ServiceRecordChangedEvent>('service.record.changed', ['machine-service'], {
  stateKey: (e) => `${e.accountId}:${e.machineId}`,
});
export interface ServiceRecordChangedEvent {
  machineId: number;
  accountId: number;
  recordId: number;
  change: 'saved' | 'deleted';
  latestServiceDate: string | null;
  /** When the change happened (ISO 8601), for the machine's lastUpdated. */
  at: string;
}

// Record-level facts for schedule-service: each record's meter values become readings linked to
// it (an edit edits them, a delete deletes them), and its completesScheduleIds complete schedules.

/** A service record was created or updated (or moved to another machine; its documents follow it, image-worker). */
// report-service (issue 22) counts each record's price in the month of its service date.
export const SERVICE_RECORD_SAVED = routeEvent('service.record.saved', ['schedule-service', 'image-worker', 'report-service', 'notification-service']);
export interface ServiceRecordSavedEvent {
  recordId: number;
  accountId: number;
  machineId: number;
  /** YYYY-MM-DD */
  serviceDate: string;
  miles: number | null;
  hours: number | null;
  /** The schedules this save completes; absent on an update that did not send the field (they stay as they were). */
  completesScheduleIds?: number[];
  /** For report-service: the price in cents, the title and notes (absent in events from before issue 22). */
  priceCents?: number;
  title?: string;
  notes?: string | null;
  /** When the change happened (ISO 8601): an older event for the record changes nothing. */
  at: string;
}

/** A service record was deleted: its readings and completions go, and its documents (image-worker). */
export const SERVICE_RECORD_DELETED = routeEvent('service.record.deleted', ['schedule-service', 'image-worker', 'report-service', 'notification-service']);
export interface ServiceRecordDeletedEvent {
  recordId: number;
  accountId: number;
  machineId: number;
  at: string;
}
