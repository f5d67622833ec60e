import 'reflect-metadata';
import { ErrorCode, MACHINE_DELETED, MACHINE_SAVED, type CreateMachineRequest } from '@wrenchlog/contracts';
import type { CallContext } from '@wrenchlog/platform';
import { memberOf } from '@wrenchlog/testing/nest';
import { anOwner, fakeAccess, FakeDatabase, fakeMachines, fakeMembers, fakeOutbox, fakeTransactions } from '../../test/fakes.js';
import { MachinesService } from './machines.service.js';

const owner = anOwner(1);
const stranger = anOwner(2);
const call = (idempotencyKey?: string): CallContext => ({ actor: owner, correlationId: 'c-1', idempotencyKey });
const excavator: CreateMachineRequest = { name: 'Excavator', year: 2019, make: 'CAT', model: '320' };
const manager = memberOf(owner, 'manager', 11);
const mechanic = memberOf(owner, 'mechanic', 12);

describe(MachinesService.name, () => {
  let db: FakeDatabase;
  let sut: MachinesService;

  beforeEach(() => {
    db = new FakeDatabase();
    const members = fakeMembers([
      { accountId: 1, userId: 1, name: 'Olga' },
      { accountId: 1, userId: 11, name: 'Maria' },
      { accountId: 1, userId: 12, name: 'Ivan', machineIds: [2] },
    ]);
    sut = new MachinesService(fakeMachines(db), fakeTransactions(db), fakeOutbox(db), fakeAccess(members), members);
  });

  const events = (event: string) => db.tables.outbox.filter((e) => e.event === event).map((e) => e.payload);

  it('creates a machine with status Good, unarchived, and announces it in the same transaction', async () => {
    const machine = await sut.create(owner, { ...excavator, archived: true } as never, call());

    expect(machine).toMatchObject({ name: 'Excavator', status: 'Good', archived: false, profilePhoto: null });
    expect(db.tables.machines).toHaveLength(1);
    expect(events(MACHINE_SAVED)).toEqual([expect.objectContaining({ machineId: machine.id, accountId: 1, name: 'Excavator', archived: false })]);
  });

  it('answers a retried create (same idempotency key) with the machine made the first time, and makes no second one', async () => {
    const first = await sut.create(owner, excavator, call('key-1'));
    const again = await sut.create(owner, { ...excavator, name: 'Other' }, call('key-1'));

    expect(again).toEqual(first);
    expect(db.tables.machines).toHaveLength(1);
    expect(events(MACHINE_SAVED)).toHaveLength(1);
  });

  it('updates only the fields sent, stamps lastUpdated and announces the change', async () => {
    const machine = await sut.create(owner, { ...excavator, color: 'Yellow' }, call());
    const before = db.tables.machines[0].lastUpdated;
    await new Promise((resolve) => setTimeout(resolve, 2));

    const updated = await sut.update(owner, { id: machine.id, status: 'Needs Service' }, call());

    expect(updated).toMatchObject({ status: 'Needs Service', color: 'Yellow', name: 'Excavator' });
    expect(db.tables.machines[0].lastUpdated.getTime()).toBeGreaterThan(before.getTime());
    expect(events(MACHINE_SAVED).at(-1)).toMatchObject({ machineId: machine.id, archived: false });
  });

  it('archives and restores through an update, and the saved event says so', async () => {
    const machine = await sut.create(owner, excavator, call());

    await expect(sut.update(owner, { id: machine.id, archived: true }, call())).resolves.toMatchObject({ archived: true });
    expect(events(MACHINE_SAVED).at(-1)).toMatchObject({ archived: true });
    expect(await sut.list(owner)).toEqual([]);
    expect((await sut.list(owner, { archived: true })).map((m) => m.id)).toEqual([machine.id]);

    await expect(sut.update(owner, { id: machine.id, archived: false }, call())).resolves.toMatchObject({ archived: false });
    expect((await sut.list(owner)).map((m) => m.id)).toEqual([machine.id]);
  });

  it("answers 404 for another user's machine on get, update and delete, and changes nothing", async () => {
    const machine = await sut.create(owner, excavator, call());
    const outboxBefore = db.tables.outbox.length;

    await expect(sut.get(stranger, machine.id)).rejects.toMatchObject({ code: ErrorCode.NotFound, message: 'Machine not found' });
    await expect(sut.update(stranger, { id: machine.id, name: 'Mine now' }, call())).rejects.toMatchObject({ code: ErrorCode.NotFound });
    await expect(sut.delete(stranger, machine.id, call())).rejects.toMatchObject({ code: ErrorCode.NotFound });

    expect(db.tables.machines.map((m) => m.name)).toEqual(['Excavator']);
    expect(db.tables.outbox).toHaveLength(outboxBefore);
  });

  it('refuses a malformed id with 400 before reading anything', async () => {
    // The one id parser (issue 19): a 400 with the field's message, as the gateway's IdPipe answers.
    await expect(sut.get(owner, 'abc')).rejects.toMatchObject({ code: ErrorCode.Validation, message: 'Invalid machine ID' });
    await expect(sut.update(owner, { id: 0 } as never, call())).rejects.toMatchObject({ code: ErrorCode.Validation });
    await expect(sut.delete(owner, -1, call())).rejects.toMatchObject({ code: ErrorCode.Validation });
  });

  it('deletes the machine with its photos and announces machine.machine.deleted', async () => {
    const machine = await sut.create(owner, excavator, call());
    const kept = await sut.create(owner, { ...excavator, name: 'Loader' }, call());
    db.tables.photos.push({ id: 90, machineId: machine.id, accountId: 1 } as never, { id: 91, machineId: kept.id, accountId: 1 } as never);

    await expect(sut.delete(owner, machine.id, call())).resolves.toEqual({ deleted: 1 });

    expect(db.tables.machines.map((m) => m.id)).toEqual([kept.id]);
    expect(db.tables.photos.map((p) => p.id)).toEqual([91]);
    expect(events(MACHINE_DELETED)).toEqual([{ machineId: machine.id, accountId: 1 }]);
    await expect(sut.get(owner, machine.id)).rejects.toMatchObject({ code: ErrorCode.NotFound });
  });

  it('keeps the newest service state: an older service.record.changed changes nothing', async () => {
    const machine = await sut.create(owner, excavator, call());
    const event = (latestServiceDate: string, at: string) => ({
      machineId: machine.id,
      accountId: 1,
      recordId: 1,
      change: 'saved' as const,
      latestServiceDate,
      at,
    });

    await sut.onServiceRecordChanged(event('2025-03-01', '2030-01-01T00:00:02Z'));
    await sut.onServiceRecordChanged(event('2024-01-01', '2030-01-01T00:00:01Z'));

    expect(await sut.get(owner, machine.id)).toMatchObject({ lastServicedDate: '2025-03-01', lastUpdated: '2030-01-01T00:00:02.000Z' });
  });

  it("lets a manager see and change the owner's machines, and names who created and who last changed each", async () => {
    const machine = await sut.create(owner, excavator, call());
    expect(machine).toMatchObject({ createdBy: { id: 1, name: 'Olga' }, updatedBy: null });

    const changed = await sut.update(manager, { id: machine.id, color: 'Yellow' }, call());

    expect(changed).toMatchObject({ color: 'Yellow', createdBy: { id: 1, name: 'Olga' }, updatedBy: { id: 11, name: 'Maria' } });
    expect(await sut.get(owner, machine.id)).toMatchObject({ updatedBy: { id: 11, name: 'Maria' } });
    expect(await sut.list(manager)).toEqual([
      expect.objectContaining({ id: machine.id, createdBy: { id: 1, name: 'Olga' }, updatedBy: { id: 11, name: 'Maria' } }),
    ]);
    expect(events(MACHINE_SAVED).at(-1)).toMatchObject({ machineId: machine.id, accountId: 1 });
  });

  it('names a member it has not heard of yet by id only', async () => {
    const machine = await sut.create(memberOf(owner, 'manager', 99), excavator, call());

    expect(machine.createdBy).toEqual({ id: 99, name: null });
  });

  it('shows a mechanic only the machines assigned to them, and answers 404 for the others', async () => {
    const first = await sut.create(owner, excavator, call());
    const second = await sut.create(owner, { ...excavator, name: 'Loader' }, call());
    expect(second.id).toBe(2);

    expect((await sut.list(mechanic)).map((m) => m.id)).toEqual([second.id]);
    expect((await sut.recentlyServiced(mechanic)).map((m) => m.id)).toEqual([second.id]);
    await expect(sut.get(mechanic, second.id)).resolves.toMatchObject({ name: 'Loader' });
    await expect(sut.get(mechanic, first.id)).rejects.toMatchObject({ code: ErrorCode.NotFound, message: 'Machine not found' });
    expect((await sut.list(manager)).map((m) => m.id)).toEqual([first.id, second.id]);
  });

  it('keeps a serial number apart from the VIN: stored trimmed, answered, cleared by a blank, and resolved only as a serial number', async () => {
    const loader = await sut.create(owner, { ...excavator, name: 'Loader', vin: 'VIN-1', serialNumber: 'CAT0320DKBZX01234' }, call());
    await sut.create(owner, { ...excavator, name: 'Dozer', vin: 'CAT0320DKBZX01234' }, call());

    expect(loader).toMatchObject({ vin: 'VIN-1', serialNumber: 'CAT0320DKBZX01234' });
    await expect(sut.resolve(owner, { identifiers: [], serialNumbers: [' cat0320dkbzx01234 '] })).resolves.toEqual({
      machines: [{ id: loader.id, vin: 'VIN-1', serialNumber: 'CAT0320DKBZX01234' }],
    });
    await expect(sut.resolve(owner, { identifiers: [], serialNumbers: ['VIN-1'] })).resolves.toEqual({ machines: [] });
    await expect(sut.resolve(stranger, { identifiers: [], serialNumbers: ['CAT0320DKBZX01234'] })).resolves.toEqual({ machines: [] });

    await expect(sut.update(owner, { id: loader.id, serialNumber: '   ' }, call())).resolves.toMatchObject({ serialNumber: null, vin: 'VIN-1' });
  });
});
