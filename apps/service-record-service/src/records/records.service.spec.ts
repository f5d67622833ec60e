import 'reflect-metadata';
import { ErrorCode, SERVICE_RECORD_CHANGED, SERVICE_RECORD_DELETED, SERVICE_RECORD_SAVED } from '@wrenchlog/contracts';
import { memberOf } from '@wrenchlog/testing/nest';
import { aKnownMachine, aMember, anOwner, FakeDatabase, FakeMachineService, recordsServiceOver } from '../../test/fakes.js';
import { RecordsService } from './records.service.js';

const owner = anOwner(1);
const stranger = anOwner(2);

describe(RecordsService.name, () => {
  let db: FakeDatabase;
  let machineService: FakeMachineService;
  let sut: RecordsService;

  beforeEach(() => {
    db = new FakeDatabase();
    machineService = new FakeMachineService();
    sut = recordsServiceOver(db, machineService);
    aKnownMachine(db, { machineId: 10, accountId: 1, name: 'Excavator' });
    aKnownMachine(db, { machineId: 11, accountId: 1, name: 'Loader' });
  });

  const events = (event: string) => db.tables.outbox.filter((e) => e.event === event).map((e) => e.payload);
  const changed = () => events(SERVICE_RECORD_CHANGED).map(({ machineId, change, latestServiceDate }) => ({ machineId, change, latestServiceDate }));

  describe('create', () => {
    it("locks its machine's projection row, takes the machine's name and tells machine-service its newest date", async () => {
      await sut.create(owner, { title: 'Oil change', machineId: 10, serviceDate: '2025-03-01' });

      const record = await sut.create(owner, { title: 'Filters', machineId: 10, serviceDate: '2025-02-01', price: 12.5 });

      expect(record).toMatchObject({ title: 'Filters', machineId: 10, machineName: 'Excavator', status: 'New', price: 12.5 });
      expect(db.locks.at(-1)).toEqual([10]);
      expect(changed().at(-1)).toEqual({ machineId: 10, change: 'saved', latestServiceDate: '2025-03-01' });
      expect(events(SERVICE_RECORD_SAVED).at(-1)).toMatchObject({ recordId: record.id, accountId: 1, machineId: 10, priceCents: 1250, title: 'Filters' });
      expect(db.tables.records.at(-1)).toMatchObject({ machineKey: 'excavator', titleKey: 'filters', statusKey: 'new' });
    });

    it('looks a machine not heard of yet up in machine-service once, and remembers it older than any saved event', async () => {
      machineService.machines.push({ id: 12, accountId: 1, name: 'Brand new truck' });

      await expect(sut.create(owner, { title: 'First service', machineId: 12 })).resolves.toMatchObject({ machineName: 'Brand new truck' });
      await sut.create(owner, { title: 'Second service', machineId: 12 });

      expect(machineService.calls).toBe(1);
      expect(db.tables.knownMachines.find((m) => m.machineId === 12)).toMatchObject({
        accountId: 1,
        name: 'Brand new truck',
        deleted: false,
        updatedAt: new Date(0),
      });
    });

    it("refuses another user's machine, a deleted one and one machine-service does not know with 404, and writes nothing", async () => {
      aKnownMachine(db, { machineId: 20, accountId: 2, name: 'Not yours' });
      aKnownMachine(db, { machineId: 21, accountId: 1, name: 'Gone', deleted: true });
      machineService.machines.push({ id: 22, accountId: 2, name: 'Also not yours' });

      for (const machineId of [20, 21, 22, 99]) {
        await expect(sut.create(owner, { title: 'Oil', machineId })).rejects.toMatchObject({ code: ErrorCode.NotFound, message: 'Machine not found' });
      }

      expect(db.tables.records).toEqual([]);
      expect(db.tables.outbox).toEqual([]);
      expect(db.tables.knownMachines.map((m) => m.machineId)).toEqual([10, 11, 20, 21]);
    });

    it('answers 503 when machine-service cannot be asked about a new machine', async () => {
      machineService.down = true;

      await expect(sut.create(owner, { title: 'Oil', machineId: 12 })).rejects.toMatchObject({ code: ErrorCode.Unavailable });
      expect(db.tables.records).toEqual([]);
    });

    it('answers a retried create (same idempotency key) with the record made the first time', async () => {
      const first = await sut.create(owner, { title: 'Oil', machineId: 10 }, { correlationId: 'c-1', idempotencyKey: 'k-1' });
      const again = await sut.create(owner, { title: 'Oil', machineId: 10 }, { correlationId: 'c-1', idempotencyKey: 'k-1' });

      expect(again).toEqual(first);
      expect(db.tables.records).toHaveLength(1);
      expect(events(SERVICE_RECORD_SAVED)).toHaveLength(1);
    });

    it('keeps nothing of a create whose events cannot be written (one transaction)', async () => {
      const failing = recordsServiceOver(db, machineService, { enqueue: () => Promise.reject(new Error('outbox down')) } as never);

      await expect(failing.create(owner, { title: 'Oil', machineId: 10 })).rejects.toThrow('outbox down');
      expect(db.tables.records).toEqual([]);
    });
  });

  describe('update', () => {
    it("announces the machine's newest date: the later of this record's and its other records'", async () => {
      await sut.create(owner, { title: 'Old', machineId: 10, serviceDate: '2025-01-01' });
      const record = await sut.create(owner, { title: 'Newer', machineId: 10, serviceDate: '2025-02-01' });

      await expect(sut.update(owner, { id: record.id, record: { serviceDate: '2024-12-01' } })).resolves.toMatchObject({
        serviceDate: '2024-12-01',
        title: 'Newer',
      });

      expect(db.locks.at(-1)).toEqual([10]);
      expect(changed().at(-1)).toEqual({ machineId: 10, change: 'saved', latestServiceDate: '2025-01-01' });
    });

    it('moving a record locks both machines, takes the new name and tells each machine its newest date', async () => {
      await sut.create(owner, { title: 'Stays', machineId: 10, serviceDate: '2025-01-01' });
      const record = await sut.create(owner, { title: 'Moves', machineId: 10, serviceDate: '2025-05-01' });

      await expect(sut.update(owner, { id: record.id, record: { machineId: 11 } })).resolves.toMatchObject({ machineId: 11, machineName: 'Loader' });

      expect(db.locks.at(-1)).toEqual([10, 11, 11]);
      expect(changed().slice(-2)).toEqual([
        { machineId: 11, change: 'saved', latestServiceDate: '2025-05-01' },
        { machineId: 10, change: 'deleted', latestServiceDate: '2025-01-01' },
      ]);
      expect(db.tables.records.find((r) => r.id === record.id)).toMatchObject({ machineName: 'Loader', machineKey: 'loader' });
    });

    it("answers 404 for another user's record and refuses a body id other than the path's, changing nothing", async () => {
      const record = await sut.create(owner, { title: 'Mine', machineId: 10 });
      const outboxBefore = db.tables.outbox.length;

      await expect(sut.update(stranger, { id: record.id, record: { title: 'Taken' } })).rejects.toMatchObject({
        code: ErrorCode.NotFound,
        message: 'Service record not found',
      });
      await expect(sut.update(owner, { id: record.id, record: { id: record.id + 1, title: 'Other' } })).rejects.toMatchObject({ code: ErrorCode.Validation });
      await expect(sut.update(owner, { id: record.id, record: { title: '  ' } })).rejects.toMatchObject({ code: ErrorCode.Validation });

      expect(db.tables.records.map((r) => r.title)).toEqual(['Mine']);
      expect(db.tables.outbox).toHaveLength(outboxBefore);
    });

    it("refuses moving a record to a machine that is not the caller's", async () => {
      aKnownMachine(db, { machineId: 20, accountId: 2, name: 'Not yours' });
      const record = await sut.create(owner, { title: 'Mine', machineId: 10 });

      await expect(sut.update(owner, { id: record.id, record: { machineId: 20 } })).rejects.toMatchObject({
        code: ErrorCode.NotFound,
        message: 'Machine not found',
      });
      expect(db.tables.records[0]).toMatchObject({ machineId: 10, machineName: 'Excavator' });
    });
  });

  it('deletes a record with its images, telling its machine the newest date of the records left', async () => {
    await sut.create(owner, { title: 'Stays', machineId: 10, serviceDate: '2025-01-01' });
    const record = await sut.create(owner, { title: 'Goes', machineId: 10, serviceDate: '2025-05-01' });
    db.tables.images.push({ id: 1, accountId: 1, recordId: record.id }, { id: 2, accountId: 1, recordId: record.id + 100 });

    await expect(sut.delete(owner, record.id)).resolves.toEqual({ id: record.id });

    expect(db.tables.records.map((r) => r.title)).toEqual(['Stays']);
    expect(db.tables.images.map((i) => i.id)).toEqual([2]);
    expect(changed().at(-1)).toEqual({ machineId: 10, change: 'deleted', latestServiceDate: '2025-01-01' });
    expect(events(SERVICE_RECORD_DELETED)).toEqual([expect.objectContaining({ recordId: record.id, machineId: 10, accountId: 1 })]);
  });

  describe('members of the account (issue 32)', () => {
    const manager = memberOf(owner, 'manager', 7);
    const mechanic = memberOf(owner, 'mechanic', 8);

    beforeEach(() => {
      aMember(db, owner, 'Olga');
      aMember(db, manager, 'Maria');
    });

    it("lets a manager see and change the owner's records, naming who created and who last changed each", async () => {
      const record = await sut.create(owner, { title: 'Oil', machineId: 10 });
      expect(record).toMatchObject({ createdBy: { id: 1, name: 'Olga' }, updatedBy: null });

      const updated = await sut.update(manager, { id: record.id, record: { status: 'Complete' } });

      expect(updated).toMatchObject({ status: 'Complete', createdBy: { id: 1, name: 'Olga' }, updatedBy: { id: 7, name: 'Maria' } });
      expect((await sut.recent(owner, {})).content).toEqual([updated]);
      expect(events(SERVICE_RECORD_SAVED).at(-1)).toMatchObject({ recordId: record.id, accountId: 1 });
    });

    it('names a member not heard of yet by id only', async () => {
      const newcomer = memberOf(owner, 'manager', 9);

      await expect(sut.create(newcomer, { title: 'Oil', machineId: 10 })).resolves.toMatchObject({ createdBy: { id: 9, name: null }, updatedBy: null });
    });

    it("shows a mechanic only their assigned machines' records: others are not found, left out of lists and not writable", async () => {
      aMember(db, mechanic, 'Mo', [10]);
      const mine = await sut.create(owner, { title: 'On 10', machineId: 10 });
      const other = await sut.create(owner, { title: 'On 11', machineId: 11 });
      const notFound = { code: ErrorCode.NotFound, message: 'Service record not found' };

      expect((await sut.recent(mechanic, {})).content.map((r) => r.title)).toEqual(['On 10']);
      await expect(sut.get(mechanic, mine.id)).resolves.toMatchObject({ title: 'On 10' });
      await expect(sut.get(mechanic, other.id)).rejects.toMatchObject(notFound);
      await expect(sut.update(mechanic, { id: other.id, record: { title: 'x' } })).rejects.toMatchObject(notFound);
      await expect(sut.delete(mechanic, other.id)).rejects.toMatchObject(notFound);
      await expect(sut.byMachine(mechanic, 11)).resolves.toEqual([]);
      await expect(sut.byMachine(mechanic, 11, { page: 0, size: 5 })).resolves.toMatchObject({ content: [], totalElements: 0 });
      await expect(sut.create(mechanic, { title: 'x', machineId: 11 })).rejects.toMatchObject({ code: ErrorCode.NotFound, message: 'Machine not found' });
      await expect(sut.update(mechanic, { id: mine.id, record: { machineId: 11 } })).rejects.toMatchObject({ message: 'Machine not found' });
      expect(db.tables.records.map((r) => [r.title, r.machineId])).toEqual([
        ['On 10', 10],
        ['On 11', 11],
      ]);
    });

    it('lets a mechanic assigned to all machines see all of them', async () => {
      aMember(db, mechanic, 'Mo', null);
      await sut.create(owner, { title: 'On 10', machineId: 10 });
      await sut.create(owner, { title: 'On 11', machineId: 11 });

      expect((await sut.recent(mechanic, {})).totalElements).toBe(2);
    });
  });
});
