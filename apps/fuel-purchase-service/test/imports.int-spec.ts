import {
  FUEL_IMPORT_APPLY,
  FUEL_IMPORT_REVERT,
  FUEL_RECORD_CREATE,
  FUEL_RECORD_DELETED,
  FUEL_RECORD_LIST_BY_MACHINE,
  FUEL_RECORD_SAVED,
  INVENTORY_IMPORT_APPLY,
  INVENTORY_IMPORT_REVERT,
  INVENTORY_PURCHASE_DELETED,
  INVENTORY_PURCHASE_SAVED,
  PURCHASE_RECENT_FOR_MACHINE,
  type FuelRecord,
} from '@wrenchlog/contracts';
import { PlatformEnv } from '@wrenchlog/platform';
import { expectEventually, testEngines } from '@wrenchlog/testing';
import { MachineServiceStub, ServiceUnderTest, userA, userB } from '@wrenchlog/testing/nest';
import { AppModule } from '../src/app.module.js';

const fill = (machineId: number, day: number, overrides: Record<string, unknown> = {}) => ({
  machineId,
  amount: 12.5,
  pricePerUnit: 3.499,
  totalPrice: 43.74,
  dateOfPurchase: `2024-03-${String(day).padStart(2, '0')}T12:00:00.000Z`,
  currentMileage: 12_000 + day * 100,
  fullTank: true,
  missedPrevious: false,
  ...overrides,
});

