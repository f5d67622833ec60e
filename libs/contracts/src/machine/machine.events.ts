import { routeEvent } from '../events.js';

// Producer: machine-service (through its outbox). Consumers: listed in each route.

/**
 * A machine was created or changed; service-record-service keeps machine names for its lists, and
 * fuel-purchase-service whose machines are whose (records name only the caller's machines). A
 * state event: the newest for a machine is all the consumer needs, and `at` tells it which is newest.
 */
export const MACHINE_SAVED = routeEvent<'machine.machine.saved', MachineSavedEvent>(
  'machine.machine.saved',
  ['service-record-service', 'fuel-purchase-service', 'schedule-service', 'report-service', 'notification-service', 'work-order-service'],
  {
    stateKey: (e) => `${e.accountId}:${e.machineId}`,
  },
);
export interface MachineSavedEvent {
  machineId: number;
  accountId: number;
  name: string;
  // For schedule-service (issue 21): templates and the Due list's filter by type, the license and
  // insurance items, and the miles and hours the user set on the machine (each becomes a manual reading).
  type?: string | null;
  licenseExpirationDate?: string | null;
  insuranceExpirationDate?: string | null;
  isPermanentLicense?: boolean;
  /**
   * The machine's miles and hours after this save; schedule-service adds a manual reading when one
   * differs from both the previous event's and the meter's current value (no loop: machine-service
   * takes the meters' values from schedule.meters.changed without a saved event).
   */
  miles?: number | null;
  hours?: number | null;
  /**
   * When the machine was saved (ISO 8601), taken while its row is locked, so the events of one
   * machine are in the order of its changes. Events from before this field count as just now.
   */
  at?: string;
  /** Whether the machine is archived (out of the lists, history kept); absent in events from before archiving. */
  archived?: boolean;
}

/** A machine was deleted: its service records, fuel records, purchases and images go with it. */
export const MACHINE_DELETED = routeEvent('machine.machine.deleted', [
  'service-record-service',
  'fuel-purchase-service',
  'image-worker',
  'schedule-service',
  'report-service',
  'notification-service',
  'work-order-service',
]);
export interface MachineDeletedEvent {
  machineId: number;
  accountId: number;
}
