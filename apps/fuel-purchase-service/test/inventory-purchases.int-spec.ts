import { INVENTORY_LIMITS, type PartInput, type PurchaseInput, type SupplierInput } from '@wrenchlog/contracts';
import { InventoryService } from '../src/inventory/inventory.service.js';
import { MachineDeletedService } from '../src/machines/machine-deleted.service.js';
import { PurchasesService } from '../src/purchases/purchases.service.js';
import { alice, bob, startService } from './service-harness.js';

const supplierInput = (overrides: Partial<SupplierInput> = {}): SupplierInput => ({
  name: 'Heartland Hydraulics',
  contact: 'Marcus Reed',
  email: 'marcus@example.com',
  phone: '555-0100',
  address: '880 Riverfront Dr, Kansas City, MO 64106',
  ...overrides,
});

const partInput = (supplierId: number, overrides: Partial<PartInput> = {}): PartInput => ({
  partNumber: 'SK-2291',
  name: 'Seal kit',
  description: 'Bucket cylinder seals',
  category: 'Hydraulic',
  quantity: 2,
  minStock: 2,
  price: 89,
  supplierId,
  brand: 'Parker',
  ...overrides,
});

const purchaseInput = (overrides: Partial<PurchaseInput> = {}): PurchaseInput => ({
  partName: 'Seal kit',
  quantity: 3,
  price: 267,
  storeName: 'Heartland Hydraulics',
  partStatus: 'New',
  purchaseDate: '2026-11-10T10:00:00.000Z',
  machineId: 5,
  partId: null,
  storeId: 0,
  ...overrides,
});

