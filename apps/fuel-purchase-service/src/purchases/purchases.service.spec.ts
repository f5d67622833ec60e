import { ErrorCode, INVENTORY_PURCHASE_DELETED, INVENTORY_PURCHASE_SAVED, INVENTORY_STOCK_CHANGED, type PurchaseInput } from '@wrenchlog/contracts';
import type { DataSource } from 'typeorm';
import {
  aPart,
  alice,
  bob,
  FakeDatabase,
  fakeOutbox,
  fakeParts,
  fakeProjection,
  fakePurchases,
  fakeStockEvents,
  fakeSuppliers,
  fakeTransactions,
  stockOf,
} from '../../test/fakes.js';
import { fakeAccess } from '../../test/fake-access.js';
import { PurchasesService } from './purchases.service.js';

const MACHINE = 5;

const purchase = (overrides: Partial<PurchaseInput> = {}): PurchaseInput => ({
  partName: 'Seal kit',
  quantity: 3,
  price: 89,
  storeName: 'Heartland Hydraulics',
  partStatus: 'New',
  purchaseDate: '2026-11-10T10:00:00.000Z',
  machineId: MACHINE,
  partId: null,
  storeId: 0,
  ...overrides,
});

describe(PurchasesService.name, () => {
  let db: FakeDatabase;
  let sut: PurchasesService;

  beforeEach(() => {
    db = new FakeDatabase();
    db.ownMachine(alice, MACHINE);
    // The import handlers' own transactions (revertImportRecords) are not part of these tests.
    const importsOnly = {} as DataSource;
    sut = new PurchasesService(
      fakePurchases(db),
      fakeParts(db),
      fakeSuppliers(db),
      fakeTransactions(db),
      fakeProjection(db),
      fakeOutbox(db),
      fakeStockEvents(db),
      importsOnly,
      fakeAccess(db),
    );
  });

  it('adds the quantity of a purchase created as Purchased to its part once, also when the create is retried with the same key', async () => {
    const part = aPart(db, alice, { quantity: 2 });
    const meta = { correlationId: 'c', idempotencyKey: 'retry-1' };

    const first = await sut.create(alice, purchase({ partId: part.id, partStatus: 'Purchased' }), meta);
    const again = await sut.create(alice, purchase({ partId: part.id, partStatus: 'Purchased' }), meta);

    expect(again.id).toBe(first.id);
    expect(db.tables.purchases).toHaveLength(1);
    expect(stockOf(db, part.id)).toBe(5);
    expect(db.sent(INVENTORY_PURCHASE_SAVED)).toEqual([expect.objectContaining({ recordId: first.id, costCents: 3 * 8900 })]);
    expect(db.sent(INVENTORY_STOCK_CHANGED)).toEqual([expect.objectContaining({ partId: part.id, quantity: 5 })]);
  });

  it('moves stock by the ledger on status and quantity changes: back and forth adds once, Cancelled takes the units back', async () => {
    const part = aPart(db, alice, { quantity: 10 });
    const created = await sut.create(alice, purchase({ partId: part.id, partStatus: 'New' }));
    expect(stockOf(db, part.id)).toBe(10);

    const steps: [PurchaseInput['partStatus'], number, number][] = [
      ['Purchased', 3, 13],
      ['New', 3, 13],
      ['Purchased', 3, 13],
      ['Purchased', 5, 15],
      ['Cancelled', 5, 10],
      ['Purchased', 2, 12],
    ];
    for (const [partStatus, quantity, stock] of steps) {
      await sut.update(alice, created.id, purchase({ partId: part.id, partStatus, quantity }));
      expect(stockOf(db, part.id)).toBe(stock);
    }
  });

  it('moves the units to another part named on a received purchase', async () => {
    const [from, to] = [aPart(db, alice, { quantity: 1 }), aPart(db, alice, { quantity: 0 })];
    const created = await sut.create(alice, purchase({ partId: from.id, partStatus: 'Purchased' }));

    await sut.update(alice, created.id, purchase({ partId: to.id, partStatus: 'Purchased' }));

    expect([stockOf(db, from.id), stockOf(db, to.id)]).toEqual([1, 3]);
  });

  it('takes the stock back when the purchase is deleted, once: a second delete answers 404 and moves nothing', async () => {
    const part = aPart(db, alice, { quantity: 2 });
    const created = await sut.create(alice, purchase({ partId: part.id, partStatus: 'Purchased' }));
    expect(stockOf(db, part.id)).toBe(5);

    await expect(sut.remove(alice, created.id)).resolves.toEqual({ deleted: true });
    await expect(sut.remove(alice, created.id)).rejects.toMatchObject({ code: ErrorCode.NotFound, message: 'Purchase not found' });

    expect(stockOf(db, part.id)).toBe(2);
    expect(db.tables.purchases).toEqual([]);
    expect(db.sent(INVENTORY_PURCHASE_DELETED)).toEqual([expect.objectContaining({ recordId: created.id, accountId: alice.accountId, machineId: MACHINE })]);
  });

  it('never takes a part below 0 when units were used since they were added', async () => {
    const part = aPart(db, alice, { quantity: 0 });
    const created = await sut.create(alice, purchase({ partId: part.id, partStatus: 'Purchased', quantity: 4 }));
    db.tables.parts[0]!.quantity = 1;

    await sut.remove(alice, created.id);

    expect(stockOf(db, part.id)).toBe(0);
  });

  it("refuses another account's part, supplier or machine with 404 and writes nothing", async () => {
    const bobsPart = aPart(db, bob, { quantity: 7 });
    db.ownMachine(bob, 6);

    await expect(sut.create(alice, purchase({ partId: bobsPart.id, partStatus: 'Purchased' }))).rejects.toMatchObject({
      code: ErrorCode.NotFound,
      message: 'Part not found',
    });
    await expect(sut.create(alice, purchase({ storeId: bobsPart.supplierId }))).rejects.toMatchObject({ code: ErrorCode.NotFound, message: 'Store not found' });
    await expect(sut.create(alice, purchase({ machineId: 6 }))).rejects.toMatchObject({ code: ErrorCode.NotFound, message: 'Machine not found' });

    expect(db.tables.purchases).toEqual([]);
    expect(stockOf(db, bobsPart.id)).toBe(7);
    expect(db.tables.events).toEqual([]);
  });

  it("answers 404 for another account's purchase on read, update and delete, and leaves it as it was", async () => {
    const part = aPart(db, alice, { quantity: 0 });
    const created = await sut.create(alice, purchase({ partId: part.id, partStatus: 'Purchased' }));

    await expect(sut.get(bob, created.id)).rejects.toMatchObject({ code: ErrorCode.NotFound });
    await expect(sut.update(bob, created.id, purchase({ machineId: null }))).rejects.toMatchObject({ code: ErrorCode.NotFound });
    await expect(sut.remove(bob, created.id)).rejects.toMatchObject({ code: ErrorCode.NotFound });

    expect(await sut.get(alice, created.id)).toMatchObject({ id: created.id, partStatus: 'Purchased', quantity: 3 });
    expect(stockOf(db, part.id)).toBe(3);
  });
});
