import { ErrorCode, FUEL_RECORD_DELETED, FUEL_RECORD_SAVED, type FuelRecordInput } from '@wrenchlog/contracts';
import type { DataSource } from 'typeorm';
import { alice, bob, FakeDatabase, fakeFuelRecords, fakeOutbox, fakeProjection, fakeTransactions } from '../../test/fakes.js';
import { fakeAccess } from '../../test/fake-access.js';
import { FuelRecordsService } from './fuel-records.service.js';

const MACHINE = 10;

const fill = (overrides: Partial<FuelRecordInput> = {}): FuelRecordInput => ({
  machineId: MACHINE,
  amount: 10,
  pricePerUnit: 3.5,
  totalPrice: 35,
  dateOfPurchase: '2026-01-01T08:00:00.000Z',
  currentMileage: 1000,
  lastMileage: 700,
  ...overrides,
});

describe(FuelRecordsService.name, () => {
  let db: FakeDatabase;
  let sut: FuelRecordsService;

  beforeEach(() => {
    db = new FakeDatabase();
    db.ownMachine(alice, MACHINE);
    // The import handlers' own transactions (revertImportRecords) are not part of these tests.
    sut = new FuelRecordsService(fakeFuelRecords(db), fakeTransactions(db), fakeProjection(db), fakeOutbox(db), {} as DataSource, fakeAccess(db));
  });

  it('makes one record and one fuel.record.saved for a create repeated with the same key', async () => {
    const meta = { correlationId: 'c', idempotencyKey: 'fill-1' };

    const answers = await Promise.all([sut.create(alice, fill(), meta), sut.create(alice, fill(), meta), sut.create(alice, fill(), meta)]);

    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    expect(db.tables.fuel).toHaveLength(1);
    expect(db.sent(FUEL_RECORD_SAVED)).toEqual([
      expect.objectContaining({ recordId: answers[0]!.id, accountId: alice.accountId, totalPriceCents: 3500, amount: 10 }),
    ]);
  });

  it('answers the stored values, a full tank with no missed fill-up by default, and the single-record MPG for a first full fill', async () => {
    const created = await sut.create(alice, fill({ amount: 12.345, storeName: '  ', notes: ' top up ' }));

    expect(created).toMatchObject({ amount: 12.345, totalPrice: 35, fullTank: true, missedPrevious: false, storeName: null, notes: 'top up', mpg: 24.3 });
    expect(await sut.get(alice, created.id)).toEqual(created);
  });

  it('gives a full fill the distance since the last full fill over the fuel added since, partial fills included', async () => {
    await sut.create(alice, fill({ dateOfPurchase: '2026-01-01T08:00:00.000Z', currentMileage: 1000, amount: 12 }));
    const partial = await sut.create(alice, fill({ dateOfPurchase: '2026-01-05T08:00:00.000Z', currentMileage: 1100, amount: 5, fullTank: false }));
    const full = await sut.create(alice, fill({ dateOfPurchase: '2026-01-10T08:00:00.000Z', currentMileage: 1300, amount: 10, lastMileage: 1100 }));

    // 300 mi over 5 + 10 gal, not the single-record (1300 - 1100) / 10.
    expect(full.mpg).toBe(20);
    expect(partial.mpg).toBeNull();
    // The machine's first full fill keeps the single-record formula: (1000 - 700) / 12.
    const page = await sut.listByMachine(alice, MACHINE, { page: 0, size: 10 });
    expect('content' in page && page.content.map((r) => [r.id, r.mpg])).toEqual([
      [full.id, 20],
      [partial.id, null],
      [expect.any(Number), 25],
    ]);
  });

  it('gives no MPG to a fill after a missed fill-up, and counts the next full fill from it', async () => {
    await sut.create(alice, fill({ dateOfPurchase: '2026-01-01T08:00:00.000Z', currentMileage: 1000, amount: 12 }));
    const missed = await sut.create(alice, fill({ dateOfPurchase: '2026-01-10T08:00:00.000Z', currentMileage: 1300, amount: 10, missedPrevious: true }));
    const next = await sut.create(alice, fill({ dateOfPurchase: '2026-01-20T08:00:00.000Z', currentMileage: 1600, amount: 10 }));

    expect(missed.mpg).toBeNull();
    expect(next.mpg).toBe(30);
  });

  it('keeps the flags a client leaves out on update', async () => {
    const created = await sut.create(alice, fill({ fullTank: false, missedPrevious: true }));

    const updated = await sut.update(alice, created.id, { ...fill({ amount: 11 }), fullTank: undefined, missedPrevious: undefined });

    expect(updated).toMatchObject({ amount: 11, fullTank: false, missedPrevious: true });
  });

  it("refuses another account's machine and record with 404 and writes nothing", async () => {
    db.ownMachine(bob, 20);
    const created = await sut.create(alice, fill());

    await expect(sut.create(alice, fill({ machineId: 20 }))).rejects.toMatchObject({ code: ErrorCode.NotFound, message: 'Machine not found' });
    await expect(sut.get(bob, created.id)).rejects.toMatchObject({ code: ErrorCode.NotFound, message: 'Fuel record not found' });
    await expect(sut.update(bob, created.id, fill({ machineId: 20 }))).rejects.toMatchObject({ code: ErrorCode.NotFound });
    await expect(sut.remove(bob, created.id)).rejects.toMatchObject({ code: ErrorCode.NotFound });

    expect(db.tables.fuel.map((r) => [r.id, r.accountId, r.machineId])).toEqual([[created.id, alice.userId, MACHINE]]);
    expect(db.sent(FUEL_RECORD_SAVED)).toHaveLength(1);
  });

  it('deletes once with its fuel.record.deleted; a second delete answers 404', async () => {
    const created = await sut.create(alice, fill());

    await expect(sut.remove(alice, created.id)).resolves.toEqual({ deleted: true });
    await expect(sut.remove(alice, created.id)).rejects.toMatchObject({ code: ErrorCode.NotFound });

    expect(db.tables.fuel).toEqual([]);
    expect(db.sent(FUEL_RECORD_DELETED)).toEqual([expect.objectContaining({ recordId: created.id, machineId: MACHINE })]);
  });

  it('takes back a record written after its machine was deleted, and answers 404', async () => {
    db.tables.machines[0]!.deleted = true;

    await expect(sut.create(alice, fill())).rejects.toMatchObject({ code: ErrorCode.NotFound, message: 'Machine not found' });

    expect(db.tables.fuel).toEqual([]);
  });
});
