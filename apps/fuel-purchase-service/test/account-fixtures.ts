import type { Actor, FuelRecordInput, PurchaseInput, SupplierInput } from '@wrenchlog/contracts';
import { MemberDirectory } from '@wrenchlog/platform';
import type { ServiceUnderTest } from '@wrenchlog/testing/nest';

// What the accounts suites (issue 32) send: a fill, a purchase, a supplier, and the members user-service announced.

export const fill = (machineId: number, overrides: Partial<FuelRecordInput> = {}): FuelRecordInput => ({
  machineId,
  amount: 10,
  pricePerUnit: 3.5,
  totalPrice: 35,
  dateOfPurchase: '2026-11-01T08:00:00.000Z',
  currentMileage: 1200,
  lastMileage: 1000,
  ...overrides,
});

export const purchase = (machineId: number | null, overrides: Partial<PurchaseInput> = {}): PurchaseInput => ({
  partName: 'Seal kit',
  quantity: 2,
  price: 89,
  storeName: 'Heartland Hydraulics',
  partStatus: 'New',
  purchaseDate: '2026-11-10T10:00:00.000Z',
  machineId,
  ...overrides,
});

export const supplier = (name: string): SupplierInput => ({ name, contact: 'Marcus Reed', email: 'marcus@example.com', phone: '555-0100' });

/** user-service's account.member.saved, as the projection keeps it (names for createdBy / updatedBy, assignments). */
export async function seedMember(svc: ServiceUnderTest, member: Actor, name: string, machineIds: number[] | null = null): Promise<void> {
  await svc.get(MemberDirectory).onSaved({
    accountId: member.accountId,
    userId: member.userId,
    name,
    role: member.role,
    machineIds,
    removed: false,
    at: new Date().toISOString(),
  });
}
