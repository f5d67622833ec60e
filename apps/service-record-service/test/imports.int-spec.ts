import {
  MACHINE_SAVED,
  SERVICE_IMPORT_APPLY,
  SERVICE_IMPORT_REVERT,
  SERVICE_RECORD_BY_MACHINE,
  SERVICE_RECORD_CREATE,
  SERVICE_RECORD_DELETED,
  SERVICE_RECORD_SAVED,
  type ServiceRecord,
} from '@wrenchlog/contracts';
import { expectEventually, testEngines } from '@wrenchlog/testing';
import { ServiceUnderTest, userA, userB } from './harness.js';

// service.import.apply and .revert (issue 23) over the transport, on each engine.
describe.each(await testEngines())('service records of an import (%s)', (engine) => {
  let svc: ServiceUnderTest;
  const service = (machineId: number, title: string) => ({ machineId, title, serviceDate: '2024-05-01', status: 'Complete', price: 40, miles: 45_500 });

  beforeAll(async () => {
    svc = await ServiceUnderTest.start(engine);
    await svc.emit(MACHINE_SAVED, { machineId: 500, accountId: userA.accountId, name: 'Truck 7', at: new Date().toISOString() });
    svc.machines.own(userB, 600);
  }, 60_000);

  afterAll(() => svc?.stop());

  const recordsOf = async (machineId: number) => (await svc.send(SERVICE_RECORD_BY_MACHINE, { machineId }, userA)) as ServiceRecord[];

  it('writes a batch once with its events, fails a row naming another user’s machine or breaking a rule, and reverts exactly the import', async () => {
    await expectEventually(async () => expect((await svc.send(SERVICE_RECORD_CREATE, { ...service(500, 'probe') }, userA)).machineName).toBe('Truck 7'));
    const batch = {
      importId: 3,
      accountId: userA.accountId,
      batchNo: 0,
      rows: [
        { rowNumber: 2, record: service(500, 'Brake pads') },
        { rowNumber: 3, record: service(600, 'Not mine') },
        { rowNumber: 4, record: service(500, '') },
        { rowNumber: 5, record: service(500, 'Inspection') },
      ],
    };
    const first = await svc.send(SERVICE_IMPORT_APPLY, batch, userA);
    expect(first.written.map((w) => w.rowNumber)).toEqual([2, 5]);
    expect(first.failed.map((f) => f.rowNumber)).toEqual([3, 4]);
    expect(first.failed[0]!.message).toBe('Machine not found');
    expect(await svc.send(SERVICE_IMPORT_APPLY, batch, userA)).toEqual({ ...first, backlog: expect.any(Number) }); // a redelivery answers the same ids; the backlog is of now
    expect((await recordsOf(500)).map((r) => r.title).sort()).toEqual(['Brake pads', 'Inspection', 'probe']);
    await expectEventually(() => expect(new Set(svc.events(SERVICE_RECORD_SAVED).map((e) => e.recordId))).toEqual(expect.objectContaining({ size: 3 })));

    expect(await svc.send(SERVICE_IMPORT_REVERT, { importId: 3, accountId: userB.accountId }, userB)).toEqual({ deleted: 0 });
    expect(await svc.send(SERVICE_IMPORT_REVERT, { importId: 3, accountId: userA.accountId }, userA)).toEqual({ deleted: 2 });
    expect((await recordsOf(500)).map((r) => r.title)).toEqual(['probe']);
    await expectEventually(() =>
      expect(svc.events(SERVICE_RECORD_DELETED).map((e) => e.recordId)).toEqual(expect.arrayContaining(first.written.map((w) => w.id))),
    );
  });
});
