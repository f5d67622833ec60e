import {
  INVENTORY_STOCK_RESERVE,
  INVENTORY_STOCK_RETURN,
  INVENTORY_STOCK_TAKE,
  PART_CREATE,
  PART_DELETE,
  PART_GET,
  PART_LEDGER,
  PART_REORDER,
  PART_TO_REORDER,
  PURCHASE_UPDATE,
  SUPPLIER_CREATE,
  type PartInput,
  type Purchase,
} from '@wrenchlog/contracts';
import { PlatformEnv } from '@wrenchlog/platform';
import { testEngines } from '@wrenchlog/testing';
import { MachineServiceStub, memberOf, ServiceUnderTest, userA, userB } from '@wrenchlog/testing/nest';
import { AppModule } from '../src/app.module.js';
import { seedMember, supplier } from './account-fixtures.js';

const part = (supplierId: number, overrides: Partial<PartInput> = {}): PartInput => ({
  partNumber: 'SK-2291',
  name: 'Seal kit',
  category: 'Hydraulic',
  quantity: 5,
  minStock: 4,
  price: 89,
  supplierId,
  ...overrides,
});

// Issue 35's parts loop in fuel-purchase-service: work orders' reservations (a whole set a holder,
// newest version wins), the parts below their minimum after them, the drafts, and the stock ledger.
describe.each(await testEngines())('fuel-purchase-service parts loop (%s)', (engine) => {
  let svc: ServiceUnderTest;
  const machines = new MachineServiceStub();
  const mechanic = memberOf(userA, 'mechanic', 7101);
  const viewer = memberOf(userA, 'viewer', 7102);
  let hydraulics: number;
  let filters: number;

  beforeAll(async () => {
    svc = await ServiceUnderTest.start(engine, { name: 'fuel-purchase', env: PlatformEnv, module: (env) => AppModule.register(env), rpc: machines.rpc });
    await seedMember(svc, userA, 'Olivia Owner');
    await seedMember(svc, mechanic, 'Mia Mechanic');
    await seedMember(svc, viewer, 'Vic Viewer');
    hydraulics = (await svc.send(SUPPLIER_CREATE, { supplier: supplier('Heartland Hydraulics') }, userA)).id;
    filters = (await svc.send(SUPPLIER_CREATE, { supplier: supplier('Filter Depot') }, userA)).id;
  }, 60_000);

  afterAll(() => svc?.stop());

  const reserve = (holder: string, version: number, lines: { key: string; partId: number; quantity: number }[]) =>
    svc.send(INVENTORY_STOCK_RESERVE, { holder, version, lines }, mechanic);

  it('holds back what an order reserves, keeps the newest set of each holder, and releases it', async () => {
    const seals = await svc.send(PART_CREATE, { part: part(hydraulics) }, userA);
    expect(seals).toMatchObject({ quantity: 5, reserved: 0, available: 5 });

    expect(await reserve('work-order:1', 1, [{ key: 'work-order:1:line:1', partId: seals.id, quantity: 2 }])).toMatchObject({ applied: true });
    expect(await svc.send(PART_GET, { id: seals.id }, viewer)).toMatchObject({ quantity: 5, reserved: 2, available: 3 });
    // A second order adds to it; a retry of the same set changes nothing.
    await reserve('work-order:2', 1, [{ key: 'work-order:2:line:9', partId: seals.id, quantity: 1 }]);
    await reserve('work-order:2', 1, [{ key: 'work-order:2:line:9', partId: seals.id, quantity: 1 }]);
    expect(await svc.send(PART_GET, { id: seals.id }, userA)).toMatchObject({ reserved: 3, available: 2 });
    // Version 3 arrives before version 2: the older set is ignored.
    await reserve('work-order:1', 3, [{ key: 'work-order:1:line:1', partId: seals.id, quantity: 4 }]);
    expect(await reserve('work-order:1', 2, [])).toMatchObject({ applied: false, version: 3 });
    expect(await svc.send(PART_GET, { id: seals.id }, userA)).toMatchObject({ reserved: 5, available: 0 });
    // Released: an empty set.
    await reserve('work-order:1', 4, []);
    await reserve('work-order:2', 2, []);
    expect(await svc.send(PART_GET, { id: seals.id }, userA)).toMatchObject({ reserved: 0, available: 5 });
    // A viewer may not reserve; another account's part holds nothing back in this one.
    expect(await svc.failure(INVENTORY_STOCK_RESERVE, { holder: 'work-order:3', version: 1, lines: [] }, viewer)).toMatchObject({ code: 'FORBIDDEN' });
    await svc.send(INVENTORY_STOCK_RESERVE, { holder: 'work-order:3', version: 1, lines: [{ key: 'k', partId: seals.id, quantity: 2 }] }, userB);
    expect(await svc.send(PART_GET, { id: seals.id }, userA)).toMatchObject({ reserved: 0 });
    await svc.send(PART_DELETE, { id: seals.id }, userA);
  });

  it('lists parts below their minimum after reservations by supplier, and drafts one Ordered purchase a part, once per key', async () => {
    const seals = await svc.send(PART_CREATE, { part: part(hydraulics, { name: 'Hose kit' }) }, userA);
    const oil = await svc.send(PART_CREATE, { part: part(filters, { name: 'Oil filter', quantity: 1, minStock: 3, price: 12.4 }) }, userA);
    const grease = await svc.send(PART_CREATE, { part: part(hydraulics, { name: 'Grease', quantity: 9, minStock: 2 }) }, userA);
    await reserve('work-order:10', 1, [{ key: 'work-order:10:line:1', partId: seals.id, quantity: 2 }]);

    const list = await svc.send(PART_TO_REORDER, {}, viewer);
    expect(list.map((i) => [i.supplier, i.name, i.available, i.toOrder])).toEqual([
      ['Filter Depot', 'Oil filter', 1, 2],
      ['Heartland Hydraulics', 'Hose kit', 3, 1],
    ]);
    expect(list.some((i) => i.partId === grease.id)).toBe(false);
    expect(await svc.send(PART_TO_REORDER, {}, userB)).toEqual([]);

    expect(await svc.failure(PART_REORDER, { supplierIds: [hydraulics] }, viewer)).toMatchObject({ code: 'FORBIDDEN' });
    expect(await svc.failure(PART_REORDER, { supplierIds: [hydraulics] }, userB)).toMatchObject({
      code: 'VALIDATION',
      details: [{ field: 'supplierIds', message: 'Each supplier must be one of your suppliers' }],
    });
    const drafts = await svc.send(PART_REORDER, { supplierIds: [filters, hydraulics] }, mechanic, 'draft-1');
    expect(drafts.map((d) => [d.supplier, d.purchases.map((p) => [p.partName, p.quantity, p.partStatus])])).toEqual([
      ['Filter Depot', [['Oil filter', 2, 'Ordered']]],
      ['Heartland Hydraulics', [['Hose kit', 1, 'Ordered']]],
    ]);
    // The retry answers the same purchases; another click drafts nothing (it is on order).
    const again = await svc.send(PART_REORDER, { supplierIds: [filters, hydraulics] }, mechanic, 'draft-1');
    expect(again.flatMap((d) => d.purchases.map((p) => p.id))).toEqual(drafts.flatMap((d) => d.purchases.map((p) => p.id)));
    expect((await svc.send(PART_REORDER, { supplierIds: [filters] }, mechanic, 'draft-2'))[0]!.purchases).toEqual([]);

    // Purchased adds the stock as any purchase: 1 + 2 = 3, no longer below 3.
    const bought: Purchase = drafts[0]!.purchases[0]!;
    await svc.send(PURCHASE_UPDATE, { id: bought.id, purchase: { ...bought, partStatus: 'Purchased' } as never }, userA);
    expect(await svc.send(PART_GET, { id: oil.id }, userA)).toMatchObject({ quantity: 3, available: 3 });
    expect((await svc.send(PART_TO_REORDER, {}, userA)).some((i) => i.partId === oil.id)).toBe(false);
    await reserve('work-order:10', 2, []);
  });

  it('keeps each change of stock in the part’s ledger, newest first, with the order that took it', async () => {
    const belt = await svc.send(PART_CREATE, { part: part(hydraulics, { name: 'Fan belt', quantity: 6, minStock: 1 }) }, userA);
    await svc.send(
      INVENTORY_STOCK_TAKE,
      { key: 'work-order:42:1', moves: [{ partId: belt.id, quantity: 2 }], workOrder: { id: 42, title: '250-hour service' } },
      mechanic,
    );
    await svc.send(INVENTORY_STOCK_RETURN, { key: 'work-order:42:1' }, mechanic);
    const ledger = await svc.send(PART_LEDGER, { id: belt.id }, viewer);
    expect(ledger.map((m) => [m.kind, m.delta, m.quantityAfter, m.workOrderId, m.label, m.by?.name])).toEqual([
      ['work-order-return', 2, 6, 42, '250-hour service', 'Mia Mechanic'],
      ['work-order-take', -2, 4, 42, '250-hour service', 'Mia Mechanic'],
      ['adjustment', 6, 6, null, 'Opening stock', 'Olivia Owner'],
    ]);
    expect(await svc.failure(PART_LEDGER, { id: belt.id }, userB)).toMatchObject({ code: 'NOT_FOUND', message: 'Part not found' });
  });
});
