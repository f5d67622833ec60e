import { createMachine, type ApiClient } from '@wrenchlog/testing';
import { serviceRuns } from './machines.helpers.js';

// Helpers of the fuel, purchase and inventory suites (fuel-purchase-service).

/**
 * Whether the started product has machine-service, which the machine-deleted cascade tests need.
 * Without it (a narrowed local run) they are reported as skipped, never as passed; CI runs them.
 */
export const machinesAvailable = (): boolean => serviceRuns('machine-service');

/** A machine id no other test uses: the service files records under any positive machine id of the caller. */
let nextMachine = 100_000 + Math.floor(Math.random() * 1_000_000);
export const freshMachineId = (): number => nextMachine++;

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