// The owners' side of the import job (issue 23) over the transport, on each engine: the batch is
// checked again, written once however often it is delivered, and Revert deletes exactly its records.
describe.each(await testEngines())('fuel-purchase-service import.apply and import.revert (%s)', (engine) => {
  let svc: ServiceUnderTest;
  const machines = new MachineServiceStub();

  beforeAll(async () => {
    svc = await ServiceUnderTest.start(engine, { name: 'fuel-purchase', env: PlatformEnv, module: (env) => AppModule.register(env), rpc: machines.rpc });
    machines.own(userA, 10, 11, 12);
    machines.own(userB, 20);
  }, 60_000);

  afterAll(() => svc?.stop());

  const fuelOf = async (machineId: number) => (await svc.send(FUEL_RECORD_LIST_BY_MACHINE, { machineId }, userA)) as FuelRecord[];

  it('writes a batch with its import id and events, fails the rows it must refuse, and answers the same ids when the batch comes again', async () => {
    const batch = {
      importId: 7,
      accountId: userA.accountId,
      batchNo: 0,
      rows: [
        { rowNumber: 2, record: fill(10, 1) },
        { rowNumber: 3, record: fill(20, 2) },
        { rowNumber: 4, record: fill(10, 3, { amount: 0 }) },
        { rowNumber: 5, record: fill(10, 4, { fullTank: false }) },
      ],
    };
    const first = await svc.send(FUEL_IMPORT_APPLY, batch, userA);
    expect(first.failed).toEqual([
      { rowNumber: 3, message: 'Machine not found' },
      { rowNumber: 4, message: expect.stringMatching(/^amount: /) },
    ]);
    expect(first.written.map((w) => w.rowNumber)).toEqual([2, 5]);
    const again = await svc.send(FUEL_IMPORT_APPLY, batch, userA);
    expect(again.written).toEqual(first.written);
    const stored = await fuelOf(10);
    expect(stored.map((r) => r.id).sort()).toEqual(first.written.map((w) => w.id).sort());
    expect(stored.find((r) => r.id === first.written[1]!.id)).toMatchObject({ fullTank: false, totalPrice: 43.74 });
    // One event per record (a copy per subscriber), none for the redelivered batch: it wrote nothing.
    await expectEventually(() => expect(new Set(svc.events(FUEL_RECORD_SAVED).map((e) => e.recordId))).toEqual(new Set(first.written.map((w) => w.id))));
  });

  it('writes a full batch of 500 rows once, each with its own id and event', async () => {
    const rows = Array.from({ length: 500 }, (_, i) => ({ rowNumber: i + 1, record: fill(12, 1 + (i % 28), { currentMileage: 50_000 + i * 10 }) }));
    const result = await svc.send(FUEL_IMPORT_APPLY, { importId: 12, accountId: userA.accountId, batchNo: 0, rows }, userA);
    expect(result.failed).toEqual([]);
    expect(new Set(result.written.map((w) => w.id)).size).toBe(500);
    const stored = new Map((await fuelOf(12)).map((r) => [r.id, r.currentMileage]));
    expect(result.written.map((w) => stored.get(w.id))).toEqual(rows.map((r) => r.record.currentMileage));
  });

  it('answers its outbox backlog, and an empty batch (the job asking while it waits for the consumers) writes nothing', async () => {
    const written = await svc.send(
      FUEL_IMPORT_APPLY,
      { importId: 9, accountId: userA.accountId, batchNo: 0, rows: [{ rowNumber: 2, record: fill(10, 5) }] },
      userA,
    );
    expect(written.backlog).toBeGreaterThanOrEqual(0);
    const before = (await fuelOf(10)).length;
    const probe = await svc.send(FUEL_IMPORT_APPLY, { importId: 9, accountId: userA.accountId, batchNo: -1, rows: [] }, userA);
    expect(probe).toEqual({ written: [], failed: [], backlog: expect.any(Number) });
    expect(await fuelOf(10)).toHaveLength(before);
    // Once the events are out, the backlog is nothing.
    await expectEventually(async () =>
      expect((await svc.send(FUEL_IMPORT_APPLY, { importId: 9, accountId: userA.accountId, batchNo: -1, rows: [] }, userA)).backlog).toBe(0),
    );
  });

  it("reverts exactly that import's records of the caller, with their deleted events; a second revert deletes nothing", async () => {
    const imported = await svc.send(
      FUEL_IMPORT_APPLY,
      {
        importId: 8,
        accountId: userA.accountId,
        batchNo: 0,
        rows: [
          { rowNumber: 2, record: fill(11, 5) },
          { rowNumber: 3, record: fill(11, 6) },
        ],
      },
      userA,
    );
    const byHand = await svc.send(FUEL_RECORD_CREATE, { record: fill(11, 7) }, userA);
    expect(await svc.send(FUEL_IMPORT_REVERT, { importId: 8, accountId: userB.accountId }, userB)).toEqual({ deleted: 0 });
    expect(await svc.send(FUEL_IMPORT_REVERT, { importId: 8, accountId: userA.accountId }, userA)).toEqual({ deleted: 2 });
    expect((await fuelOf(11)).map((r) => r.id)).toEqual([byHand.id]);
    await expectEventually(() =>
      expect(
        svc
          .events(FUEL_RECORD_DELETED)
          .map((e) => e.recordId)
          .sort(),
      ).toEqual(expect.arrayContaining(imported.written.map((w) => w.id))),
    );
    expect(await svc.send(FUEL_IMPORT_REVERT, { importId: 8, accountId: userA.accountId }, userA)).toEqual({ deleted: 0 });
  });

  it('writes and reverts part purchases as hand-entered ones', async () => {
    const purchase = {
      partName: 'Oil filter',
      quantity: 2,
      price: 9.99,
      partStatus: 'Purchased',
      purchaseDate: '2024-05-01T12:00:00.000Z',
      storeName: 'NAPA',
      machineId: 10,
    };
    const result = await svc.send(
      INVENTORY_IMPORT_APPLY,
      {
        importId: 9,
        accountId: userA.accountId,
        batchNo: 0,
        rows: [
          { rowNumber: 2, record: purchase },
          { rowNumber: 3, record: { ...purchase, storeName: '' } },
        ],
      },
      userA,
    );
    expect(result.written.map((w) => w.rowNumber)).toEqual([2]);
    expect(result.failed).toEqual([{ rowNumber: 3, message: expect.stringMatching(/^storeName: /) }]);
    await expectEventually(() =>
      expect(svc.events(INVENTORY_PURCHASE_SAVED).find((e) => e.recordId === result.written[0]!.id)).toMatchObject({ costCents: 1998 }),
    );
    expect(await svc.send(INVENTORY_IMPORT_REVERT, { importId: 9, accountId: userA.accountId }, userA)).toEqual({ deleted: 1 });
    const left = await svc.send(PURCHASE_RECENT_FOR_MACHINE, { machineId: 10 }, userA);
    expect('content' in left ? left.content : left).toEqual([]);
    await expectEventually(() => expect(svc.events(INVENTORY_PURCHASE_DELETED).map((e) => e.recordId)).toContain(result.written[0]!.id));
  });
});
