import {
  FUEL_DATA_EXPORT,
  FUEL_IMPORT_APPLY,
  FUEL_MACHINE_HISTORY_COUNT,
  FUEL_RECORD_CREATE,
  FUEL_RECORD_DELETE,
  FUEL_RECORD_GET,
  FUEL_RECORD_LATEST,
  FUEL_RECORD_LIST_BY_MACHINE,
  FUEL_RECORD_UPDATE,
  OPERATOR_EDIT_WINDOW_MS,
  PURCHASE_CREATE,
  PURCHASE_GET,
  PURCHASE_RECENT,
  PURCHASE_RECENT_FOR_MACHINE,
  SUPPLIER_CREATE,
  type FuelRecord,
} from '@wrenchlog/contracts';
import { PlatformEnv } from '@wrenchlog/platform';
import { testEngines } from '@wrenchlog/testing';
import { MachineServiceStub, memberOf, ServiceUnderTest, userA } from '@wrenchlog/testing/nest';
import { DataSource } from 'typeorm';
import { AppModule } from '../src/app.module.js';
import { FuelRecordEntity } from '../src/fuel/fuel-record.entity.js';
import { fill, purchase, seedMember, supplier } from './account-fixtures.js';

// Issue 32, step 3: what each role may do (403 with the role's message), which machines a mechanic
// or an operator sees (an unassigned machine's record is 404), an operator's own fuel records within
// the edit window, and no money in an operator's answers.
describe.each(await testEngines())('fuel-purchase-service policy (%s)', (engine) => {
  let svc: ServiceUnderTest;
  const machines = new MachineServiceStub();
  const viewer = memberOf(userA, 'viewer', 5001);
  const mechanic = memberOf(userA, 'mechanic', 5002);
  const operator = memberOf(userA, 'operator', 5003);

  beforeAll(async () => {
    svc = await ServiceUnderTest.start(engine, { name: 'fuel-purchase', env: PlatformEnv, module: (env) => AppModule.register(env), rpc: machines.rpc });
    machines.own(userA, 10, 11);
    await seedMember(svc, userA, 'Olivia Owner');
    await seedMember(svc, viewer, 'Vera Viewer');
    await seedMember(svc, mechanic, 'Mo Mechanic', [10]);
    await seedMember(svc, operator, 'Otto Operator', [10]);
  }, 60_000);

  afterAll(() => svc?.stop());

  it("refuses a viewer's writes with 403 and the role's message, and lets them read", async () => {
    const record = await svc.send(FUEL_RECORD_CREATE, { record: fill(10) }, userA);

    expect(await svc.failure(FUEL_RECORD_CREATE, { record: fill(10) }, viewer)).toEqual({
      code: 'FORBIDDEN',
      message: 'Your role (viewer) cannot add or change fuel records',
    });
    expect(await svc.failure(SUPPLIER_CREATE, { supplier: supplier('NAPA') }, viewer)).toEqual({
      code: 'FORBIDDEN',
      message: 'Your role (viewer) cannot add or change parts, suppliers and purchases',
    });
    expect(await svc.failure(FUEL_DATA_EXPORT, { afterId: 0, limit: 10 }, viewer)).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Your role (viewer) cannot export data',
    });
    expect(await svc.send(FUEL_RECORD_GET, { id: record.id }, viewer)).toMatchObject({ id: record.id, totalPrice: 35 });
  });

  it('keeps imports from a mechanic and purchases from an operator', async () => {
    const batch = { importId: 1, accountId: userA.accountId, batchNo: 0, rows: [] };
    expect(await svc.failure(FUEL_IMPORT_APPLY, batch, mechanic)).toMatchObject({ code: 'FORBIDDEN', message: 'Your role (mechanic) cannot import data' });
    expect(await svc.failure(PURCHASE_RECENT, { page: 0, size: 10 }, operator)).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Your role (operator) cannot see parts, suppliers and purchases',
    });
  });

  it("shows an operator only their own fuel records on their machines, without money, and not another machine's", async () => {
    const owners = await svc.send(FUEL_RECORD_CREATE, { record: fill(10, { dateOfPurchase: '2026-11-02T08:00:00.000Z' }) }, userA);
    const mine = await svc.send(FUEL_RECORD_CREATE, { record: fill(10, { dateOfPurchase: '2026-11-03T08:00:00.000Z' }) }, operator);

    expect(mine).toMatchObject({ machineId: 10, amount: 10, createdBy: { id: operator.userId, name: 'Otto Operator' } });
    expect(mine).not.toHaveProperty('totalPrice');
    expect(mine).not.toHaveProperty('pricePerUnit');
    const listed = (await svc.send(FUEL_RECORD_LIST_BY_MACHINE, { machineId: 10 }, operator)) as FuelRecord[];
    expect(listed.map((r) => r.id)).toEqual([mine.id]);
    expect(await svc.send(FUEL_RECORD_LATEST, { machineId: 10 }, operator)).toMatchObject({ id: mine.id });
    expect(await svc.failure(FUEL_RECORD_GET, { id: owners.id }, operator)).toMatchObject({ code: 'NOT_FOUND', message: 'Fuel record not found' });
    expect(await svc.failure(FUEL_RECORD_DELETE, { id: owners.id }, operator)).toMatchObject({ code: 'NOT_FOUND' });

    expect(await svc.failure(FUEL_RECORD_CREATE, { record: fill(11) }, operator)).toMatchObject({ code: 'NOT_FOUND', message: 'Machine not found' });
    expect(await svc.send(FUEL_RECORD_LIST_BY_MACHINE, { machineId: 11 }, operator)).toEqual([]);
    expect(await svc.send(FUEL_MACHINE_HISTORY_COUNT, { machineId: 10 }, operator)).toEqual({ fuelRecords: 1, purchases: 0 });
  });

  it('lets an operator change their fuel record within the edit window and answers 403 after it', async () => {
    const mine = await svc.send(FUEL_RECORD_CREATE, { record: fill(10) }, operator);
    expect(await svc.send(FUEL_RECORD_UPDATE, { id: mine.id, record: fill(10, { amount: 12 }) }, operator)).toMatchObject({
      amount: 12,
      updatedBy: { id: operator.userId, name: 'Otto Operator' },
    });

    const longAgo = new Date(Date.now() - OPERATOR_EDIT_WINDOW_MS - 60_000);
    await svc.get(DataSource).getRepository(FuelRecordEntity).update({ id: mine.id }, { dateCreated: longAgo });
    const late = { code: 'FORBIDDEN', message: 'Your role (operator) can change or delete a fuel record only within 24 hours of adding it' };
    expect(await svc.failure(FUEL_RECORD_UPDATE, { id: mine.id, record: fill(10, { amount: 13 }) }, operator)).toEqual(late);
    expect(await svc.failure(FUEL_RECORD_DELETE, { id: mine.id }, operator)).toEqual(late);
    // The owner still may.
    await svc.send(FUEL_RECORD_DELETE, { id: mine.id }, userA);
  });

  it('lets an operator change their own record without the prices they never see: the stored prices stay, and prices they send are ignored', async () => {
    const mine = await svc.send(FUEL_RECORD_CREATE, { record: fill(10, { pricePerUnit: 3.5, totalPrice: 35 }) }, operator);
    const { pricePerUnit: _p, totalPrice: _t, ...withoutPrices } = fill(10, { amount: 11 });

    expect(await svc.send(FUEL_RECORD_UPDATE, { id: mine.id, record: withoutPrices as never }, operator)).toMatchObject({ id: mine.id, amount: 11 });
    await svc.send(FUEL_RECORD_UPDATE, { id: mine.id, record: fill(10, { amount: 12, pricePerUnit: 0.1, totalPrice: 1.2 }) }, operator);

    expect(await svc.send(FUEL_RECORD_GET, { id: mine.id }, userA)).toMatchObject({ amount: 12, pricePerUnit: 3.5, totalPrice: 35 });
    // Everyone else still sends the whole form.
    expect(await svc.failure(FUEL_RECORD_UPDATE, { id: mine.id, record: withoutPrices as never }, userA)).toMatchObject({ code: 'VALIDATION' });
  });

  it("shows a mechanic their machines' purchases and the inventory's, and an unassigned machine's as not found", async () => {
    const onTheirs = await svc.send(PURCHASE_CREATE, { purchase: purchase(10) }, userA);
    const onOther = await svc.send(PURCHASE_CREATE, { purchase: purchase(11) }, userA);
    const forStock = await svc.send(PURCHASE_CREATE, { purchase: purchase(null) }, userA);

    const recent = await svc.send(PURCHASE_RECENT, { page: 0, size: 100 }, mechanic);
    const ids = recent.content.map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining([onTheirs.id, forStock.id]));
    expect(ids).not.toContain(onOther.id);
    expect(recent.totalElements).toBe(ids.length);
    expect(recent.content.find((p) => p.id === onTheirs.id)).toMatchObject({ price: 89 });

    expect(await svc.failure(PURCHASE_GET, { id: onOther.id }, mechanic)).toMatchObject({ code: 'NOT_FOUND', message: 'Purchase not found' });
    expect(await svc.send(PURCHASE_RECENT_FOR_MACHINE, { machineId: 11 }, mechanic)).toEqual({ content: [] });
    expect(await svc.failure(PURCHASE_CREATE, { purchase: purchase(11) }, mechanic)).toMatchObject({ code: 'NOT_FOUND', message: 'Machine not found' });
    expect(await svc.send(FUEL_RECORD_LIST_BY_MACHINE, { machineId: 11 }, mechanic)).toEqual([]);
  });
});
