import { routeEvent } from '../events.js';

// Producer: service-record-service (through its outbox). Consumer: machine-service, which keeps
// each machine's last-serviced date, lastUpdated and the "recently serviced" order.

/**
 * A service record was created, changed or deleted. latestServiceDate is the machine's newest
 * serviceDate over all its records after the change (YYYY-MM-DD), or null when it has none left.
 */
// A state event: the newest for a machine tells machine-service all it keeps (latest date, time).
export const SERVICE_RECORD_CHANGED = routeEvent<'service.record.changed', ServiceRecordChangedEvent>('service.record.changed', ['machine-service'], {
  stateKey: (e) => `${e.userId}:${e.machineId}`,
});
export interface ServiceRecordChangedEvent {
  machineId: number;
  userId: number;
  recordId: number;
  change: 'saved' | 'deleted';
  latestServiceDate: string | null;
  /** When the change happened (ISO 8601), for the machine's lastUpdated. */
  at: string;
}
