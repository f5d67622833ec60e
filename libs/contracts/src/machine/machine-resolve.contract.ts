import type { ResolvedMachine } from '../schedule/reading-batch.contract.js';

// Producer: gateway (a batch of meter readings, issue 33). Consumer: machine-service.
export const MACHINE_RESOLVE = 'machine.machine.resolve' as const;

/**
 * The VINs (`identifiers`) and serial numbers of a batch, all in one call: a VIN matches a machine's
 * VIN field, a serial number its serial number field. Matched ignoring case and surrounding spaces.
 */
export interface MachineResolveRequest {
  identifiers: string[];
  serialNumbers?: string[];
}

/** The caller's machines (an assigned member's assigned ones) whose VIN or serial number is one of them; several may share one. */
export interface MachineResolveReply {
  machines: ResolvedMachine[];
}

/** How a VIN or serial number is compared: case and surrounding spaces ignored. */
export const machineIdentifierKey = (value: string): string => value.trim().toUpperCase();
