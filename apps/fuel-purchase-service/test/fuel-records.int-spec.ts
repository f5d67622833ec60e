import type { FuelRecord, FuelRecordInput } from '@wrenchlog/contracts';
import { DataSource } from 'typeorm';
import { FuelRecordEntity } from '../src/fuel/fuel-record.entity.js';
import { FuelRecordsService } from '../src/fuel/fuel-records.service.js';
import { MachineDeletedService } from '../src/machines/machine-deleted.service.js';
import { MachineHistoryService } from '../src/machines/machine-history.service.js';
import { MachineProjection } from '../src/machines/machine-projection.js';
import { alice, bob, startService, type StartedService } from './service-harness.js';

const record = (overrides: Partial<FuelRecordInput> = {}): FuelRecordInput => ({
  machineId: 10,
  amount: 12.345,
  pricePerUnit: 3.459,
  totalPrice: 42.7,
  dateOfPurchase: '2026-11-01T08:00:00.000Z',
  currentMileage: 12_345,
  lastMileage: 12_000,
  ...overrides,
});

describe('fuel records on SQLite', () => {
  let fuel: FuelRecordsService;
  let machines: MachineDeletedService;
  let started: StartedService;
  let close: () => Promise<void>;

  beforeAll(async () => {
    started = await startService();
    close = started.close;
    fuel = started.module.get(FuelRecordsService);
    machines = started.module.get(MachineDeletedService);
    started.machines.own(alice, 10, 11, 12, 13, 20);
  });

  afterAll(() => close());

  it("counts a machine's fuel records and purchases for the delete dialog, the caller's only", async () => {
    const history = started.module.get(MachineHistoryService);
    started.machines.own(alice, 41);
    started.machines.own(bob, 141);
    await fuel.create(alice, record({ machineId: 41 }));
    await fuel.create(alice, record({ machineId: 41 }));
    await fuel.create(bob, record({ machineId: 141 }));

    expect(await history.count(alice, 41)).toEqual({ fuelRecords: 2, purchases: 0 });
    expect(await history.count(bob, 41)).toEqual({ fuelRecords: 0, purchases: 0 });
    expect(await history.count(bob, 141)).toEqual({ fuelRecords: 1, purchases: 0 });
    expect(await history.count(alice, 42)).toEqual({ fuelRecords: 0, purchases: 0 });
  });

  it('stores money and gallons exactly and answers the computed mpg and server dates', async () => {
    const created = await fuel.create(alice, record());

    expect(created).toMatchObject({
      amount: 12.345,
      pricePerUnit: 3.459,
      totalPrice: 42.7,
      mpg: 27.9,
      dateOfPurchase: '2026-11-01T08:00:00.000Z',
      notes: null,
    });
    expect(new Date(created.dateCreated).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await fuel.get(alice, created.id)).toEqual(created);
  });

  it("lists a machine's records newest first and answers the newest as latest, or null for none", async () => {
    const older = await fuel.create(alice, record({ machineId: 11, dateOfPurchase: '2026-10-01T08:00:00Z', currentMileage: 1000 }));
    const newest = await fuel.create(alice, record({ machineId: 11, dateOfPurchase: '2026-11-15T08:00:00Z', currentMileage: 1400 }));
    const middle = await fuel.create(alice, record({ machineId: 11, dateOfPurchase: '2026-11-02T08:00:00Z', currentMileage: 1200 }));

    expect(((await fuel.listByMachine(alice, 11)) as FuelRecord[]).map((r) => r.id)).toEqual([newest.id, middle.id, older.id]);
    expect((await fuel.latest(alice, 11))?.currentMileage).toBe(1400);
    expect(await fuel.latest(alice, 999)).toBeNull();
    expect(await fuel.listByMachine(bob, 11)).toEqual([]);
  });

  it('orders two fills of one instant by their odometer for the full-to-full mpg and the list, whatever their ids', async () => {
    // A Fuelly day without times: both fills of 07-14 at one instant, the higher odometer stored first (lower id).
    started.machines.own(alice, 14);
    const fill = (dateOfPurchase: string, currentMileage: number, amount: number) =>
      fuel.create(alice, record({ machineId: 14, dateOfPurchase, currentMileage, lastMileage: undefined, amount, totalPrice: 40 }));
    await fill('2024-07-01T12:00:00.000Z', 44_500, 10);
    const second = await fill('2024-07-14T12:00:00.000Z', 45_150, 14);
    const first = await fill('2024-07-14T12:00:00.000Z', 44_800, 12);
    const last = await fill('2024-07-20T12:00:00.000Z', 45_450, 12);
    expect(second.id).toBeLessThan(first.id);

    const listed = (await fuel.listByMachine(alice, 14)) as FuelRecord[];
    // 300 mi / 12 gal, 350 / 14, 300 / 12: 25 mpg each, not 650 / 14 = 46.4 and 650 / 12 = 54.2.
    expect(listed.map((r) => [r.currentMileage, r.mpg])).toEqual([
      [45_450, 25],
      [45_150, 25],
      [44_800, 25],
      [44_500, null],
    ]);
    expect((await fuel.get(alice, last.id)).mpg).toBe(25);
  });

  it("answers 404 to another account's id for read, update and delete, and leaves the record alone", async () => {
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
    // A record another user filed under the same id before machine ids were checked.
    const legacy = started.module.get(DataSource).getRepository(FuelRecordEntity);
    await legacy.insert(
      legacy.create({
        ...record({ machineId: 20 }),
        accountId: bob.accountId,
        amountMilli: 1000,
        pricePerUnitMilli: 3000,
        totalPriceCents: 300,
        dateOfPurchase: new Date(),
        dateCreated: new Date(),
        notes: null,
        storeName: null,
        storeCity: null,
        storeState: null,
        currentHours: null,
        idempotencyKey: null,
      }),
    );

    expect(await machines.machineDeleted({ accountId: alice.accountId, machineId: 20 })).toEqual({ fuelRecords: 1, purchases: 0 });
    expect(await machines.machineDeleted({ accountId: alice.accountId, machineId: 20 })).toEqual({ fuelRecords: 0, purchases: 0 });
    expect(await fuel.listByMachine(alice, 20)).toEqual([]);
    expect(await fuel.listByMachine(bob, 20)).toHaveLength(1);
  });

  it("refuses another account's machine, a nonexistent one and ids beyond the integer columns with 404, storing nothing", async () => {
    started.machines.own(bob, 30);
    for (const machineId of [30, 31, 2 ** 31, 2 ** 53, 1e308]) {
      await expect(fuel.create(alice, record({ machineId }))).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Machine not found' });
    }
    const mine = await fuel.create(alice, record({ machineId: 10 }));
    await expect(fuel.update(alice, mine.id, record({ machineId: 30 }))).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Machine not found' });
    expect(await fuel.get(alice, mine.id)).toMatchObject({ machineId: 10 });
    expect(await fuel.listByMachine(alice, 30)).toEqual([]);
    expect(await fuel.listByMachine(alice, 31)).toEqual([]);
  });

  it('knows machines from their saved events without asking machine-service, and refuses a deleted one', async () => {
    const projection = started.module.get(MachineProjection);
    const before = started.machines.lookups;
    await projection.onSaved({ machineId: 40, accountId: alice.accountId, name: 'Skid steer' });
    await fuel.create(alice, record({ machineId: 40 }));
    await fuel.create(alice, record({ machineId: 40 }));
    expect(started.machines.lookups).toBe(before);

    await machines.machineDeleted({ accountId: alice.accountId, machineId: 40 });
    // A late saved event does not bring the deleted machine back.
    await projection.onSaved({ machineId: 40, accountId: alice.accountId, name: 'Skid steer' });
    await expect(fuel.create(alice, record({ machineId: 40 }))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await fuel.listByMachine(alice, 40)).toEqual([]);
  });

  it('asks machine-service once about a machine created before the projection knew it', async () => {
    started.machines.own(alice, 50);
    const before = started.machines.lookups;
    await fuel.create(alice, record({ machineId: 50 }));
    await fuel.create(alice, record({ machineId: 50 }));
    expect(started.machines.lookups).toBe(before + 1);
    expect(await fuel.listByMachine(alice, 50)).toHaveLength(2);
  });
});
