import {
  ACCOUNT_MEMBER_SAVED,
  FUEL_RECORD_CREATE,
  FUEL_RECORD_GET,
  FUEL_RECORD_LIST_BY_MACHINE,
  FUEL_RECORD_UPDATE,
  PART_CREATE,
  PART_LIST,
  PURCHASE_CREATE,
  PURCHASE_GET,
  PURCHASE_RECENT,
  SUPPLIER_CREATE,
  SUPPLIER_GET,
  SUPPLIER_UPDATE,
  type FuelRecord,
} from '@wrenchlog/contracts';
import { PlatformEnv } from '@wrenchlog/platform';
import { expectEventually, testEngines } from '@wrenchlog/testing';
import { MachineServiceStub, memberOf, ServiceUnderTest, userA, userB } from '@wrenchlog/testing/nest';
import { AppModule } from '../src/app.module.js';
import { fill, purchase, seedMember, supplier } from './account-fixtures.js';

// Issue 32, step 2: the records belong to the account, every member of it reaches them, and the
// answers name who added and who last changed each.
describe.each(await testEngines())('fuel-purchase-service accounts (%s)', (engine) => {
  let svc: ServiceUnderTest;
  const machines = new MachineServiceStub();
  const manager = memberOf(userA, 'manager');

  beforeAll(async () => {
    svc = await ServiceUnderTest.start(engine, { name: 'fuel-purchase', env: PlatformEnv, module: (env) => AppModule.register(env), rpc: machines.rpc });
    machines.own(userA, 10, 11);
    machines.own(userB, 20);
    await seedMember(svc, userA, 'Olivia Owner');
    await seedMember(svc, manager, 'Maria Manager');
  }, 60_000);

  afterAll(() => svc?.stop());

  it("lets a manager see and change the owner's fuel record, and names who added and who changed it", async () => {
    const created = await svc.send(FUEL_RECORD_CREATE, { record: fill(10) }, userA);
    expect(created).toMatchObject({ createdBy: { id: userA.userId, name: 'Olivia Owner' }, updatedBy: null });

    const listed = (await svc.send(FUEL_RECORD_LIST_BY_MACHINE, { machineId: 10 }, manager)) as FuelRecord[];
    expect(listed.map((r) => r.id)).toContain(created.id);

    const changed = await svc.send(FUEL_RECORD_UPDATE, { id: created.id, record: fill(10, { amount: 11 }) }, manager);
    expect(changed).toMatchObject({
      amount: 11,
      createdBy: { id: userA.userId, name: 'Olivia Owner' },
      updatedBy: { id: manager.userId, name: 'Maria Manager' },
    });
    expect(await svc.send(FUEL_RECORD_GET, { id: created.id }, userA)).toEqual(changed);
  });

  it('names a member from the account.member.saved event user-service sends', async () => {
    const mechanic = memberOf(userA, 'mechanic', 7002);
    await svc.emit(ACCOUNT_MEMBER_SAVED, {
      accountId: mechanic.accountId,
      userId: mechanic.userId,
      name: 'Mo Mechanic',
      role: 'mechanic',
      machineIds: null,
      removed: false,
      at: new Date().toISOString(),
    });
    const store = await svc.send(SUPPLIER_CREATE, { supplier: supplier('Mo Supply') }, mechanic);

    await expectEventually(async () =>
      expect(await svc.send(SUPPLIER_GET, { id: store.id }, userA)).toMatchObject({ createdBy: { id: mechanic.userId, name: 'Mo Mechanic' } }),
    );
  });

  it("answers another account's fuel record, purchase and supplier as not found", async () => {
    const record = await svc.send(FUEL_RECORD_CREATE, { record: fill(10) }, userA);
    const bought = await svc.send(PURCHASE_CREATE, { purchase: purchase(10) }, userA);
    const store = await svc.send(SUPPLIER_CREATE, { supplier: supplier('NAPA') }, userA);

    expect(await svc.failure(FUEL_RECORD_GET, { id: record.id }, userB)).toMatchObject({ code: 'NOT_FOUND', message: 'Fuel record not found' });
    expect(await svc.failure(PURCHASE_GET, { id: bought.id }, userB)).toMatchObject({ code: 'NOT_FOUND', message: 'Purchase not found' });
    expect(await svc.failure(SUPPLIER_GET, { id: store.id }, userB)).toMatchObject({ code: 'NOT_FOUND', message: 'Supplier not found' });
    expect(await svc.failure(FUEL_RECORD_CREATE, { record: fill(10) }, userB)).toMatchObject({ code: 'NOT_FOUND', message: 'Machine not found' });
  });

  it("keeps the purchase's userId as the member who added it, and the whole account sees it", async () => {
    const bought = await svc.send(PURCHASE_CREATE, { purchase: purchase(11) }, manager);
    expect(bought).toMatchObject({ userId: manager.userId, createdBy: { id: manager.userId, name: 'Maria Manager' }, updatedBy: null });

    const recent = await svc.send(PURCHASE_RECENT, { page: 0, size: 100 }, userA);
    expect(recent.content.find((p) => p.id === bought.id)).toEqual(bought);
  });

  it('shares one inventory in the account: a supplier and part a manager adds are the owner’s too', async () => {
    const store = await svc.send(SUPPLIER_CREATE, { supplier: supplier('Kansas Parts') }, manager);
    const part = await svc.send(
      PART_CREATE,
      { part: { partNumber: 'F-1', name: 'Fuel filter', category: 'Filters', quantity: 3, minStock: 1, price: 12, supplierId: store.id } },
      manager,
    );
    const renamed = await svc.send(SUPPLIER_UPDATE, { id: store.id, supplier: supplier('Kansas Parts Co') }, userA);

    expect(renamed).toMatchObject({ createdBy: { id: manager.userId, name: 'Maria Manager' }, updatedBy: { id: userA.userId, name: 'Olivia Owner' } });
    const parts = await svc.send(PART_LIST, { search: 'Fuel filter', page: 0, size: 10 }, userA);
    expect(parts.content).toEqual([
      expect.objectContaining({ id: part.id, supplier: 'Kansas Parts Co', createdBy: { id: manager.userId, name: 'Maria Manager' } }),
    ]);
    expect((await svc.send(PART_LIST, { search: 'Fuel filter', page: 0, size: 10 }, userB)).content).toEqual([]);
  });
});
