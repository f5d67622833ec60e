import { routeEvent } from '../events.js';

// Producer: machine-service (through its outbox). Consumers: listed in each route.

/** A machine was created or changed; service-record-service keeps machine names for its lists. */
export const MACHINE_SAVED = routeEvent('machine.machine.saved', ['service-record-service']);
export interface MachineSavedEvent {
  machineId: number;
  userId: number;
  name: string;
}

/** A machine was deleted: its service records, fuel records, purchases and images go with it. */
export const MACHINE_DELETED = routeEvent('machine.machine.deleted', ['service-record-service', 'fuel-purchase-service', 'image-worker']);
export interface MachineDeletedEvent {
  machineId: number;
  userId: number;
}
