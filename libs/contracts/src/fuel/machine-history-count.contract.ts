// Producer: gateway (the delete-machine dialog's counts). Consumer: fuel-purchase-service.
export const FUEL_MACHINE_HISTORY_COUNT = 'fuel.machineHistory.count' as const;

export interface FuelMachineHistoryCountRequest {
  machineId: number;
}

/** How many of the caller's fuel records and part purchases name the machine. */
export interface FuelMachineHistoryCount {
  fuelRecords: number;
  purchases: number;
}
