import {
  EVENT_BATCH_TARGETS,
  FUEL_RECORD_DELETED,
  FUEL_RECORD_SAVED,
  IMAGE_PROCESSED_EVENTS,
  IMAGE_STORED,
  MACHINE_DELETED,
  MACHINE_SAVED,
  SERVICE_RECORD_CHANGED,
  batchPattern,
  type EventBatch,
  type ServiceName,
} from '@wrenchlog/contracts';
import type { DataSource } from 'typeorm';
import { OutboxEvent } from '../src/outbox/outbox-event.entity.js';
import { OUTBOX_MIGRATIONS } from '../src/outbox/outbox.module.js';
import { Outbox } from '../src/outbox/outbox.js';
import type { EventBus } from '../src/rpc/rpc-client.js';
import { engines, type OpenDatabase } from './engines.js';

/** The transport boundary: records what each subscriber received; a subscriber can be down. */
class RecordingBus {
  delivered: { service: ServiceName; event: string; payload: unknown }[] = [];
  down = new Set<ServiceName>();
  /** machineIds whose next send fails once (a broker hiccup), to the subscribers these tests watch. */
  failOnce = new Set<number>();
  /** Events whose next send (alone or in a batch) fails once. */
  failEventOnce = new Set<string>();
  /** Subscribers of the same events whose lanes these tests do not follow: accepted, not recorded. */
  unwatched = new Set<ServiceName>(['schedule-service', 'report-service', 'notification-service']);

  async publishTo(service: ServiceName, event: string, payload: unknown): Promise<void> {
    if (this.unwatched.has(service)) {
      return;
    }
    if (this.down.has(service)) {
      throw new Error(`${service} unreachable`);
    }
    if (this.failEventOnce.delete(event)) {
      throw new Error('broker hiccup');
    }
    const machineId = (payload as { machineId?: number }).machineId;
    if (machineId !== undefined && this.failOnce.delete(machineId)) {
      throw new Error('broker hiccup');
    }
    this.delivered.push({ service, event, payload });
  }

  to(service: ServiceName) {
    return this.delivered.filter((d) => d.service === service).map((d) => d.payload);
  }
}

