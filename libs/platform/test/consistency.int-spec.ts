import { ErrorCode, MACHINE_DELETED, MACHINE_SAVED, type ServiceName } from '@wrenchlog/contracts';
import type { DataSource, Logger as TypeOrmLogger } from 'typeorm';
import { AppliedLog } from '../src/consistency/applied-log.js';
import { AppliedPosition } from '../src/consistency/applied-position.entity.js';
import { CreateAppliedPositions1767000000000 } from '../src/consistency/create-applied-positions.migration.js';
import { inCausedScope, rememberServiceOf, type CausedScope } from '../src/consistency/lanes.js';
import { DomainError } from '../src/errors/domain-error.js';
import { httpStatusFor } from '../src/errors/http-status.js';
import { OutboxEvent } from '../src/outbox/outbox-event.entity.js';
import { OUTBOX_MIGRATIONS } from '../src/outbox/outbox.module.js';
import { Outbox } from '../src/outbox/outbox.js';
import type { CallContext, EventBus } from '../src/rpc/rpc-client.js';
import { engines, type OpenDatabase } from './engines.js';

/** The transport boundary: what each subscriber was sent, with the position the delivery carried. */
class RecordingBus {
  sent: { service: ServiceName; event: string; position: CallContext['position'] }[] = [];

  async publishTo(service: ServiceName, event: string, _payload: unknown, ctx: CallContext): Promise<void> {
    this.sent.push({ service, event, position: ctx.position });
  }
}

/** Counts the statements a DataSource runs (TypeORM calls its logger for every one). */
function countQueries(dataSource: DataSource): { count: number } {
  const counter = { count: 0 };
  const quiet = () => undefined;
  (dataSource as { logger: TypeOrmLogger }).logger = {
    logQuery: () => void counter.count++,
    logQueryError: quiet,
    logQuerySlow: quiet,
    logSchemaBuild: quiet,
    logMigration: quiet,
    log: quiet,
  };
  return counter;
}

function suite(label: string, open: () => Promise<OpenDatabase>): void {
  describe(`read your writes on ${label}`, () => {
    let dataSource: DataSource;
    let close: () => Promise<void>;
    const logs: AppliedLog[] = [];
    const appliedLog = () => {
      const log = new AppliedLog('schedule-service', dataSource);
      logs.push(log);
      return log;
    };

    beforeAll(async () => {
      ({ dataSource, close } = await open());
      rememberServiceOf(dataSource, 'machine-service');
    });

    afterAll(async () => {
      logs.forEach((log) => log.close());
      await close();
    });

    beforeEach(async () => {
      await dataSource.getRepository(OutboxEvent).clear();
      await dataSource.getRepository(AppliedPosition).clear();
    });

    describe(Outbox.name, () => {
      it('tells the request that enqueued events the outbox row of each subscriber, and each delivery carries its rows', async () => {
        const bus = new RecordingBus();
        const outbox = new Outbox(dataSource, bus as unknown as EventBus);
        const scope: CausedScope = { caused: {} };
        await inCausedScope(scope, () => dataSource.transaction((m) => outbox.enqueue(m, MACHINE_DELETED, { machineId: 4, accountId: 1 }, { actor: null })));
        const rows = await dataSource.getRepository(OutboxEvent).find({ order: { id: 'ASC' } });
        expect(scope.caused).toEqual(Object.fromEntries(rows.map((r) => [`machine-service>${r.target}`, r.id])));

        await outbox.drainNow();
        await outbox.onApplicationShutdown();
        expect(bus.sent).toHaveLength(rows.length);
        for (const row of rows) {
          expect(bus.sent.find((s) => s.service === row.target)?.position).toEqual({ source: 'machine-service', first: row.id, last: row.id });
        }
      });

      it("tells the subscriber's newest rows after enqueueMany", async () => {
        const outbox = new Outbox(dataSource, new RecordingBus() as unknown as EventBus);
        const saved = (machineId: number) => ({ machineId, accountId: 1, name: `M${machineId}`, at: '2026-01-01T00:00:00.000Z' });
        await dataSource.transaction((m) => outbox.enqueue(m, MACHINE_SAVED, saved(1), { actor: null }));
        const scope: CausedScope = { caused: {} };
        await inCausedScope(scope, () => dataSource.transaction((m) => outbox.enqueueMany(m, MACHINE_SAVED, [saved(2), saved(3)], { actor: null })));
        const newest = await dataSource.getRepository(OutboxEvent).findOne({ where: { target: 'schedule-service' }, order: { id: 'DESC' } });
        expect(scope.caused['machine-service>schedule-service']).toBe(newest!.id);
        await outbox.onApplicationShutdown();
      });
    });

    describe(AppliedLog.name, () => {
      it('lets a read through without a statement when its positions are applied here already', async () => {
        const log = appliedLog();
        await log.record('machine-service', 10, 12, {});
        const queries = countQueries(dataSource);
        await expect(log.waitFor({ 'machine-service': 11 }, 1000)).resolves.toBeUndefined();
        expect(queries.count).toBe(0);
      });

      it('waits for a position until this replica applies it, without blocking the event loop', async () => {
        const log = appliedLog();
        let ticks = 0;
        const ticker = setInterval(() => ticks++, 5);
        const started = Date.now();
        setTimeout(() => void log.record('machine-service', 20, 20, { 'schedule-service>notification-service': 7 }), 150);
        await log.waitFor({ 'machine-service': 20 }, 3000);
        clearInterval(ticker);
        expect(Date.now() - started).toBeGreaterThanOrEqual(140);
        expect(Date.now() - started).toBeLessThan(1500);
        expect(ticks).toBeGreaterThan(5);
        expect(await log.causedBy('machine-service', 20, 0)).toEqual({ applied: true, caused: { 'schedule-service>notification-service': 7 } });
      });

      it('finds a position another replica applied (through the table)', async () => {
        const here = appliedLog();
        const other = appliedLog();
        setTimeout(() => void other.record('machine-service', 30, 35, { 'schedule-service>machine-service': 3 }), 100);
        await here.waitFor({ 'machine-service': 33 }, 3000);
        const [row] = await dataSource.getRepository(AppliedPosition).find();
        expect(Math.abs(row.appliedAt.getTime() - Date.now())).toBeLessThan(60_000);
        expect(await here.causedBy('machine-service', 31, 0)).toEqual({ applied: true, caused: { 'schedule-service>machine-service': 3 } });
      });

      it('answers 503 UNAVAILABLE once its bound has passed, and says so to a caller of causedBy', async () => {
        const log = appliedLog();
        const started = Date.now();
        const failure = await log.waitFor({ 'machine-service': 99 }, 300).catch((err: unknown) => err);
        const took = Date.now() - started;
        expect(failure).toBeInstanceOf(DomainError);
        expect(httpStatusFor((failure as DomainError).code)).toBe(503);
        expect((failure as DomainError).code).toBe(ErrorCode.Unavailable);
        expect(took).toBeGreaterThanOrEqual(290);
        expect(took).toBeLessThan(1500);
        expect(await log.causedBy('machine-service', 99, 50)).toEqual({ applied: false, caused: {} });
      });
    });
  });
}

const schema = { entities: [OutboxEvent, AppliedPosition], migrations: [...OUTBOX_MIGRATIONS, CreateAppliedPositions1767000000000] };
for (const engine of await engines(schema)) {
  suite(engine.label, () => engine.open());
}
