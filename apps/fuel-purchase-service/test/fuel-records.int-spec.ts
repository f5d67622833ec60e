import type { FuelRecordInput } from '@wrenchlog/contracts';
import { FuelRecordsService } from '../src/fuel/fuel-records.service.js';
import { MachineDeletedService } from '../src/machines/machine-deleted.service.js';
import { MachineHistoryService } from '../src/machines/machine-history.service.js';
import { alice, bob, startService } from './service-harness.js';

const record = (overrides: Partial<FuelRecordInput> = {}): FuelRecordInput => ({
  machineId: 10,
  amount: 12.345,
  pricePerUnit: 3.459,
  totalPrice: 42.70,
  dateOfPurchase: '2026-11-01T08:00:00.000Z',
  currentMileage: 12_345,
  lastMileage: 12_000,
  ...overrides,
});

describe('fuel records on SQLite', () => {
  let fuel: FuelRecordsService;
  let machines: MachineDeletedService;
  let close: () => Promise<void>;
  let started: Awaited<ReturnType<typeof startService>>;

  beforeAll(async () => {
    started = await startService();
    close = started.close;
    fuel = started.module.get(FuelRecordsService);
    machines = started.module.get(MachineDeletedService);
  });

  afterAll(() => close());

  it("sums the caller's records dated in the period exactly, and nothing of another user's", async () => {
    await fuel.create(alice, record({ machineId: 31, amount: 10.125, totalPrice: 35.1, dateOfPurchase: '2025-03-03T10:00:00Z' }));
    await fuel.create(alice, record({ machineId: 32, amount: 5.5, totalPrice: 19.99, dateOfPurchase: '2025-03-09T23:59:00Z' }));
    await fuel.create(alice, record({ machineId: 31, amount: 99, totalPrice: 300, dateOfPurchase: '2025-03-10T00:00:00Z' })); // until is exclusive
    await fuel.create(alice, record({ machineId: 31, amount: 99, totalPrice: 300, dateOfPurchase: '2025-03-02T23:59:59Z' }));
    await fuel.create(bob, record({ machineId: 31, amount: 7, totalPrice: 20, dateOfPurchase: '2025-03-05T10:00:00Z' }));
    const week = { since: '2025-03-03T00:00:00.000Z', until: '2025-03-10T00:00:00.000Z' };

    expect(await fuel.totals(alice, week)).toEqual({ count: 2, gallons: 15.625, totalPrice: 55.09 });
    expect(await fuel.totals(bob, week)).toEqual({ count: 1, gallons: 7, totalPrice: 20 });
    expect(await fuel.totals(alice, { since: '2001-01-01T00:00:00Z', until: '2001-01-08T00:00:00Z' })).toEqual({ count: 0, gallons: 0, totalPrice: 0 });
    await expect(fuel.totals(alice, { since: 'last week', until: week.until })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it("counts a machine's fuel records and purchases for the delete dialog, the caller's only", async () => {
    const history = started.module.get(MachineHistoryService);
    await fuel.create(alice, record({ machineId: 41 }));
    await fuel.create(alice, record({ machineId: 41 }));
    await fuel.create(bob, record({ machineId: 41 }));

    expect(await history.count(alice, 41)).toEqual({ fuelRecords: 2, purchases: 0 });
    expect(await history.count(bob, 41)).toEqual({ fuelRecords: 1, purchases: 0 });
    expect(await history.count(alice, 42)).toEqual({ fuelRecords: 0, purchases: 0 });
  });

  it('stores money and gallons exactly and answers the computed mpg and server dates', async () => {
    const created = await fuel.create(alice, record());

    expect(created).toMatchObject({ amount: 12.345, pricePerUnit: 3.459, totalPrice: 42.7, mpg: 27.9, dateOfPurchase: '2026-11-01T08:00:00.000Z', notes: null });
    expect(new Date(created.dateCreated).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await fuel.get(alice, created.id)).toEqual(created);
  });

  it("lists a machine's records newest first and answers the newest as latest, or null for none", async () => {
    const older = await fuel.create(alice, record({ machineId: 11, dateOfPurchase: '2026-10-01T08:00:00Z', currentMileage: 1000 }));
    const newest = await fuel.create(alice, record({ machineId: 11, dateOfPurchase: '2026-11-15T08:00:00Z', currentMileage: 1400 }));
    const middle = await fuel.create(alice, record({ machineId: 11, dateOfPurchase: '2026-11-02T08:00:00Z', currentMileage: 1200 }));

    expect((await fuel.listByMachine(alice, 11)).map((r) => r.id)).toEqual([newest.id, middle.id, older.id]);
    expect((await fuel.latest(alice, 11))?.currentMileage).toBe(1400);
    expect(await fuel.latest(alice, 999)).toBeNull();
    expect(await fuel.listByMachine(bob, 11)).toEqual([]);
  });

  it("answers 404 to another user's id for read, update and delete, and leaves the record alone", async () => {
    const mine = await fuel.create(alice, record({ notes: 'mine' }));

    await expect(fuel.get(bob, mine.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(fuel.update(bob, mine.id, record({ notes: 'stolen' }))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(fuel.remove(bob, mine.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await fuel.get(alice, mine.id)).notes).toBe('mine');
  });

  it('answers the first record again when a create is retried with the same idempotency key', async () => {
    const meta = { correlationId: 'c', idempotencyKey: 'retry-key-123' };
    const first = await fuel.create(alice, record({ machineId: 12 }), meta);
    const again = await fuel.create(alice, record({ machineId: 12 }), meta);

    expect(again.id).toBe(first.id);
    expect(await fuel.listByMachine(alice, 12)).toHaveLength(1);
  });

  it('makes one record when the same create arrives several times at once', async () => {
    const meta = { correlationId: 'c', idempotencyKey: 'same-moment-key-1' };
    const answers = await Promise.all(Array.from({ length: 4 }, () => fuel.create(alice, record({ machineId: 13 }), meta)));

    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    expect(await fuel.listByMachine(alice, 13)).toHaveLength(1);
  });

  it("removes a deleted machine's records of its owner only, and a repeated event changes nothing", async () => {
    await fuel.create(alice, record({ machineId: 20 }));
    await fuel.create(bob, record({ machineId: 20 }));

    expect(await machines.machineDeleted({ userId: alice.userId, machineId: 20 })).toEqual({ fuelRecords: 1, purchases: 0 });
    expect(await machines.machineDeleted({ userId: alice.userId, machineId: 20 })).toEqual({ fuelRecords: 0, purchases: 0 });
    expect(await fuel.listByMachine(alice, 20)).toEqual([]);
    expect(await fuel.listByMachine(bob, 20)).toHaveLength(1);
  });
});
