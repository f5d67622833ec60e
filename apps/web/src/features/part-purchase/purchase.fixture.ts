import type { Purchase } from '@wrenchlog/contracts';

/** A stored purchase as the server answers it (tests only). */
export function aPurchase(fields: Partial<Purchase> = {}): Purchase {
  return {
    id: 9,
    createdBy: null,
    updatedBy: null,
    partName: 'Oil filter',
    partNumber: 'OF-1',
    partDescription: 'Spin-on',
    partUrl: null,
    quantity: 2,
    price: 12.5,
    storeName: 'NAPA',
    storeCity: 'Boise',
    storeState: 'ID',
    storeAddress: null,
    partStatus: 'Ordered',
    purchaseDate: '2026-11-20T13:00:00.000Z',
    createDate: '2026-11-20T13:00:00.000Z',
    machineId: null,
    partId: null,
    userId: 1,
    storeId: null,
    ...fields,
  };
}
