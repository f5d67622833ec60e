import { routeEvent } from '../events.js';

// Producer: fuel-purchase-service (through its outbox). Consumer: schedule-service, which keeps a
// reading per meter value of each fuel record, linked to it (an edit edits it, a delete deletes it).

/** A fuel record was created or updated (or moved to another machine). */
export const FUEL_RECORD_SAVED = routeEvent('fuel.record.saved', ['schedule-service']);
export interface FuelRecordSavedEvent {
  recordId: number;
  userId: number;
  machineId: number;
  /** The purchase's date (YYYY-MM-DD, UTC). */
  date: string;
  currentMileage: number | null;
  currentHours: number | null;
  /** When the change happened (ISO 8601): an older event for the record changes nothing. */
  at: string;
}

/** A fuel record was deleted: its readings go. */
export const FUEL_RECORD_DELETED = routeEvent('fuel.record.deleted', ['schedule-service']);
export interface FuelRecordDeletedEvent {
  recordId: number;
  userId: number;
  machineId: number;
  at: string;
}
