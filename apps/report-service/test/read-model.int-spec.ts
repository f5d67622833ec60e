import type { TestingModule } from '@nestjs/testing';
import { accountActor, type RpcMessage } from '@wrenchlog/contracts';
import { testEngines } from '@wrenchlog/testing';
import { DataSource } from 'typeorm';
import { CostEventsController } from '../src/costs/cost-events.controller.js';
import { CostsRepository } from '../src/costs/costs.repository.js';
import { MachineEventsController } from '../src/machine-events/machine-events.controller.js';
import { ReportsService } from '../src/reports/reports.service.js';
import { ReadingEventsController } from '../src/usage/reading-events.controller.js';
import { ReadModelVersions } from '../src/versions/read-model-versions.js';
import { startReportModule } from './harness.js';

const msg = <T>(payload: T) => ({ actor: null, payload, meta: {} }) as RpcMessage<T>;
const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 12, minute)).toISOString();
const USER = 41;
const MACHINE = 9100;
const Q1 = ['2026-01', '2026-02', '2026-03'];

// The read model on its real module and migrations (SQLite, and PostgreSQL when the local server
// answers): events applied straight to the consumers' handlers (which raise the user's read-model version), as a broker that re-delivers and reorders would.
describe.each(await testEngines())('the reports read model (%s)', (engine) => {
  let moduleRef: TestingModule;
  let costs: CostEventsController;
  let machines: MachineEventsController;
  let repo: CostsRepository;
  let readings: ReadingEventsController;
  let reports: ReportsService;
  let stop: () => Promise<void>;

  /** A's monthly service totals in cents: {month: cents}. */
  const serviceByMonth = async (machineKeys: number[] | null = null) =>
    Object.fromEntries((await repo.monthly(USER, Q1, machineKeys)).filter((c) => c.category === 'service').map((c) => [c.month, c.cents]));

  beforeAll(async () => {
    ({ moduleRef, stop } = await startReportModule(engine, 'wl-report-int-'));
    costs = moduleRef.get(CostEventsController);
    machines = moduleRef.get(MachineEventsController);
    repo = moduleRef.get(CostsRepository);
    readings = moduleRef.get(ReadingEventsController);
    reports = moduleRef.get(ReportsService);
  });

  afterAll(() => stop?.());

  const saved = (recordId: number, serviceDate: string, priceCents: number, minute: number) =>
    costs.serviceSaved(
      msg({
        recordId,
        accountId: USER,
        machineId: MACHINE,
        serviceDate,
        miles: null,
        hours: null,
        priceCents,
        title: 'Oil change',
        notes: null,
        at: at(minute),
      }),
    );

  it('counts a re-delivered event once and ignores one older than the state it has', async () => {
    await saved(1, '2026-01-10', 12_000, 1);
    await saved(1, '2026-01-10', 12_000, 1);
    expect(await serviceByMonth()).toEqual({ '2026-01': 12_000 });
    // The edit (minute 3) arrives before an older save (minute 2): the older one changes nothing.
    await saved(1, '2026-02-05', 15_000, 3);
    await saved(1, '2026-03-01', 99_900, 2);
    expect(await serviceByMonth()).toEqual({ '2026-02': 15_000 });
  });

  it('takes a deleted record out for good, even when its last save arrives after the delete', async () => {
    await saved(2, '2026-03-03', 5_000, 1);
    await costs.serviceDeleted(msg({ recordId: 2, accountId: USER, machineId: MACHINE, at: at(5) }));
    await saved(2, '2026-03-03', 5_000, 4);
    await costs.serviceDeleted(msg({ recordId: 3, accountId: USER, machineId: MACHINE, at: at(5) }));
    await saved(3, '2026-03-09', 7_000, 4);
    expect(await serviceByMonth()).toEqual({ '2026-02': 15_000 });
  });

  it("never counts another user's event for a record it knows, and drops a deleted machine's costs", async () => {
    await costs.serviceSaved(
      msg({ recordId: 1, accountId: USER + 1, machineId: MACHINE, serviceDate: '2026-01-01', miles: null, hours: null, priceCents: 1, title: 'x', at: at(9) }),
    );
    expect(await serviceByMonth()).toEqual({ '2026-02': 15_000 });
    await machines.deleted(msg({ machineId: MACHINE, accountId: USER }));
    expect(await serviceByMonth()).toEqual({});
    await saved(1, '2026-02-05', 15_000, 10);
    expect(await serviceByMonth()).toEqual({});
  });

  describe('usage and fuel economy in the read model (the fleet report in one hop)', () => {
    const LOADER = 9200;
    const actor = accountActor(USER);
    const reading = (readingId: number, kind: 'distance' | 'hours', lifetimeValue: number, date: string, live: boolean, minute: number, accountId = USER) =>
      readings.readingChanged(
        msg({
          readingId,
          meterId: kind === 'distance' ? 501 : 502,
          machineId: LOADER,
          accountId,
          kind,
          unit: kind === 'distance' ? 'mi' : 'h',
          lifetimeValue,
          date,
          live,
          at: at(minute),
        }),
      );
    const fuel = (recordId: number, date: string, currentMileage: number, amount: number, fullTank: boolean, minute: number) =>
      costs.fuelSaved(
        msg({
          recordId,
          accountId: USER,
          machineId: LOADER,
          date,
          currentMileage,
          currentHours: null,
          totalPriceCents: 4_000,
          amount,
          notes: null,
          fullTank,
          missedPrevious: false,
          purchasedAt: `${date}T08:00:00.000Z`,
          at: at(minute),
        }),
      );
    const loaderRow = async () => (await reports.fleet(actor, { from: '2026-01-01', to: '2026-03-31' })).rows.find((r) => r.machineId === LOADER)!;

    beforeAll(async () => {
      await machines.saved(msg({ machineId: LOADER, accountId: USER, name: 'Loader', type: 'Loader', archived: false, at: at(0) }));
      await reading(1, 'distance', 1000, '2026-01-05', true, 1);
      await reading(2, 'distance', 1400, '2026-03-01', true, 1);
      await reading(3, 'distance', 1900, '2026-03-02', true, 1);
      await reading(4, 'hours', 50, '2026-01-05', true, 1);
      await reading(5, 'hours', 62.5, '2026-03-20', true, 1);
      await reading(6, 'distance', 1200, '2025-12-30', true, 1); // before the period
      await fuel(71, '2026-01-05', 1000, 10, true, 1);
      await fuel(72, '2026-02-10', 1200, 5, false, 1);
      await fuel(73, '2026-03-01', 1400, 11, true, 1); // 400 mi / 16 gal = 25.0 MPG
    });

    it('answers usage and full-to-full economy from the events: 900 mi, 12.5 h, 25 MPG, cost per unit', async () => {
      expect(await loaderRow()).toMatchObject({
        distance: 900,
        hours: 12.5,
        fuelEconomy: 25,
        economyUnit: 'mpg',
        total: 120,
        costPerDistance: 0.13,
        costPerHour: 9.6,
      });
    });

    it("sums a period's partial months by the records' own dates, for the whole fleet and for a type", async () => {
      // 10 January to 1 March: nothing from 10 January on in January, February whole ($40), 1 March ($40).
      const period = { from: '2026-01-10', to: '2026-03-01' };
      const row = (r: { rows: { machineId: number | null }[] }) => r.rows.find((x) => x.machineId === LOADER);
      const money = { fuel: 80, service: 0, parts: 0, total: 80 };
      expect(row(await reports.fleet(actor, period))).toMatchObject(money);
      expect(row(await reports.fleet(actor, { ...period, type: 'loader' }))).toMatchObject(money);
      expect((await reports.costsReport(actor, { ...period, machineId: LOADER })).totals).toEqual(money);
    });

    it('leaves out a voided reading, and an older re-delivered event does not bring it back', async () => {
      await reading(3, 'distance', 1900, '2026-03-02', false, 5);
      await reading(3, 'distance', 1900, '2026-03-02', true, 2);
      expect(await loaderRow()).toMatchObject({ distance: 400 });
    });

    it("ignores another user's reading of the machine, and answers L/100 km once the meter is in km", async () => {
      await reading(8, 'distance', 99_999, '2026-02-01', true, 6, USER + 1);
      await readings.metersChanged(msg({ machineId: LOADER, accountId: USER, miles: 1400, hours: 62.5, distanceUnit: 'km', at: at(7) }));
      expect(await loaderRow()).toMatchObject({ distance: 400, fuelEconomy: 4, economyUnit: 'L/100km' });
    });

    it("takes a deleted machine's readings out", async () => {
      await machines.deleted(msg({ machineId: LOADER, accountId: USER }));
      await reading(9, 'distance', 5000, '2026-03-05', true, 9);
      expect((await reports.fleet(actor, { from: '2026-01-01', to: '2026-03-31' })).rows.find((r) => r.machineId === LOADER)).toBeUndefined();
      expect(await reports.fuelEconomy(actor, { from: '2026-01-01', to: '2026-03-31' })).toEqual([]);
    });
  });

  describe('fills of one instant (an imported day without times)', () => {
    const CIVIC = 9250;
    const actor = accountActor(USER);
    const fill = (recordId: number, date: string, currentMileage: number, amount: number) =>
      costs.fuelSaved(
        msg({
          recordId,
          accountId: USER,
          machineId: CIVIC,
          date,
          currentMileage,
          currentHours: null,
          totalPriceCents: 4_000,
          amount,
          notes: null,
          fullTank: true,
          missedPrevious: false,
          purchasedAt: `${date}T12:00:00.000Z`,
          at: at(1),
        }),
      );

    it('are taken by their odometer, whatever their ids: 25 MPG each, not 46.4 and 54.2', async () => {
      await machines.saved(msg({ machineId: CIVIC, accountId: USER, name: 'Civic', type: 'Car', archived: false, at: at(0) }));
      await fill(181, '2026-07-01', 44_500, 10);
      // Written newest first: the higher odometer of 07-14 has the lower id.
      await fill(182, '2026-07-14', 45_150, 14);
      await fill(183, '2026-07-14', 44_800, 12);
      await fill(184, '2026-07-20', 45_450, 12);
      const points = await reports.fuelEconomy(actor, { from: '2026-07-01', to: '2026-07-31', machineId: CIVIC });
      expect(points.map((p) => [p.fuelRecordId, p.economy])).toEqual([
        [183, 25],
        [182, 25],
        [184, 25],
      ]);
      // Each point's segment (issue 38): summed, they are the fleet table's distance over fuel.
      expect(points.map((p) => [p.distance, p.fuel])).toEqual([
        [300, 12],
        [350, 14],
        [300, 12],
      ]);
    });
  });

  describe("the account's time zone", () => {
    const VAN = 9300;
    const ZONED = USER + 5;
    const fuelByMonth = async () =>
      Object.fromEntries((await repo.monthly(ZONED, ['2026-02', '2026-03'], null)).filter((c) => c.category === 'fuel').map((c) => [c.month, c.cents]));
    const fuelAt = (recordId: number, purchasedAt: string, minute: number) =>
      costs.fuelSaved(
        msg({
          recordId,
          accountId: ZONED,
          machineId: VAN,
          date: purchasedAt.slice(0, 10),
          currentMileage: null,
          currentHours: null,
          totalPriceCents: 5_000,
          amount: 12,
          notes: null,
          fullTank: true,
          missedPrevious: false,
          purchasedAt,
          at: at(minute),
        }),
      );
    const zone = (timeZone: string, minute: number) => costs.timeZoneChanged(msg({ userId: ZONED, timeZone, at: at(minute) }));

    it('counts a fuel record bought at 00:30 on 1 March in Paris in March, once the zone is known, and moves it back with the zone', async () => {
      await machines.saved(msg({ machineId: VAN, accountId: ZONED, name: 'Van', type: 'Van', archived: false, at: at(0) }));
      await fuelAt(81, '2026-02-28T23:30:00.000Z', 1); // UTC until the zone is heard of
      expect(await fuelByMonth()).toEqual({ '2026-02': 5_000 });
      await zone('Europe/Paris', 2);
      expect(await fuelByMonth()).toEqual({ '2026-03': 5_000 });
      await fuelAt(82, '2026-02-28T22:59:00.000Z', 3); // 23:59 on 28 Feb in Paris
      expect(await fuelByMonth()).toEqual({ '2026-02': 5_000, '2026-03': 5_000 });
      // An older zone event arriving late changes nothing; a newer one moves both back to UTC days.
      await zone('America/New_York', 1);
      expect(await fuelByMonth()).toEqual({ '2026-02': 5_000, '2026-03': 5_000 });
      await zone('UTC', 4);
      expect(await fuelByMonth()).toEqual({ '2026-02': 10_000 });
      expect((await repo.records('fuel', [81, 82])).map((r) => r.recordDate)).toEqual(['2026-02-28', '2026-02-28']);
    });

    it('ignores a zone that is not an IANA time zone', async () => {
      await zone('Mars/Olympus', 9);
      expect(await fuelByMonth()).toEqual({ '2026-02': 10_000 });
    });
  });

  describe('fuel records and readings in batches (an import)', () => {
    const TRUCK = 9400;
    const BATCHED = USER + 7;
    const FAILING = 777_002;
    const fuelByMonth = async () =>
      Object.fromEntries((await repo.monthly(BATCHED, Q1, null)).filter((c) => c.category === 'fuel').map((c) => [c.month, c.cents]));
    const fact = (recordId: number, date: string, totalPriceCents: number, minute: number) =>
      msg({
        recordId,
        accountId: BATCHED,
        machineId: TRUCK,
        date,
        currentMileage: null,
        currentHours: null,
        totalPriceCents,
        amount: 10,
        notes: null,
        fullTank: true,
        missedPrevious: false,
        at: at(minute),
      });
    const batch = (...events: ReturnType<typeof fact>[]) => costs.fuelSavedBatch(msg({ events }));

    beforeAll(async () => {
      await machines.saved(msg({ machineId: TRUCK, accountId: BATCHED, name: 'Truck', type: 'Truck', archived: false, at: at(0) }));
    });

    it('applies a batch in order: a duplicate counts once, a later edit moves the amount, an older event changes nothing', async () => {
      const events = [
        fact(91, '2026-01-10', 4_000, 1),
        fact(91, '2026-01-10', 4_000, 1), // delivered twice
        fact(92, '2026-01-20', 3_000, 1),
        fact(91, '2026-02-01', 4_500, 3), // an edit of 91 in the same batch
        fact(92, '2026-03-01', 9_900, 0), // older than 92's state
      ];
      const before = await moduleRef.get(ReadModelVersions).of(BATCHED);
      await batch(...events);
      expect(await fuelByMonth()).toEqual({ '2026-01': 3_000, '2026-02': 4_500 });
      expect(await moduleRef.get(ReadModelVersions).of(BATCHED)).toBeGreaterThan(before);
      // The whole batch delivered again (at least once): nothing moves.
      await batch(...events);
      expect(await fuelByMonth()).toEqual({ '2026-01': 3_000, '2026-02': 4_500 });
      expect((await repo.records('fuel', [91, 92])).map((r) => [r.recordId, r.recordDate, r.amountCents]).sort()).toEqual([
        [91, '2026-02-01', 4_500],
        [92, '2026-01-20', 3_000],
      ]);
    });

    it('applies a batch of readings in order: a duplicate once, an older state of a reading changes nothing', async () => {
      const r = (readingId: number, lifetimeValue: number, date: string, live: boolean, minute: number) =>
        msg({
          readingId,
          meterId: 601,
          machineId: TRUCK,
          accountId: BATCHED,
          kind: 'distance' as const,
          unit: 'mi' as const,
          lifetimeValue,
          date,
          live,
          at: at(minute),
        });
      await readings.readingChangedBatch(
        msg({
          events: [
            r(11, 1000, '2026-01-05', true, 1),
            r(12, 1300, '2026-02-05', true, 1),
            r(11, 1000, '2026-01-05', true, 1),
            r(13, 1800, '2026-03-05', true, 2),
            r(13, 1800, '2026-03-05', false, 3), // voided
            r(13, 1800, '2026-03-05', true, 2), // its older state, late
          ],
        }),
      );
      const truck = (await reports.fleet(accountActor(BATCHED), { from: '2026-01-01', to: '2026-03-31' })).rows.find((row) => row.machineId === TRUCK);
      expect(truck).toMatchObject({ distance: 300 });
    });

    it('applies nothing of a batch whose transaction fails, and all of it when the batch comes again', async () => {
      const dataSource = moduleRef.get(DataSource);
      // A real failure inside the transaction, after the totals moved: the database refuses the write of one record's row.
      if (engine === 'postgres') {
        await dataSource.query(
          `CREATE FUNCTION refuse_777002() RETURNS trigger AS $$ BEGIN IF NEW.record_id = ${FAILING} THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`,
        );
        await dataSource.query('CREATE TRIGGER refuse_777002 BEFORE UPDATE ON report_records FOR EACH ROW EXECUTE FUNCTION refuse_777002()');
      } else {
        await dataSource.query(
          `CREATE TRIGGER refuse_777002 BEFORE UPDATE ON report_records WHEN NEW.record_id = ${FAILING} BEGIN SELECT RAISE(ABORT, 'refused'); END`,
        );
      }
      const events = [fact(93, '2026-03-05', 1_000, 5), fact(FAILING, '2026-03-06', 2_000, 5), fact(91, '2026-03-07', 700, 6)];
      await expect(batch(...events)).rejects.toThrow();
      expect(await fuelByMonth()).toEqual({ '2026-01': 3_000, '2026-02': 4_500 });
      expect(await repo.records('fuel', [93, FAILING])).toEqual([]);

      await dataSource.query('DROP TRIGGER refuse_777002' + (engine === 'postgres' ? ' ON report_records' : ''));
      await batch(...events);
      expect(await fuelByMonth()).toEqual({ '2026-01': 3_000, '2026-03': 3_700 });
    });
  });
});
