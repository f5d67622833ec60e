// Producer: gateway (the delete-machine dialog's counts). Consumer: service-record-service.
export const SERVICE_MACHINE_HISTORY_COUNT = 'service.machineHistory.count' as const;

export interface ServiceMachineHistoryCountRequest {
  machineId: number;
}

/** How many of the caller's service records name the machine, and the photos on them. */
export interface ServiceMachineHistoryCount {
  serviceRecords: number;
  photos: number;
}