function suite(label: string, open: () => Promise<OpenDatabase>): void {
  describe(`${Outbox.name} on ${label}`, () => {
    let dataSource: DataSource;
    let close: () => Promise<void>;
    let bus: RecordingBus;
    let outbox: Outbox;

    beforeAll(async () => {
      ({ dataSource, close } = await open());
    });

    afterAll(() => close());

    beforeEach(async () => {
      await dataSource.getRepository(OutboxEvent).clear();
      bus = new RecordingBus();
      outbox = new Outbox(dataSource, bus as unknown as EventBus);
    });

    afterEach(async () => {
      await outbox.onApplicationShutdown();
    });

    const pending = () => dataSource.getRepository(OutboxEvent).count();
    const retryNow = () =>
      dataSource
        .createQueryBuilder()
        .update(OutboxEvent)
        .set({ nextAttemptAt: new Date(0) })
        .execute();
    const enqueue = (event: string, payload: unknown) => dataSource.transaction((manager) => outbox.enqueue(manager, event, payload, { actor: null }));
    /** A fuel record's FUEL_RECORD_SAVED, an event that some subscribers take in batches. */
    const fuelSaved = (recordId: number) => ({
      recordId,
      userId: 1,
      machineId: 3,
      date: '2026-01-01',
      currentMileage: null,
      currentHours: null,
      at: '2026-01-01T00:00:00.000Z',
    });

    it('delivers an event to every subscriber once its transaction has committed, then forgets it', async () => {
      await enqueue(MACHINE_DELETED, { machineId: 7, userId: 1 });

      await outbox.drainNow();

      expect(bus.delivered.map((d) => d.service).sort()).toEqual(['fuel-purchase-service', 'image-worker', 'service-record-service', 'work-order-service']);
      expect(await pending()).toBe(0);
    });

    it('never publishes an event whose transaction rolled back', async () => {
      await expect(
        dataSource.transaction(async (manager) => {
          await outbox.enqueue(manager, MACHINE_DELETED, { machineId: 8, userId: 1 }, { actor: null });
          throw new Error('the business change failed');
        }),
      ).rejects.toThrow('the business change failed');

      await outbox.drainNow();

      expect(bus.delivered).toEqual([]);
      expect(await pending()).toBe(0);
    });

    it('keeps the events of a subscriber that is down and delivers them in order once it is back', async () => {
      bus.down.add('service-record-service');
      for (const machineId of [1, 2, 3]) {
        await enqueue(MACHINE_SAVED, { machineId });
      }
      await outbox.drainNow();
      expect(bus.to('service-record-service')).toEqual([]);
      const [first] = await dataSource.getRepository(OutboxEvent).find({ order: { id: 'ASC' } });
      expect(first.attempts).toBe(1);
      expect(first.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

      bus.down.clear();
      await retryNow();
      await outbox.drainNow();

      expect(bus.to('service-record-service')).toEqual([{ machineId: 1 }, { machineId: 2 }, { machineId: 3 }]);
      expect(await pending()).toBe(0);
    });

    it('does not hold up the other subscribers while one is down', async () => {
      bus.down.add('image-worker');
      await enqueue(MACHINE_DELETED, { machineId: 4, userId: 1 });
      await enqueue(MACHINE_DELETED, { machineId: 5, userId: 1 });

      await outbox.drainNow();

      expect(bus.to('service-record-service')).toEqual([
        { machineId: 4, userId: 1 },
        { machineId: 5, userId: 1 },
      ]);
      expect(bus.to('fuel-purchase-service')).toEqual([
        { machineId: 4, userId: 1 },
        { machineId: 5, userId: 1 },
      ]);
      expect(bus.to('image-worker')).toEqual([]);
      expect(await pending()).toBe(2);
    });

    it("does not hold up one subscriber's event behind another subscriber's backlog, and drains the backlog in one go", async () => {
      // One transaction, so no pass starts before the backlog is all there (each enqueue schedules one).
      await dataSource.transaction(async (manager) => {
        for (let machineId = 1; machineId <= 450; machineId++) {
          await outbox.enqueue(manager, MACHINE_SAVED, { machineId }, { actor: null });
        }
        await outbox.enqueue(manager, IMAGE_STORED, { originalKey: 'u1/a-original.jpg' }, { actor: null });
      });

      await outbox.drainNow();

      // The other subscribers of machine.machine.saved have backlogs of their own: watch one of them.
      const order = bus.delivered.filter((d) => d.service === 'service-record-service' || d.service === 'image-worker').map((d) => d.service);
      expect(order).toContain('image-worker');
      // In the first pass, beside the backlog's first batch of 200, not behind the 450.
      expect(order.indexOf('image-worker')).toBeLessThanOrEqual(200);
      expect(bus.to('service-record-service').map((p) => (p as { machineId: number }).machineId)).toEqual(Array.from({ length: 450 }, (_, i) => i + 1));
      expect(await pending()).toBe(0);
    });

    it('keeps the lane in order when one send fails: it and the rest of the batch go again, in order', async () => {
      // One transaction (no pass sees part of the batch), and an event with one subscriber (one lane).
      bus.failOnce.add(3);
      await dataSource.transaction(async (manager) => {
        for (const machineId of [1, 2, 3, 4, 5]) {
          await outbox.enqueue(manager, IMAGE_PROCESSED_EVENTS['service-record-service'], { machineId }, { actor: null });
        }
      });

      await outbox.drainNow();

      // 4 and 5 left side by side with 3 and arrived; they stay with it and arrive again after it.
      expect(bus.to('service-record-service')).toEqual([1, 2, 4, 5].map((machineId) => ({ machineId })));
      const waiting = await dataSource.getRepository(OutboxEvent).find({ order: { id: 'ASC' } });
      expect(waiting.map((row) => [JSON.parse(row.message).payload.machineId, row.attempts])).toEqual([
        [3, 1],
        [4, 0],
        [5, 0],
      ]);
      expect(new Set(waiting.map((row) => row.nextAttemptAt.getTime())).size).toBe(1);
      expect(waiting[0].nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

      await retryNow();
      await outbox.drainNow();

      expect(bus.to('service-record-service').slice(-3)).toEqual([3, 4, 5].map((machineId) => ({ machineId })));
      expect(await pending()).toBe(0);
    });

    it('sends only the newest state event of each key in a batch, the older ones dropped with it', async () => {
      const changed = (machineId: number, day: number) => ({
        userId: 1,
        machineId,
        recordId: day,
        change: 'saved',
        latestServiceDate: `2026-01-0${day}`,
        at: `2026-01-0${day}T08:00:00.000Z`,
      });
      bus.failOnce.add(1);
      await dataSource.transaction(async (manager) => {
        for (const [machineId, day] of [
          [1, 1],
          [2, 1],
          [1, 2],
          [1, 3],
          [2, 2],
        ]) {
          await outbox.enqueue(manager, SERVICE_RECORD_CHANGED, changed(machineId, day), { actor: null });
        }
        await outbox.enqueue(manager, MACHINE_SAVED, { machineId: 2 }, { actor: null });
      });

      await outbox.drainNow();

      // Two sends for five events. Machine 1's newest failed once, so the lane's five wait for the
      // next try (machine 2's newest, sent beside it, goes again after it).
      expect(bus.to('machine-service')).toEqual([changed(2, 2)]);
      expect(bus.to('service-record-service')).toEqual([{ machineId: 2 }]);
      expect(await pending()).toBe(5);

      await retryNow();
      await outbox.drainNow();

      expect(bus.to('machine-service')).toEqual([changed(2, 2), changed(1, 3), changed(2, 2)]);
      expect(await pending()).toBe(0);
    });

    it('sends a run of an event to a subscriber that takes batches as one delivery, in order, and another event alone between them', async () => {
      bus.unwatched.clear();
      await dataSource.transaction(async (manager) => {
        await outbox.enqueueMany(manager, FUEL_RECORD_SAVED, [1, 2, 3].map(fuelSaved), { actor: null, correlationId: 'import-1' });
        await outbox.enqueue(manager, FUEL_RECORD_DELETED, { recordId: 2, userId: 1, machineId: 3, at: '2026-01-02T00:00:00.000Z' }, { actor: null });
        await outbox.enqueueMany(manager, FUEL_RECORD_SAVED, [4, 5].map(fuelSaved), { actor: null, correlationId: 'import-1' });
      });

      await outbox.drainNow();

      expect(EVENT_BATCH_TARGETS[FUEL_RECORD_SAVED]).toEqual(['schedule-service', 'image-worker', 'report-service', 'notification-service']);
      const sent = bus.delivered.filter((d) => d.service === 'report-service');
      // The delete between them splits the run: the lane's order holds.
      expect(sent.map((d) => d.event)).toEqual([batchPattern(FUEL_RECORD_SAVED), FUEL_RECORD_DELETED, batchPattern(FUEL_RECORD_SAVED)]);
      const batches = sent.filter((d) => d.event === batchPattern(FUEL_RECORD_SAVED)).map((d) => d.payload as EventBatch<{ recordId: number }>);
      expect(batches.map((b) => b.events.map((e) => e.payload.recordId))).toEqual([
        [1, 2, 3],
        [4, 5],
      ]);
      expect(batches[0].events[0]).toMatchObject({ actor: null, meta: { correlationId: 'import-1' } });
      // Each subscriber's lane is cut the same way (image-worker's too, since it takes batches).
      expect(bus.delivered.filter((d) => d.service === 'image-worker').map((d) => d.event)).toEqual(sent.map((d) => d.event));
      expect(await pending()).toBe(0);
    });

    it('sends a failed batch again whole, after the events that were to follow it stay behind', async () => {
      bus.unwatched.clear();
      bus.failEventOnce.add(batchPattern(FUEL_RECORD_SAVED));
      await dataSource.transaction((manager) => outbox.enqueueMany(manager, FUEL_RECORD_SAVED, [1, 2, 3, 4].map(fuelSaved), { actor: null }));

      await outbox.drainNow();
      // One of the lanes that take batches failed; its four rows wait, the first with the attempt.
      const batchesOf = (service: ServiceName) =>
        bus.delivered
          .filter((d) => d.service === service && d.event === batchPattern(FUEL_RECORD_SAVED))
          .map((d) => (d.payload as EventBatch<{ recordId: number }>).events.map((e) => e.payload.recordId));
      const lanes = EVENT_BATCH_TARGETS[FUEL_RECORD_SAVED];
      expect(lanes.filter((lane) => batchesOf(lane).length === 0)).toHaveLength(1);
      const failedLane = lanes.find((lane) => batchesOf(lane).length === 0)!;
      expect(batchesOf(failedLane)).toEqual([]);
      const waiting = await dataSource.getRepository(OutboxEvent).find({ where: { target: failedLane }, order: { id: 'ASC' } });
      expect(waiting.map((row) => row.attempts)).toEqual([1, 0, 0, 0]);

      await retryNow();
      await outbox.drainNow();

      expect(batchesOf(failedLane)).toEqual([[1, 2, 3, 4]]);
      expect(await pending()).toBe(0);
    });

    it('delivers each event once when two replicas drain the same outbox', async () => {
      const replica = new Outbox(dataSource, bus as unknown as EventBus);
      await dataSource.transaction(async (manager) => {
        for (let machineId = 1; machineId <= 120; machineId++) {
          await outbox.enqueue(manager, MACHINE_SAVED, { machineId }, { actor: null });
        }
      });

      await Promise.all([outbox.drainNow(), replica.drainNow()]);
      await replica.onApplicationShutdown();

      const ids = bus.to('service-record-service').map((p) => (p as { machineId: number }).machineId);
      expect(ids.sort((a, b) => a - b)).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
      expect(await pending()).toBe(0);
    });
  });
}

for (const engine of await engines({ entities: [OutboxEvent], migrations: OUTBOX_MIGRATIONS })) {
  suite(engine.label, engine.open);
}
