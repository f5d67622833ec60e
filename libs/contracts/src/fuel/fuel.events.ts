import { routeEvent } from '../events.js';

// Producer: fuel-purchase-service (through its outbox). Consumers: report-service (costs, issue 22) and schedule-service, which keeps a
// reading per meter value of each fuel record, linked to it (an edit edits it, a delete deletes it).

// An import writes thousands: every subscriber takes them in batches too.
/** A fuel record was created or updated (or moved to another machine; its documents follow it, image-worker). */
export const FUEL_RECORD_SAVED = routeEvent('fuel.record.saved', ['schedule-service', 'image-worker', 'report-service', 'notification-service'], {
  batches: ['schedule-service', 'image-worker', 'report-service', 'notification-service'],
});
export interface FuelRecordSavedEvent {
  recordId: number;
  accountId: number;
  machineId: number;
  /** The purchase's date (YYYY-MM-DD, UTC). */
  date: string;
  currentMileage: number | null;
  currentHours: number | null;
  /** For report-service (issue 22): the total price in cents, the gallons and notes (absent in older events). */
  totalPriceCents?: number;
  amount?: number;
  notes?: string | null;
  /**
   * For report-service's fuel economy (issue 22): the fill's flags and its time of purchase (ISO
   * 8601, which orders fills of one day as fuel-purchase-service does); absent in older events.
   */
  fullTank?: boolean;
  missedPrevious?: boolean;
  purchasedAt?: string;
  /** When the change happened (ISO 8601): an older event for the record changes nothing. */
  at: string;
}

/** A fuel record was deleted: its readings go, and its documents (image-worker). */
export const FUEL_RECORD_DELETED = routeEvent('fuel.record.deleted', ['schedule-service', 'image-worker', 'report-service', 'notification-service']);
export interface FuelRecordDeletedEvent {
  recordId: number;
  accountId: number;
  machineId: number;
  at: string;
}
