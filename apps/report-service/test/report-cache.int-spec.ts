import type { TestingModule } from '@nestjs/testing';
import { accountActor, type RpcMessage, type ServiceRecordSavedEvent } from '@wrenchlog/contracts';
import { testEngines } from '@wrenchlog/testing';
import { DataSource } from 'typeorm';
import { CostEventsController } from '../src/costs/cost-events.controller.js';
import { MachineEventsController } from '../src/machine-events/machine-events.controller.js';
import { ReportsService } from '../src/reports/reports.service.js';
import { startReportModule } from './harness.js';

const msg = <T>(payload: T) => ({ actor: null, payload, meta: {} }) as RpcMessage<T>;
const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 12, minute)).toISOString();
const OWNER = accountActor(61);
const OTHER = accountActor(62);
const PERIOD = { from: '2026-01-01', to: '2026-12-31' };

// The computed reports kept per user and read-model version: events through the consumers (as the
// transport delivers them) retire them; rows changed behind the consumers' back do not.
describe.each(await testEngines())('cached reports (%s)', (engine) => {
  let moduleRef: TestingModule;
  let costs: CostEventsController;
  let reports: ReportsService;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ moduleRef, stop } = await startReportModule(engine, 'wl-report-cache-'));
    costs = moduleRef.get(CostEventsController);
    reports = moduleRef.get(ReportsService);
    const machines = moduleRef.get(MachineEventsController);
    for (const [machineId, user] of [
      [9501, OWNER],
      [9502, OTHER],
    ] as const) {
      await machines.saved(msg({ machineId, accountId: user.accountId, name: `Loader ${machineId}`, type: 'Loader', archived: false, at: at(0) }));
    }
  });

  afterAll(() => stop?.());

  const service = (recordId: number, accountId: number, machineId: number, priceCents: number, minute: number): ServiceRecordSavedEvent => ({
    recordId,
    accountId,
    machineId,
    serviceDate: '2026-03-10',
    miles: null,
    hours: null,
    priceCents,
    title: 'Bucket pins',
    notes: null,
    at: at(minute),
  });

  it("answers a report again until an event of the user's arrives, and another user's event leaves it", async () => {
    await costs.serviceSaved(msg(service(1, OWNER.accountId, 9501, 10_000, 1)));
    expect((await reports.fleet(OWNER, PERIOD)).totals.total).toBe(100);
    // A row changed without an event (no version raised): the cached report stands.
    await moduleRef.get(DataSource).query('UPDATE report_monthly SET amount_cents = 1 WHERE account_id = ' + OWNER.accountId);
    expect((await reports.fleet(OWNER, PERIOD)).totals.total).toBe(100);
    // Another user's event raises only that user's version.
    await costs.serviceSaved(msg(service(2, OTHER.accountId, 9502, 5_000, 2)));
    expect((await reports.fleet(OWNER, PERIOD)).totals.total).toBe(100);
    expect((await reports.fleet(OTHER, PERIOD)).totals.total).toBe(50);
    // The owner's next event: the report is read from the rows again (the altered cent, plus 250.00).
    await costs.serviceSaved(msg(service(3, OWNER.accountId, 9501, 25_000, 3)));
    expect((await reports.fleet(OWNER, PERIOD)).totals.total).toBe(250.01);
  });

  it('keys the cache by the question: another period or type is its own report', async () => {
    expect((await reports.fleet(OWNER, { from: '2026-04-01', to: '2026-12-31' })).totals.total).toBe(0);
    expect((await reports.costsReport(OWNER, { ...PERIOD, type: 'Loader' })).totals.total).toBe(250.01);
  });
});
