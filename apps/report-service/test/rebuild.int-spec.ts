import type { TestingModule } from '@nestjs/testing';
import {
  accountActor,
  EXPORT_AT,
  FUEL_COST_EXPORT,
  MACHINE_EXPORT,
  NOTIFICATION_TIME_ZONE_EXPORT,
  type Actor,
  type ExportPage,
  type FuelRecordSavedEvent,
  type MachineSavedEvent,
  type NotificationTimeZoneChangedEvent,
} from '@wrenchlog/contracts';
import { handlerCallers, RpcClient } from '@wrenchlog/platform';
import { expectEventually, testEngines } from '@wrenchlog/testing';
import { CostsRepository } from '../src/costs/costs.repository.js';
import { RebuildController } from '../src/rebuild/rebuild.controller.js';
import { RebuildService } from '../src/rebuild/rebuild.service.js';
import { startReportModule } from './harness.js';

const ADMIN: Actor = { ...accountActor(1), adminLevel: 1 };
const OWNER = 77;
const VAN = 9400;

const machine: MachineSavedEvent = { machineId: VAN, accountId: OWNER, name: 'Van', type: 'Van', archived: false, at: EXPORT_AT };
// 12:30 UTC on 31 January is 01:30 on 1 February in Auckland (UTC+13 in its summer).
const fill: FuelRecordSavedEvent = {
  recordId: 501,
  accountId: OWNER,
  machineId: VAN,
  date: '2026-01-31',
  currentMileage: null,
  currentHours: null,
  totalPriceCents: 6_000,
  amount: 15,
  notes: null,
  fullTank: true,
  missedPrevious: false,
  purchasedAt: '2026-01-31T12:30:00.000Z',
  at: EXPORT_AT,
};
const zone: NotificationTimeZoneChangedEvent = { userId: OWNER, timeZone: 'Pacific/Auckland', at: EXPORT_AT };

/** The owners' export pages (other services, outside this test): one page each, the rest empty. */
class OwnerPages {
  readonly asked: string[] = [];
  async send(pattern: string, payload: { afterId: number }): Promise<ExportPage<unknown>> {
    this.asked.push(pattern);
    const items =
      payload.afterId > 0
        ? []
        : pattern === NOTIFICATION_TIME_ZONE_EXPORT
          ? [zone]
          : pattern === MACHINE_EXPORT
            ? [machine]
            : pattern === FUEL_COST_EXPORT
              ? [fill]
              : [];
    return { items, nextAfterId: null };
  }
}

// The rebuild into an empty read model (a lost or new report-service database): the owners' zones
// come back with the records, so a record near midnight stays in its owner's local month.
describe.each(await testEngines())("the read model's rebuild (%s)", (engine) => {
  let moduleRef: TestingModule;
  let repo: CostsRepository;
  let rebuild: RebuildService;
  const owners = new OwnerPages();
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ moduleRef, stop } = await startReportModule(engine, 'wl-report-rebuild-', (builder) => builder.overrideProvider(RpcClient).useValue(owners)));
    repo = moduleRef.get(CostsRepository);
    rebuild = moduleRef.get(RebuildService);
  });

  afterAll(() => stop?.());

  it("restores each user's time zone before the records, so a fill at 01:30 on 1 February in Auckland counts in February", async () => {
    expect(rebuild.start(ADMIN).started).toBe(true);
    await expectEventually(() => expect(rebuild.status().last?.finishedAt).not.toBeNull());
    expect(rebuild.status().last).toMatchObject({ error: null, records: 1 });
    expect(owners.asked[0]).toBe(NOTIFICATION_TIME_ZONE_EXPORT);
    const fuel = (await repo.monthly(OWNER, ['2026-01', '2026-02'], null)).filter((c) => c.category === 'fuel');
    expect(fuel.map((c) => [c.month, c.cents])).toEqual([['2026-02', 6_000]]);
    expect((await repo.records('fuel', [501])).map((r) => r.recordDate)).toEqual(['2026-02-01']);
  });

  it('takes a rebuild and its status from administrators only (@AdminCaller on both handlers)', () => {
    expect(handlerCallers(RebuildController)).toEqual({ start: 'admin', status: 'admin' });
  });
});
