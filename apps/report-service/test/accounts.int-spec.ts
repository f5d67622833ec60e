import type { TestingModule } from '@nestjs/testing';
import { accountActor, REPORT_COSTS, REPORT_FLEET, type Actor, type RpcMessage } from '@wrenchlog/contracts';
import { handlerRights } from '@wrenchlog/platform';
import { testEngines } from '@wrenchlog/testing';
import { memberOf, ServiceUnderTest } from '@wrenchlog/testing/nest';
import { AppModule } from '../src/app.module.js';
import { ReportEnv } from '../src/config/report-env.js';
import { CostEventsController } from '../src/costs/cost-events.controller.js';
import { MachineEventsController } from '../src/machine-events/machine-events.controller.js';
import { ReportsController } from '../src/reports/reports.controller.js';
import { ReportsService } from '../src/reports/reports.service.js';
import { localDate } from '../src/users/time-zone.rules.js';
import { startReportModule } from './harness.js';

const msg = <T>(payload: T) => ({ actor: null, payload, meta: {} }) as RpcMessage<T>;
const at = (minute: number) => new Date(Date.UTC(2026, 10, 28, 12, minute)).toISOString();
const OWNER = accountActor(71);
const OTHER = accountActor(72);
const PERIOD = { from: '2026-01-01', to: '2026-12-31' };

// The reports belong to the account (issue 32): what any member added counts in them, every member
// who may read them sees the same figures, and another account's machine is not found.
describe.each(await testEngines())("an account's reports (%s)", (engine) => {
  let moduleRef: TestingModule;
  let costs: CostEventsController;
  let reports: ReportsService;
  let stop: () => Promise<void>;
  const manager: Actor = memberOf(OWNER, 'manager');

  beforeAll(async () => {
    ({ moduleRef, stop } = await startReportModule(engine, 'wl-report-accounts-'));
    costs = moduleRef.get(CostEventsController);
    reports = moduleRef.get(ReportsService);
    const machines = moduleRef.get(MachineEventsController);
    await machines.saved(msg({ machineId: 9701, accountId: OWNER.accountId, name: 'Skid steer', type: 'Loader', archived: false, at: at(0) }));
    await machines.saved(msg({ machineId: 9702, accountId: OTHER.accountId, name: 'Tractor', type: 'Tractor', archived: false, at: at(0) }));
  });

  afterAll(() => stop?.());

  const service = (recordId: number, machineId: number, priceCents: number) => ({
    recordId,
    machineId,
    serviceDate: '2026-05-04',
    miles: null,
    hours: null,
    priceCents,
    title: 'Hydraulic hose',
    notes: null,
    at: at(recordId),
  });

  it("counts every member's records in the account, and a manager reads the owner's figures", async () => {
    await costs.serviceSaved(msg({ ...service(1, 9701, 12_000), accountId: OWNER.accountId }));
    // An event the previous release wrote (still in an outbox at the upgrade) names the owner's user: the same account.
    await costs.serviceSaved(msg({ ...service(2, 9701, 3_000), userId: OWNER.accountId } as never));
    const owners = await reports.fleet(OWNER, PERIOD);
    expect(owners.totals.total).toBe(150);
    expect(await reports.fleet(manager, PERIOD)).toEqual(owners);
    expect((await reports.history(manager, { ...PERIOD, machineId: 9701 })).lines.map((l) => l.recordId)).toEqual([1, 2]);
  });

  it("dates today in the asker's own zone, and fuel records in the zone of the account's owner of record", async () => {
    await costs.timeZoneChanged(msg({ userId: manager.userId, timeZone: 'Pacific/Kiritimati', at: at(10) }));
    const since = { from: '2026-01-01', machineId: 9701 };
    expect((await reports.history(manager, since)).to).toBe(localDate(new Date(), 'Pacific/Kiritimati'));
    expect((await reports.history(OWNER, since)).to).toBe(localDate(new Date(), 'UTC'));
    // 23:30 UTC on 31 January: January in UTC, February in Paris once the owner says so.
    await costs.fuelSaved(
      msg({
        recordId: 4,
        accountId: OWNER.accountId,
        machineId: 9701,
        date: '2026-01-31',
        currentMileage: null,
        currentHours: null,
        totalPriceCents: 5_000,
        amount: 12,
        notes: null,
        fullTank: true,
        missedPrevious: false,
        purchasedAt: '2026-01-31T23:30:00.000Z',
        at: at(11),
      }),
    );
    const february = { from: '2026-02-01', to: '2026-02-28' };
    expect((await reports.fleet(manager, february)).totals.fuel).toBe(0);
    // The owner's zone event, sent while they act in another account, still re-dates their own account's records.
    await costs.timeZoneChanged(msg({ userId: OWNER.userId, accountId: OTHER.accountId, timeZone: 'Europe/Paris', at: at(12) } as never));
    expect((await reports.fleet(manager, february)).totals.fuel).toBe(50);
  });

  it("answers 404 for another account's machine and leaves its costs out", async () => {
    await costs.serviceSaved(msg({ ...service(3, 9702, 9_900), accountId: OTHER.accountId }));
    await expect(reports.history(manager, { ...PERIOD, machineId: 9702 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(reports.costsReport(manager, { ...PERIOD, machineId: '9702' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await reports.fleet(manager, PERIOD)).rows.map((r) => r.machineId)).toEqual([9701]);
    // An event of the other account about this account's record changes nothing.
    const total = (await reports.fleet(OWNER, PERIOD)).totals.total;
    await costs.serviceSaved(msg({ ...service(1, 9701, 1), at: at(30), accountId: OTHER.accountId }));
    expect((await reports.fleet(OWNER, PERIOD)).totals.total).toBe(total);
  });
});

// The policy (issue 32 step 3): the reports need 'report.read', through the real transport so the
// decorator's refusal is what a caller gets.
describe.each(await testEngines())('who may read reports (%s)', (engine) => {
  let svc: ServiceUnderTest;

  beforeAll(async () => {
    svc = await ServiceUnderTest.start(engine, { name: 'report-policy', env: ReportEnv, module: (env) => AppModule.register(env) });
  }, 60_000);

  afterAll(() => svc?.stop());

  it('asks report.read of every report (the rebuild stays for administrators: rebuild.int-spec.ts)', () => {
    expect(handlerRights(ReportsController)).toEqual({ costs: 'report.read', fleet: 'report.read', fuelEconomy: 'report.read', history: 'report.read' });
  });

  it.each([
    ['operator', 'Your role (operator) cannot see reports'],
    ['mechanic', 'Your role (mechanic) cannot see reports'],
  ] as const)('refuses the %s role with 403 and the reason', async (role, message) => {
    expect(await svc.failure(REPORT_FLEET, PERIOD, memberOf(OWNER, role))).toEqual({ code: 'FORBIDDEN', message });
    expect(await svc.failure(REPORT_COSTS, PERIOD, memberOf(OWNER, role))).toMatchObject({ code: 'FORBIDDEN' });
  });

  it("answers a viewer and a manager the account's report", async () => {
    expect(await svc.send(REPORT_FLEET, PERIOD, memberOf(OWNER, 'viewer'))).toMatchObject({ totals: { total: 0 } });
    expect(await svc.send(REPORT_COSTS, PERIOD, memberOf(OWNER, 'manager'))).toMatchObject({ totals: { total: 0 } });
  });
});
