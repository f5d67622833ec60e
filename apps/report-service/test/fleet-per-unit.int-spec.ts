import type { TestingModule } from '@nestjs/testing';
import { accountActor, type RpcMessage } from '@wrenchlog/contracts';
import { testEngines } from '@wrenchlog/testing';
import { CostEventsController } from '../src/costs/cost-events.controller.js';
import { MachineEventsController } from '../src/machine-events/machine-events.controller.js';
import { ReportsService } from '../src/reports/reports.service.js';
import { ReadingEventsController } from '../src/usage/reading-events.controller.js';
import { startReportModule } from './harness.js';

const msg = <T>(payload: T) => ({ actor: null, payload, meta: {} }) as RpcMessage<T>;
const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 12, minute)).toISOString();
const USER = 61;
const TRUCK = 9301;
const EXCAVATOR = 9302;
const MOWER = 9303;
const LOADER = 9304;
const period = { from: '2026-07-01', to: '2026-09-30' };

// Issues 38 and 36: cost per mile over the machines with miles, per hour over those with hours,
// and kilometres converted to miles before they are added.
describe.each(await testEngines())('fleet cost per unit (%s)', (engine) => {
  let moduleRef: TestingModule;
  let costs: CostEventsController;
  let machines: MachineEventsController;
  let readings: ReadingEventsController;
  let reports: ReportsService;
  let stop: () => Promise<void>;
  const actor = accountActor(USER);
  let readingId = 0;
  let recordId = 0;

  const machine = (machineId: number, name: string, type: string) =>
    machines.saved(msg({ machineId, accountId: USER, name, type, archived: false, at: at(0) }));
  const readingOf = (machineId: number, kind: 'distance' | 'hours', unit: 'mi' | 'km' | 'h', lifetimeValue: number, date: string) =>
    readings.readingChanged(
      msg({
        readingId: ++readingId,
        meterId: machineId * 10 + (kind === 'distance' ? 1 : 2),
        machineId,
        accountId: USER,
        kind,
        unit,
        lifetimeValue,
        date,
        live: true,
        at: at(1),
      }),
    );
  const service = (machineId: number, serviceDate: string, priceCents: number) =>
    costs.serviceSaved(
      msg({ recordId: ++recordId, accountId: USER, machineId, serviceDate, miles: null, hours: null, priceCents, title: 'Service', notes: null, at: at(1) }),
    );

  beforeAll(async () => {
    ({ moduleRef, stop } = await startReportModule(engine, 'wl-report-per-unit-'));
    costs = moduleRef.get(CostEventsController);
    machines = moduleRef.get(MachineEventsController);
    readings = moduleRef.get(ReadingEventsController);
    reports = moduleRef.get(ReportsService);
    await machine(TRUCK, 'Truck', 'Pickup');
    await machine(EXCAVATOR, 'Excavator', 'Excavator');
    await machine(MOWER, 'Mower', 'Mower');
    // Truck: 590.14 over 2,090 mi; excavator and mower: 1,024.40 over 139.5 h.
    await readingOf(TRUCK, 'distance', 'mi', 45_210, '2026-07-02');
    await readingOf(TRUCK, 'distance', 'mi', 47_300, '2026-09-20');
    await service(TRUCK, '2026-08-10', 59_014);
    await readingOf(EXCAVATOR, 'hours', 'h', 2_450, '2026-07-05');
    await readingOf(EXCAVATOR, 'hours', 'h', 2_570, '2026-09-25');
    await service(EXCAVATOR, '2026-08-01', 89_940);
    await readingOf(MOWER, 'hours', 'h', 300, '2026-07-05');
    await readingOf(MOWER, 'hours', 'h', 319.5, '2026-09-25');
    await service(MOWER, '2026-08-15', 12_500);
  });

  afterAll(() => stop?.());

  it('divides the truck’s costs by its miles and the excavator’s and mower’s by their hours: 0.28 / mi and 7.34 / h, not 0.77 and 11.57', async () => {
    const fleet = await reports.fleet(actor, period);
    expect(fleet.totals).toMatchObject({
      total: 1614.54,
      distance: 2090,
      distanceUnit: 'mi',
      hours: 139.5,
      costPerDistance: 0.28,
      costPerHour: 7.34,
      covers: { distance: ['Truck'], hours: ['Excavator', 'Mower'] },
    });
    expect(fleet.rows.find((r) => r.machineId === TRUCK)).toMatchObject({ distance: 2090, distanceUnit: 'mi', costPerDistance: 0.28 });
    const costs = await reports.costsReport(actor, period);
    expect(costs).toMatchObject({
      usage: { distance: 2090, hours: 139.5, distanceUnit: 'mi' },
      costPerDistance: 0.28,
      costPerHour: 7.34,
      covers: { distance: ['Truck'], hours: ['Excavator', 'Mower'] },
    });
  });

  it('gives each row its own unit and adds a km machine’s distance in miles: 2,090 mi + 1,000 km = 2,711.4 mi', async () => {
    await machine(LOADER, 'Loader', 'Loader');
    await readingOf(LOADER, 'distance', 'km', 10_000, '2026-07-03');
    await readingOf(LOADER, 'distance', 'km', 11_000, '2026-09-03');
    const fleet = await reports.fleet(actor, period);
    expect(fleet.rows.find((r) => r.machineId === LOADER)).toMatchObject({ distance: 1000, distanceUnit: 'km' });
    expect(fleet.totals).toMatchObject({ distance: 2711.4, distanceUnit: 'mi', costPerDistance: 0.22, covers: { distance: ['Truck', 'Loader'] } });
  });
});
