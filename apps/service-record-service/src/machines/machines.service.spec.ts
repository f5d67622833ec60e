import 'reflect-metadata';
import type { MachineDeletedEvent, MachineSavedEvent, RpcMessage } from '@wrenchlog/contracts';
import { aKnownMachine, anOwner, FakeDatabase, fakeKnownMachines, fakeRecords, fakeTransactions, recordsServiceOver } from '../../test/fakes.js';
import type { RecordsService } from '../records/records.service.js';
import { MachinesService } from './machines.service.js';

const owner = anOwner(1);
const saved = (name: string, at: string, machineId = 10, accountId = 1): RpcMessage<MachineSavedEvent> => ({
  actor: null,
  meta: { correlationId: 'c-1' },
  payload: {
    machineId,
    accountId,
    name,
    type: null,
    licenseExpirationDate: null,
    insuranceExpirationDate: null,
    isPermanentLicense: false,
    miles: null,
    hours: null,
    at,
    archived: false,
  },
});
const deleted = (machineId = 10, accountId = 1): RpcMessage<MachineDeletedEvent> => ({
  actor: null,
  meta: { correlationId: 'c-1' },
  payload: { machineId, accountId },
});

describe(MachinesService.name, () => {
  let db: FakeDatabase;
  let records: RecordsService;
  let sut: MachinesService;

  beforeEach(() => {
    db = new FakeDatabase();
    records = recordsServiceOver(db);
    sut = new MachinesService(fakeKnownMachines(db), fakeRecords(db), records, fakeTransactions(db));
  });

  it("renames the owner's records on a newer saved event, and an older one changes nothing", async () => {
    aKnownMachine(db, { machineId: 10, accountId: 1, name: 'Excavator' });
    await records.create(owner, { title: 'Oil', machineId: 10 });

    await sut.onSaved(saved('Big digger', '2030-06-01T00:00:00Z'));
    await sut.onSaved(saved('Stale name', '2030-02-01T00:00:00Z'));

    expect(db.tables.knownMachines[0]).toMatchObject({ name: 'Big digger' });
    expect(db.tables.records[0]).toMatchObject({ machineName: 'Big digger', machineKey: 'big digger' });
  });

  it('learns a machine from its first saved event', async () => {
    await sut.onSaved(saved('Loader', '2030-06-01T00:00:00Z', 11));

    await expect(records.create(owner, { title: 'Oil', machineId: 11 })).resolves.toMatchObject({ machineName: 'Loader' });
  });

  it("removes a deleted machine's records with their images, and a late saved event does not bring the machine back", async () => {
    aKnownMachine(db, { machineId: 10, accountId: 1, name: 'Excavator' });
    const record = await records.create(owner, { title: 'Oil', machineId: 10 });
    db.tables.images.push({ id: 1, accountId: 1, recordId: record.id });

    await sut.onDeleted(deleted());
    await sut.onSaved(saved('Revived?', '2099-01-01T00:00:00Z'));

    expect(db.tables.records).toEqual([]);
    expect(db.tables.images).toEqual([]);
    expect(db.tables.knownMachines[0]).toMatchObject({ deleted: true, name: 'Excavator' });
    await expect(records.create(owner, { title: 'Oil', machineId: 10 })).rejects.toMatchObject({ message: 'Machine not found' });
  });

  it('reads the account of an event written before accounts (userId) as the account of that id', async () => {
    await sut.onSaved({
      ...saved('Old event', '2030-06-01T00:00:00Z', 12),
      payload: { ...saved('Old event', '2030-06-01T00:00:00Z', 12).payload, accountId: undefined, userId: 1 },
    } as never);

    await expect(records.create(owner, { title: 'Oil', machineId: 12 })).resolves.toMatchObject({ machineName: 'Old event' });
  });

  it('ignores a malformed event', async () => {
    await sut.onSaved({ actor: null, payload: { machineId: 'x' } } as never);
    await sut.onDeleted({ actor: null, payload: null } as never);

    expect(db.tables.knownMachines).toEqual([]);
  });
});
