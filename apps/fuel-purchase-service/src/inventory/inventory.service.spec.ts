import { ErrorCode, INVENTORY_STOCK_CHANGED, type PartInput, type SupplierInput } from '@wrenchlog/contracts';
import { aPart, alice, aSupplier, bob, FakeDatabase, fakeParts, fakePurchases, fakeStockEvents, fakeSuppliers, fakeTransactions } from '../../test/fakes.js';
import { fakeAccess } from '../../test/fake-access.js';
import type { PurchaseEntity } from '../purchases/purchase.entity.js';
import { InventoryService } from './inventory.service.js';

const partInput = (supplierId: number, overrides: Partial<PartInput> = {}): PartInput => ({
  partNumber: ' SK-2291 ',
  name: ' Seal kit ',
  description: '',
  category: 'Hydraulic',
  quantity: 2,
  minStock: 2,
  price: 89.5,
  supplierId,
  brand: 'Parker',
  ...overrides,
});

const supplierInput = (overrides: Partial<SupplierInput> = {}): SupplierInput => ({
  name: ' Valley Parts ',
  contact: 'Ann',
  email: 'ann@example.com',
  phone: '555-0101',
  address: '',
  ...overrides,
});

/** A purchase row of the user naming a part and a store (only the columns the inventory touches matter). */
function aPurchase(db: FakeDatabase, fields: Partial<PurchaseEntity>): PurchaseEntity {
  const row = {
    id: db.nextId(),
    accountId: alice.accountId,
    partId: null,
    storeId: null,
    stockPartId: null,
    stockAdded: 0,
    stockReceived: false,
    ...fields,
  } as PurchaseEntity;
  db.tables.purchases.push(row);
  return row;
}

describe(InventoryService.name, () => {
  let db: FakeDatabase;
  let sut: InventoryService;

  beforeEach(() => {
    db = new FakeDatabase();
    sut = new InventoryService(fakeParts(db), fakeSuppliers(db), fakePurchases(db), fakeTransactions(db), fakeStockEvents(db), fakeAccess(db));
  });

  it("creates a part of one of the caller's suppliers, trimmed, with its stock status, supplier name and inventory.stock.changed", async () => {
    const supplier = aSupplier(db, alice, { name: 'Heartland Hydraulics' });

    const part = await sut.createPart(alice, partInput(supplier.id));

    expect(part).toMatchObject({
      partNumber: 'SK-2291',
      name: 'Seal kit',
      description: null,
      price: 89.5,
      supplier: 'Heartland Hydraulics',
      stockStatus: 'low-stock',
    });
    expect(db.sent(INVENTORY_STOCK_CHANGED)).toEqual([expect.objectContaining({ partId: part.id, quantity: 2, minStock: 2 })]);
  });

  it('answers the first part for a create retried with the same key', async () => {
    const supplier = aSupplier(db, alice);
    const meta = { correlationId: 'c', idempotencyKey: 'part-1' };

    const [first, again] = [await sut.createPart(alice, partInput(supplier.id), meta), await sut.createPart(alice, partInput(supplier.id), meta)];

    expect(again).toEqual(first);
    expect(db.tables.parts).toHaveLength(1);
  });

  it("refuses another account's supplier with 404 and writes nothing", async () => {
    const bobs = aSupplier(db, bob);
    const mine = aPart(db, alice);

    await expect(sut.createPart(alice, partInput(bobs.id))).rejects.toMatchObject({ code: ErrorCode.NotFound, message: 'Supplier not found' });
    await expect(sut.updatePart(alice, mine.id, partInput(bobs.id, { name: 'Changed' }))).rejects.toMatchObject({ code: ErrorCode.NotFound });
    await expect(sut.getPart(bob, mine.id)).rejects.toMatchObject({ code: ErrorCode.NotFound, message: 'Part not found' });

    expect(db.tables.parts.map((p) => p.name)).toEqual(['Seal kit']);
    expect(db.tables.events).toEqual([]);
  });

  it('deletes a part and unlinks the purchases that named it, stock ledger included', async () => {
    const part = aPart(db, alice);
    const named = aPurchase(db, { partId: part.id, stockPartId: part.id, stockAdded: 3, stockReceived: true });

    await expect(sut.deletePart(alice, part.id)).resolves.toEqual({ deleted: true });
    await expect(sut.deletePart(alice, part.id)).rejects.toMatchObject({ code: ErrorCode.NotFound });

    expect(db.tables.parts).toEqual([]);
    expect(db.tables.purchases.find((p) => p.id === named.id)).toMatchObject({ partId: null, stockPartId: null, stockAdded: 0 });
  });

  it('refuses to delete a supplier that still supplies parts (409 with the count), then deletes it and unlinks its purchases', async () => {
    const supplier = aSupplier(db, alice);
    const [a, b] = [aPart(db, alice, { supplierId: supplier.id }), aPart(db, alice, { supplierId: supplier.id })];
    const bought = aPurchase(db, { storeId: supplier.id });

    await expect(sut.deleteSupplier(alice, supplier.id)).rejects.toMatchObject({
      code: ErrorCode.Conflict,
      message: expect.stringContaining('2 parts are still supplied by it'),
    });
    await sut.deletePart(alice, a.id);
    await expect(sut.deleteSupplier(alice, supplier.id)).rejects.toMatchObject({ message: expect.stringContaining('1 part is still supplied by it') });
    await sut.deletePart(alice, b.id);
    await expect(sut.deleteSupplier(alice, supplier.id)).resolves.toEqual({ deleted: true });

    expect(db.tables.suppliers).toEqual([]);
    expect(db.tables.purchases.find((p) => p.id === bought.id)?.storeId).toBeNull();
  });

  it('loads the sample inventory only into an empty inventory', async () => {
    const sample = await sut.loadSample(alice);
    expect(sample.parts.length).toBeGreaterThan(0);
    expect(sample.parts.every((p) => sample.suppliers.some((s) => s.id === p.supplierId && s.name === p.supplier))).toBe(true);

    await expect(sut.loadSample(alice)).rejects.toMatchObject({ code: ErrorCode.Conflict });
    expect(db.tables.parts).toHaveLength(sample.parts.length);
    await expect(sut.loadSample(bob)).resolves.toBeDefined();
  });

  it('counts the Quick Stats of the caller only', async () => {
    const supplier = aSupplier(db, alice);
    aPart(db, alice, { supplierId: supplier.id, quantity: 0 });
    aPart(db, alice, { supplierId: supplier.id, quantity: 1, minStock: 2 });
    aPart(db, alice, { supplierId: supplier.id, quantity: 9, minStock: 2 });
    aPart(db, bob, { quantity: 0 });

    expect(await sut.stats(alice)).toEqual({ totalParts: 3, lowStock: 1, outOfStock: 1, suppliers: 1 });
  });

  it("updates a supplier's name, trimmed, and answers it on its parts", async () => {
    const supplier = aSupplier(db, alice);
    const part = aPart(db, alice, { supplierId: supplier.id });

    await sut.updateSupplier(alice, supplier.id, supplierInput());

    expect(await sut.getPart(alice, part.id)).toMatchObject({ supplier: 'Valley Parts' });
    await expect(sut.updateSupplier(bob, supplier.id, supplierInput())).rejects.toMatchObject({ code: ErrorCode.NotFound });
  });
});
