import { createMachine, type ApiClient } from '@wrenchlog/testing';

// Helpers of the fuel, purchase and inventory suites (fuel-purchase-service, which checks every
// machine id against machine-service's machines: these suites need machine-service running).

/** A new machine of the caller: fuel records and purchases name only the caller's machines. */
export const createMachineId = async (api: ApiClient, token: string, name = 'Cascade Loader'): Promise<number> =>
  (await createMachine(api, token, { name, year: 2019, make: 'Kubota', model: 'SVL75' })).id as number;

export const supplierBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Heartland Hydraulics',
  contact: 'Marcus Reed',
  email: 'marcus.reed@example.com',
  phone: '(816) 555-0178',
  address: '880 Riverfront Dr, Kansas City, MO 64106',
  ...overrides,
});

export const partBody = (supplierId: number, overrides: Record<string, unknown> = {}) => ({
  partNumber: 'SK-2291',
  brand: 'Parker',
  name: 'Bucket Cylinder Seal Kit',
  description: 'Rod seal, wiper and piston seal',
  category: 'Hydraulic',
  quantity: 2,
  minStock: 2,
  price: 89,
  supplierId,
  ...overrides,
});

/** A supplier and a part of the caller, for tests that need an inventory part. */
export async function createPart(api: ApiClient, token: string, overrides: Record<string, unknown> = {}): Promise<{ supplierId: number; partId: number }> {
  const supplier = await api.post('/api/suppliers', supplierBody(), token);
  if (supplier.status !== 201) {
    throw new Error(`supplier create failed: ${supplier.status} ${supplier.text}`);
  }
  const part = await api.post('/api/parts', partBody(supplier.body.id, overrides), token);
  if (part.status !== 201) {
    throw new Error(`part create failed: ${part.status} ${part.text}`);
  }
  return { supplierId: supplier.body.id, partId: part.body.id };
}