describe('inventory and purchases on SQLite', () => {
  let inventory: InventoryService;
  let purchases: PurchasesService;
  let machines: MachineDeletedService;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const started = await startService();
    close = started.close;
    inventory = started.module.get(InventoryService);
    purchases = started.module.get(PurchasesService);
    machines = started.module.get(MachineDeletedService);
    started.machines.own(alice, 5, 61, 62, 77, 78, 79);
    started.machines.own(bob, 6);
  });

  afterAll(() => close());

  it("refuses a purchase for another account's machine, a nonexistent one or one beyond the integer columns, and takes none", async () => {
    for (const machineId of [6, 7, 2 ** 31, 2 ** 53]) {
      await expect(purchases.create(alice, purchaseInput({ machineId }))).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Machine not found' });
    }
    await expect(purchases.create(alice, purchaseInput({ machineId: 0, partId: 2 ** 40 }))).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Part not found',
    });
    const mine = await purchases.create(alice, purchaseInput({ machineId: null }));
    await expect(purchases.update(alice, mine.id, purchaseInput({ machineId: 6 }))).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Machine not found' });
    expect((await purchases.recentForMachine(alice, 6)).content).toEqual([]);
    expect((await purchases.recentForMachine(bob, 6)).content).toEqual([]);
  });

  const quantityOf = async (partId: number) => (await inventory.getPart(alice, partId)).quantity;

  it('makes one purchase when the same create arrives several times at once, linked to a part or not', async () => {
    const supplier = await inventory.createSupplier(alice, supplierInput({ name: 'Same moment supply' }));
    const part = await inventory.createPart(alice, partInput(supplier.id, { name: 'Same moment part', partNumber: 'SM-1' }));
    for (const [key, machineId, linked] of [
      ['same-moment-plain-1', 61, {}],
      ['same-moment-part-1', 62, { partId: part.id, partStatus: 'Purchased' }],
    ] as const) {
      const meta = { correlationId: 'c', idempotencyKey: key };
      const answers = await Promise.all(Array.from({ length: 4 }, () => purchases.create(alice, purchaseInput({ machineId, ...linked }), meta)));

      expect(new Set(answers.map((a) => a.id)).size).toBe(1);
      expect((await purchases.recentForMachine(alice, machineId)).content).toHaveLength(1);
    }
    expect(await quantityOf(part.id)).toBe(2 + 3); // the linked purchase's stock, added once
  });

  it('adds a purchase to its part once, however often the status changes, and takes it back on Cancelled', async () => {
    const supplier = await inventory.createSupplier(alice, supplierInput());
    const part = await inventory.createPart(alice, partInput(supplier.id, { quantity: 10 }));
    const purchase = await purchases.create(alice, purchaseInput({ partId: part.id, partStatus: 'Ordered' }));
    expect(await quantityOf(part.id)).toBe(10);

    for (const partStatus of ['Purchased', 'New', 'Purchased', 'Ordered', 'Purchased'] as const) {
      await purchases.update(alice, purchase.id, purchaseInput({ partId: part.id, partStatus }));
    }
    expect(await quantityOf(part.id)).toBe(13);

    await purchases.update(alice, purchase.id, purchaseInput({ partId: part.id, partStatus: 'Purchased', quantity: 5 }));
    expect(await quantityOf(part.id)).toBe(15);

    await purchases.update(alice, purchase.id, purchaseInput({ partId: part.id, partStatus: 'Cancelled', quantity: 5 }));
    expect(await quantityOf(part.id)).toBe(10);
  });

  it('counts once when the same purchase is marked Purchased by several calls at the same time', async () => {
    const supplier = await inventory.createSupplier(alice, supplierInput());
    const part = await inventory.createPart(alice, partInput(supplier.id, { quantity: 1 }));
    const purchase = await purchases.create(alice, purchaseInput({ partId: part.id, partStatus: 'Ordered', quantity: 2 }));

    await Promise.all(
      Array.from({ length: 6 }, () => purchases.update(alice, purchase.id, purchaseInput({ partId: part.id, partStatus: 'Purchased', quantity: 2 }))),
    );

    expect(await quantityOf(part.id)).toBe(3);
  });

  it('never takes stock below 0 when the units were used meanwhile', async () => {
    const supplier = await inventory.createSupplier(alice, supplierInput());
    const part = await inventory.createPart(alice, partInput(supplier.id, { quantity: 0 }));
    const purchase = await purchases.create(alice, purchaseInput({ partId: part.id, partStatus: 'Purchased', quantity: 4 }));
    await inventory.updatePart(alice, part.id, partInput(supplier.id, { quantity: 1 }));

    await purchases.update(alice, purchase.id, purchaseInput({ partId: part.id, partStatus: 'Cancelled', quantity: 4 }));

    expect(await quantityOf(part.id)).toBe(0);
  });

  it('takes a deleted Purchased purchase back out of stock once, however many deletes arrive at the same time', async () => {
    const supplier = await inventory.createSupplier(alice, supplierInput());
    const part = await inventory.createPart(alice, partInput(supplier.id, { quantity: 1 }));
    const purchase = await purchases.create(alice, purchaseInput({ partId: part.id, partStatus: 'Purchased', quantity: 5 }));
    expect(await quantityOf(part.id)).toBe(6);

    const answers = await Promise.allSettled(Array.from({ length: 4 }, () => purchases.remove(alice, purchase.id)));

    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    expect(answers.filter((a) => a.status === 'rejected').map((a) => (a as PromiseRejectedResult).reason)).toEqual(
      Array(3).fill(expect.objectContaining({ code: 'NOT_FOUND' })),
    );
    expect(await quantityOf(part.id)).toBe(1);
    await expect(purchases.remove(alice, purchase.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await quantityOf(part.id)).toBe(1);
  });

  it('leaves stock as it is when the deleted purchase had been cancelled or never received', async () => {
    const supplier = await inventory.createSupplier(alice, supplierInput());
    const part = await inventory.createPart(alice, partInput(supplier.id, { quantity: 4 }));
    const cancelled = await purchases.create(alice, purchaseInput({ partId: part.id, partStatus: 'Purchased', quantity: 2 }));
    await purchases.update(alice, cancelled.id, purchaseInput({ partId: part.id, partStatus: 'Cancelled', quantity: 2 }));
    const ordered = await purchases.create(alice, purchaseInput({ partId: part.id, partStatus: 'Ordered', quantity: 3 }));

    await purchases.remove(alice, cancelled.id);
    await purchases.remove(alice, ordered.id);

    expect(await quantityOf(part.id)).toBe(4);
  });

  it("takes a deleted machine's received purchases back out of stock, once", async () => {
    const supplier = await inventory.createSupplier(alice, supplierInput());
    const part = await inventory.createPart(alice, partInput(supplier.id, { quantity: 1 }));
    await purchases.create(alice, purchaseInput({ machineId: 78, partId: part.id, partStatus: 'Purchased', quantity: 2 }));
    await purchases.create(alice, purchaseInput({ machineId: 78, partId: part.id, partStatus: 'Purchased', quantity: 3 }));
    await purchases.create(alice, purchaseInput({ machineId: 79, partId: part.id, partStatus: 'Purchased', quantity: 4 }));
    expect(await quantityOf(part.id)).toBe(10);

    await machines.machineDeleted({ accountId: alice.accountId, machineId: 78 });
    await machines.machineDeleted({ accountId: alice.accountId, machineId: 78 });

    expect(await quantityOf(part.id)).toBe(5);
  });

  it("refuses another account's part and supplier ids as not found", async () => {
    const supplier = await inventory.createSupplier(alice, supplierInput());
    const part = await inventory.createPart(alice, partInput(supplier.id));

    await expect(purchases.create(bob, purchaseInput({ machineId: 6, partId: part.id }))).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Part not found',
    });
    await expect(purchases.create(bob, purchaseInput({ machineId: 6, storeId: supplier.id }))).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Store not found',
    });
    await expect(inventory.createPart(bob, partInput(supplier.id))).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Supplier not found' });
    await expect(inventory.updatePart(bob, part.id, partInput(supplier.id))).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses to delete a supplier that still supplies parts, and deletes it once they are gone', async () => {
    const supplier = await inventory.createSupplier(alice, supplierInput({ name: 'In Use Co' }));
    const part = await inventory.createPart(alice, partInput(supplier.id));

    await expect(inventory.deleteSupplier(alice, supplier.id)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('1 part is still supplied by it'),
    });

    await inventory.deletePart(alice, part.id);
    await expect(inventory.deleteSupplier(alice, supplier.id)).resolves.toEqual({ deleted: true });
    await expect(inventory.getSupplier(alice, supplier.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it("shows a renamed supplier's new name on its parts", async () => {
    const supplier = await inventory.createSupplier(alice, supplierInput({ name: 'Old Name' }));
    const part = await inventory.createPart(alice, partInput(supplier.id));

    await inventory.updateSupplier(alice, supplier.id, supplierInput({ name: 'New Name' }));

    expect((await inventory.getPart(alice, part.id)).supplier).toBe('New Name');
  });

  it('unlinks purchases from a deleted part, keeping their own text', async () => {
    const supplier = await inventory.createSupplier(alice, supplierInput());
    const part = await inventory.createPart(alice, partInput(supplier.id));
    const purchase = await purchases.create(alice, purchaseInput({ partId: part.id, partStatus: 'Purchased' }));

    await inventory.deletePart(alice, part.id);

    expect(await purchases.get(alice, purchase.id)).toMatchObject({ partId: null, partName: 'Seal kit' });
    await expect(purchases.update(alice, purchase.id, purchaseInput({ partStatus: 'Cancelled' }))).resolves.toMatchObject({ partStatus: 'Cancelled' });
  });

  it("removes a deleted machine's purchases, idempotently", async () => {
    await purchases.create(alice, purchaseInput({ machineId: 77 }));
    await purchases.create(alice, purchaseInput({ machineId: 77 }));

    expect(await machines.machineDeleted({ accountId: alice.accountId, machineId: 77 })).toEqual({ fuelRecords: 0, purchases: 2 });
    expect(await machines.machineDeleted({ accountId: alice.accountId, machineId: 77 })).toEqual({ fuelRecords: 0, purchases: 0 });
    expect((await purchases.recentForMachine(alice, 77)).content).toEqual([]);
  });
});

