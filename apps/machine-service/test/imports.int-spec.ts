import {
  MACHINE_DELETED,
  MACHINE_IMPORT_APPLY,
  MACHINE_IMPORT_CREATE_MACHINES,
  MACHINE_IMPORT_REVERT,
  MACHINE_LIST,
  MACHINE_SAVED,
} from '@wrenchlog/contracts';
import { PlatformEnv } from '@wrenchlog/platform';
import { expectEventually, testEngines } from '@wrenchlog/testing';
import { ServiceUnderTest, userA, userB } from '@wrenchlog/testing/nest';
import { AppModule } from '../src/app.module.js';

// machine.import.createMachines, .apply and .revert (issue 23) over the transport, on each engine.
describe.each(await testEngines())('machines of an import (%s)', (engine) => {
  let svc: ServiceUnderTest;

  beforeAll(async () => {
    svc = await ServiceUnderTest.start(engine, { name: 'machine', env: PlatformEnv, module: (env) => AppModule.register(env) });
  }, 60_000);

  afterAll(() => svc?.stop());

  const names = async () => (await svc.send(MACHINE_LIST, {}, userA)).map((m) => m.name).sort();

  it('creates the machines a file names once, writes machine rows once, and reverts only the machines it is told to', async () => {
    const created = await svc.send(
      MACHINE_IMPORT_CREATE_MACHINES,
      { importId: 4, accountId: userA.accountId, names: ['Old Blue', 'Mower', 'Old Blue'] },
      userA,
    );
    expect(created.machines.map((m) => m.name)).toEqual(['Old Blue', 'Mower']);
    expect(await svc.send(MACHINE_IMPORT_CREATE_MACHINES, { importId: 4, accountId: userA.accountId, names: ['Mower', 'Old Blue'] }, userA)).toEqual({
      machines: [...created.machines].reverse(),
    });
    const rows = {
      importId: 4,
      accountId: userA.accountId,
      batchNo: 0,
      rows: [
        { rowNumber: 2, record: { name: 'Loader', year: 2019, make: 'Kubota', model: 'SVL75' } },
        { rowNumber: 3, record: { name: 'No year', make: 'Deere', model: 'X' } },
      ],
    };
    const applied = await svc.send(MACHINE_IMPORT_APPLY, rows, userA);
    expect(applied.failed).toEqual([{ rowNumber: 3, message: expect.stringMatching(/^year: /) }]);
    expect(await svc.send(MACHINE_IMPORT_APPLY, rows, userA)).toEqual({ ...applied, backlog: expect.any(Number) }); // a redelivery answers the same ids; the backlog is of now
    expect(await names()).toEqual(['Loader', 'Mower', 'Old Blue']);
    await expectEventually(() => expect(new Set(svc.events(MACHINE_SAVED).map((e) => e.machineId)).size).toBe(3));

    const oldBlue = created.machines.find((m) => m.name === 'Old Blue')!;
    const others = [created.machines.find((m) => m.name === 'Mower')!.id, applied.written[0]!.id];
    expect(await svc.send(MACHINE_IMPORT_REVERT, { importId: 4, accountId: userB.accountId, machineIds: others }, userB)).toEqual({ deleted: 0, kept: [] });
    expect(await svc.send(MACHINE_IMPORT_REVERT, { importId: 4, accountId: userA.accountId, machineIds: others }, userA)).toEqual({
      deleted: 2,
      kept: [{ id: oldBlue.id, name: 'Old Blue' }],
    });
    expect(await names()).toEqual(['Old Blue']);
    // A copy per subscriber: one event per machine deleted.
    await expectEventually(() => expect(new Set(svc.events(MACHINE_DELETED).map((e) => e.machineId))).toEqual(new Set(others)));
  });
});
