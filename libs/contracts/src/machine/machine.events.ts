import { routeEvent } from '../events.js';

// Producer: machine-service (through its outbox). Consumers: listed in each route.

/**
 * A machine was created or changed; service-record-service keeps machine names for its lists, and
 * fuel-purchase-service whose machines are whose (records name only the caller's machines). A
 * state event: the newest for a machine is all the consumer needs, and `at` tells it which is newest.
 */
export const MACHINE_SAVED = routeEvent<'machine.machine.saved', MachineSavedEvent>('machine.machine.saved', ['service-record-service', 'fuel-purchase-service'], {
  stateKey: (e) => `${e.userId}:${e.machineId}`,
});
export interface MachineSavedEvent {
  machineId: number;
  userId: number;
  name: string;
  /**
   * When the machine was saved (ISO 8601), taken while its row is locked, so the events of one
   * machine are in the order of its changes. Events from before this field count as just now.
   */
  at?: string;
  /** Whether the machine is archived (out of the lists, history kept); absent in events from before archiving. */
  archived?: boolean;
}

/** A machine was deleted: its service records, fuel records, purchases and images go with it. */
export const MACHINE_DELETED = routeEvent('machine.machine.deleted', ['service-record-service', 'fuel-purchase-service', 'image-worker']);
export interface MachineDeletedEvent {
  machineId: number;
  userId: number;
}