describe('sample inventory, search and stats on SQLite', () => {
  let inventory: InventoryService;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const started = await startService();
    close = started.close;
    inventory = started.module.get(InventoryService);
  });

  afterAll(() => close());

  it('loads 5 suppliers and 10 parts over the six categories into an empty inventory, once', async () => {
    const sample = await inventory.loadSample(alice);

    expect(sample.suppliers).toHaveLength(5);
    expect(sample.parts).toHaveLength(10);
    expect(new Set(sample.parts.map((p) => p.category))).toEqual(new Set(['Filters', 'Other', 'Electrical', 'Hydraulic', 'Belts', 'Engine']));
    await expect(inventory.loadSample(alice)).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('counts the quick stats from the stock rule', async () => {
    expect(await inventory.stats(alice)).toEqual({ totalParts: 10, lowStock: 3, outOfStock: 2, suppliers: 5 });
    expect(await inventory.stats(bob)).toEqual({ totalParts: 0, lowStock: 0, outOfStock: 0, suppliers: 0 });
  });

  it('searches case-insensitively in name, part number and description, filters by stock and pages by 10', async () => {
    const byNumber = await inventory.listParts(alice, { search: 'lf30', page: 0, size: 10 });
    const byDescription = await inventory.listParts(alice, { search: 'SKID STEERS', page: 0, size: 10 });
    const literalPercent = await inventory.listParts(alice, { search: '%', page: 0, size: 10 });
    const out = await inventory.listParts(alice, { stock: 'out-of-stock', page: 0, size: 10 });
    const second = await inventory.listParts(alice, { page: 1, size: 4 });

    expect(byNumber.content.map((p) => p.partNumber)).toEqual(['LF3000']);
    expect(byDescription.content.map((p) => p.partNumber)).toEqual(['P181052']);
    expect(literalPercent.totalElements).toBe(0);
    expect(out.content.every((p) => p.stockStatus === 'out-of-stock')).toBe(true);
    expect(out.totalElements).toBe(2);
    expect(second).toMatchObject({ totalElements: 10, totalPages: 3, number: 1, size: 4 });
    expect(second.content).toHaveLength(4);
  });

  it('searches suppliers by name, contact, email and location', async () => {
    const search = async (text: string) => (await inventory.listSuppliers(alice, { search: text, page: 0, size: 10 })).content.map((s) => s.name);

    expect(await search('heartland')).toEqual(['Heartland Hydraulics']);
    expect(await search('priya')).toEqual(['Summit Electrical Parts']);
    expect(await search('gp-beltdrive')).toEqual(['Great Plains Belt & Drive']);
    expect(await search('omaha, ne')).toEqual(['Great Plains Belt & Drive']);
  });
});

describe('bounded supplier select on SQLite', () => {
  it(`answers at most ${INVENTORY_LIMITS.suppliersAll} suppliers for the part dialog's select, first by name`, async () => {
    const started = await startService();
    try {
      const inventory = started.module.get(InventoryService);
      for (let i = 0; i <= INVENTORY_LIMITS.suppliersAll; i++) {
        await inventory.createSupplier(alice, supplierInput({ name: `Supplier ${String(i).padStart(4, '0')}` }));
      }

      const all = await inventory.allSuppliers(alice);

      expect(all).toHaveLength(INVENTORY_LIMITS.suppliersAll);
      expect(all[0].name).toBe('Supplier 0000');
      expect(all.at(-1)!.name).toBe(`Supplier ${String(INVENTORY_LIMITS.suppliersAll - 1).padStart(4, '0')}`);
    } finally {
      await started.close();
    }
  });
});
