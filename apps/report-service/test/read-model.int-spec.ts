import { Test, type TestingModule } from '@nestjs/testing';
import type { RpcMessage } from '@wrenchlog/contracts';
import { loadEnv } from '@wrenchlog/platform';
import { privateDatabaseBase, testEngines } from '@wrenchlog/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppModule } from '../src/app.module.js';
import { ReportEnv } from '../src/config/report-env.js';
import { CostEventsService } from '../src/costs/cost-events.service.js';
import { CostsRepository } from '../src/costs/costs.repository.js';
import { MachineEventsService } from '../src/machine-events/machine-events.service.js';

const msg = <T>(payload: T) => ({ actor: null, payload, meta: {} }) as RpcMessage<T>;
const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 12, minute)).toISOString();
const USER = 41;
const MACHINE = 9100;
const Q1 = ['2026-01', '2026-02', '2026-03'];

// The read model on its real module and migrations (SQLite, and PostgreSQL when the local server
// answers): events applied straight to the consumers, as a broker that re-delivers and reorders would.
describe.each(await testEngines())('the reports read model (%s)', (engine) => {
  let moduleRef: TestingModule;
  let costs: CostEventsService;
  let machines: MachineEventsService;
  let repo: CostsRepository;
  let cleanup: () => Promise<void>;

  /** A's monthly service totals in cents: {month: cents}. */
  const serviceByMonth = async (machineKeys: number[] | null = null) =>
    Object.fromEntries((await repo.monthly(USER, Q1, machineKeys)).filter((c) => c.category === 'service').map((c) => [c.month, c.cents]));

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wl-report-int-'));
    const databases = engine === 'postgres' ? privateDatabaseBase() : undefined;
    const env = loadEnv(ReportEnv, { DATA_DIR: dataDir, LOG_LEVEL: 'error', ...(databases ? { DATABASE_URL: databases.url } : {}) });
    moduleRef = await Test.createTestingModule({ imports: [AppModule.register(env)] }).compile();
    await moduleRef.init();
    costs = moduleRef.get(CostEventsService);
    machines = moduleRef.get(MachineEventsService);
    repo = moduleRef.get(CostsRepository);
    cleanup = async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await databases?.drop();
    };
  });

  afterAll(async () => {
    await moduleRef?.close();
    await cleanup?.();
  });

  const saved = (recordId: number, serviceDate: string, priceCents: number, minute: number) =>
    costs.onServiceSaved(msg({ recordId, userId: USER, machineId: MACHINE, serviceDate, miles: null, hours: null, priceCents, title: 'Oil change', notes: null, at: at(minute) }));

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
    await costs.onServiceDeleted(msg({ recordId: 2, userId: USER, machineId: MACHINE, at: at(5) }));
    await saved(2, '2026-03-03', 5_000, 4);
    await costs.onServiceDeleted(msg({ recordId: 3, userId: USER, machineId: MACHINE, at: at(5) }));
    await saved(3, '2026-03-09', 7_000, 4);
    expect(await serviceByMonth()).toEqual({ '2026-02': 15_000 });
  });

  it("never counts another user's event for a record it knows, and drops a deleted machine's costs", async () => {
    await costs.onServiceSaved(msg({ recordId: 1, userId: USER + 1, machineId: MACHINE, serviceDate: '2026-01-01', miles: null, hours: null, priceCents: 1, title: 'x', at: at(9) }));
    expect(await serviceByMonth()).toEqual({ '2026-02': 15_000 });
    await machines.onDeleted(msg({ machineId: MACHINE, userId: USER }));
    expect(await serviceByMonth()).toEqual({});
    await saved(1, '2026-02-05', 15_000, 10);
    expect(await serviceByMonth()).toEqual({});
  });
});
