import { routeEvent } from '../events.js';

// Producer: work-order-service (through its outbox). Consumers: listed in each route.

/** The status a machine takes while one of its issues is reported out of service (issue 35). */
export const MACHINE_STATUS_DOWN = 'Down';

/**
 * Whether a machine has an out-of-service issue still open (open or in progress): machine-service
 * sets its status to Down and back. A state event keyed by machine, written in the transaction that
 * changed its issues (after locking the machine's row there), so `at` follows the order of the changes;
 * machine-service applies only a newer one than it last applied, so a redelivered or overtaken event
 * changes nothing.
 */
export const MACHINE_OUT_OF_SERVICE = routeEvent<'work.machine.outOfService', MachineOutOfServiceEvent>('work.machine.outOfService', ['machine-service'], {
  stateKey: (e) => `${e.accountId}:${e.machineId}`,
});
export interface MachineOutOfServiceEvent {
  machineId: number;
  accountId: number;
  /** true while at least one of its out-of-service issues is open or in progress. */
  down: boolean;
  at: string;
}
