import type { FuelRecord } from '@wrenchlog/contracts';

/** A stored fuel record as the server answers it (tests only). */
export function aFuelRecord(fields: Partial<FuelRecord> = {}): FuelRecord {
  return {
    id: 7,
    createdBy: null,
    updatedBy: null,
    machineId: 3,
    amount: 12.5,
    pricePerUnit: 3.459,
    totalPrice: 43.24,
    dateOfPurchase: '2026-11-20T14:30:00.000Z',
    dateCreated: '2026-11-20T15:00:00.000Z',
    notes: 'Diesel',
    storeName: 'Shell',
    storeCity: 'Boise',
    storeState: 'ID',
    currentHours: null,
    currentMileage: 10250,
    lastMileage: 10000,
    mpg: 20,
    fullTank: true,
    missedPrevious: false,
    ...fields,
  };
}
