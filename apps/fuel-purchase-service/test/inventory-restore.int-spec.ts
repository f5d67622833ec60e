import {
  INVENTORY_IMPORT_APPLY,
  INVENTORY_IMPORT_APPLY_PARTS,
  INVENTORY_IMPORT_APPLY_SUPPLIERS,
  INVENTORY_IMPORT_REVERT,
  INVENTORY_IMPORT_REVERT_STOCK,
  PART_GET,
  PURCHASE_CREATE,
  PURCHASE_DELETE,
  SUPPLIER_ALL,
  type ImportApplyResult,
} from '@wrenchlog/contracts';
import { PlatformEnv } from '@wrenchlog/platform';
import { testEngines } from '@wrenchlog/testing';
import { MachineServiceStub, ServiceUnderTest, userA, userB } from '@wrenchlog/testing/nest';
import { AppModule } from '../src/app.module.js';

// A restore's inventory (issue 23) over the transport, on each engine: suppliers and parts written
// once with their import id, parts keeping the stock the export gave them while the restore's
// purchases record what they added, and Revert taking exactly what nothing entered since names.
describe.each(await testEngines())('fuel-purchase-service restore of suppliers and parts (%s)', (engine) => {
  let svc: ServiceUnderTest;
  const machines = new MachineServiceStub();

  beforeAll(async () => {
    svc = await ServiceUnderTest.start(engine, { name: 'fuel-purchase', env: PlatformEnv, module: (env) => AppModule.register(env), rpc: machines.rpc });
    machines.own(userA, 10);
  }, 60_000);

  afterAll(() => svc?.stop());

  const supplier = (name: string) => ({ name, contact: 'Dana', email: 'dana@napa.example', phone: '555-0100' });
  const part = (supplierId: number, overrides: Record<string, unknown> = {}) => ({
    partNumber: 'A-100',
    name: 'Air filter',
    category: 'Filters',
    quantity: 7,
    minStock: 1,
    price: 12.25,
    supplierId,
    ...overrides,
  });
  const purchase = (partId: number | null, storeId: number | null, quantity: number, partStatus: string) => ({
    partName: 'Air filter',
    quantity,
    price: 12.25,
    partStatus,
    purchaseDate: '2024-03-22T12:00:00.000Z',
    storeName: 'NAPA',
    machineId: 10,
    partId,
    storeId,
  });
  const idOf = (result: ImportApplyResult, rowNumber: number) => result.written.find((w) => w.rowNumber === rowNumber)!.id;
  const stockOf = async (id: number) => (await svc.send(PART_GET, { id }, userA)).quantity;

  it("keeps a restored part's exported stock (7) through its restored purchases, which take back what they added when deleted later", async () => {
    const importId = 301;
    const suppliers = await svc.send(
      INVENTORY_IMPORT_APPLY_SUPPLIERS,
      {
        importId,
        accountId: userA.accountId,
        batchNo: 0,
        rows: [
          { rowNumber: 2, record: supplier('NAPA') },
          { rowNumber: 3, record: { name: 'No contact' } },
        ],
      },
      userA,
    );
    expect(suppliers.failed).toEqual([{ rowNumber: 3, message: expect.stringMatching(/^contact: /) }]);
    const napa = idOf(suppliers, 2);
    // Sent again (a resumed job): the same id, nothing written twice.
    const again = await svc.send(
      INVENTORY_IMPORT_APPLY_SUPPLIERS,
      { importId, accountId: userA.accountId, batchNo: 0, rows: [{ rowNumber: 2, record: supplier('NAPA') }] },
      userA,
    );
    expect(again.written).toEqual([{ rowNumber: 2, id: napa }]);
    expect((await svc.send(SUPPLIER_ALL, {}, userA)).filter((s) => s.name === 'NAPA')).toHaveLength(1);

    const parts = await svc.send(
      INVENTORY_IMPORT_APPLY_PARTS,
      {
        importId,
        accountId: userA.accountId,
        batchNo: 1,
        rows: [
          { rowNumber: 4, record: part(napa) },
          { rowNumber: 5, record: part(0) },
          { rowNumber: 6, record: part(999_999) },
        ],
      },
      userA,
    );
    expect(parts.failed).toEqual([
      { rowNumber: 5, message: 'supplierId: Supplier is required' },
      { rowNumber: 6, message: 'Supplier not found' },
    ]);
    const filter = idOf(parts, 4);
    expect(await stockOf(filter)).toBe(7);

    // The export's stock of 7 already holds the 3 received: a restored purchase does not add them again.
    const purchases = await svc.send(
      INVENTORY_IMPORT_APPLY,
      {
        importId,
        accountId: userA.accountId,
        batchNo: 2,
        stockCounted: true,
        rows: [
          { rowNumber: 7, record: purchase(filter, napa, 3, 'Purchased') },
          { rowNumber: 8, record: purchase(filter, napa, 5, 'Ordered') },
        ],
      },
      userA,
    );
    expect(purchases.failed).toEqual([]);
    expect(await stockOf(filter)).toBe(7);
    // Deleted later, the received purchase takes its 3 back (7 - 3 = 4), as in the original account; the ordered one added nothing.
    await svc.send(PURCHASE_DELETE, { id: idOf(purchases, 7) }, userA);
    expect(await stockOf(filter)).toBe(4);
    await svc.send(PURCHASE_DELETE, { id: idOf(purchases, 8) }, userA);
    expect(await stockOf(filter)).toBe(4);
  });

  it('reverts the restored parts and suppliers nothing entered since names, after the purchases; another account reverts nothing', async () => {
    const importId = 302;
    const written = await svc.send(
      INVENTORY_IMPORT_APPLY_SUPPLIERS,
      { importId, accountId: userA.accountId, batchNo: 0, rows: [2, 3, 4].map((n) => ({ rowNumber: n, record: supplier(`Supplier ${importId}-${n}`) })) },
      userA,
    );
    const [used, stocked, idle] = [2, 3, 4].map((n) => idOf(written, n));
    const parts = await svc.send(
      INVENTORY_IMPORT_APPLY_PARTS,
      {
        importId,
        accountId: userA.accountId,
        batchNo: 1,
        rows: [
          { rowNumber: 5, record: part(stocked, { partNumber: 'KEPT' }) },
          { rowNumber: 6, record: part(stocked, { partNumber: 'GONE' }) },
        ],
      },
      userA,
    );
    const kept = idOf(parts, 5);
    await svc.send(
      INVENTORY_IMPORT_APPLY,
      { importId, accountId: userA.accountId, batchNo: 2, stockCounted: true, rows: [{ rowNumber: 7, record: purchase(kept, used, 1, 'Purchased') }] },
      userA,
    );
    // Entered by hand since: a purchase of the KEPT part, bought at the `used` supplier.
    const mine = await svc.send(PURCHASE_CREATE, { purchase: purchase(kept, used, 2, 'Purchased') as never }, userA);
    expect(await stockOf(kept)).toBe(9);

    expect(await svc.send(INVENTORY_IMPORT_REVERT, { importId, accountId: userB.accountId }, userB)).toEqual({ deleted: 0 });
    expect(await svc.send(INVENTORY_IMPORT_REVERT_STOCK, { importId, accountId: userB.accountId }, userB)).toEqual({ deleted: 0 });
    expect(await svc.send(INVENTORY_IMPORT_REVERT, { importId, accountId: userA.accountId }, userA)).toEqual({ deleted: 1 });
    // The restored purchase's 1 went back out with it; the hand-entered one's 2 stay.
    expect(await stockOf(kept)).toBe(8);
    // GONE and the idle supplier go; KEPT (the user's purchase names it), its supplier and the store of the user's purchase stay.
    expect(await svc.send(INVENTORY_IMPORT_REVERT_STOCK, { importId, accountId: userA.accountId }, userA)).toEqual({ deleted: 2 });
    const left = (await svc.send(SUPPLIER_ALL, {}, userA)).map((s) => s.id);
    expect(left).toEqual(expect.arrayContaining([used, stocked]));
    expect(left).not.toContain(idle);
    expect((await svc.failure(PART_GET, { id: idOf(parts, 6) }, userA)).code).toBe('NOT_FOUND');
    expect(await stockOf(kept)).toBe(8);
    expect(mine.partId).toBe(kept);
    expect(await svc.send(INVENTORY_IMPORT_REVERT_STOCK, { importId, accountId: userA.accountId }, userA)).toEqual({ deleted: 0 });
  });
});
