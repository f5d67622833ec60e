import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { runMigrationsLocked } from '../src/database/database.module.js';
import { CreateOutbox1763740000500 } from '../src/outbox/create-outbox.migration.js';
import { OutboxEvent } from '../src/outbox/outbox-event.entity.js';
import { Outbox } from '../src/outbox/outbox.js';
import type { EventBus } from '../src/rpc/rpc-client.js';

/** The transport boundary: records what was published, and can be made to fail like a downed broker. */
class RecordingBus {
  published: { event: string; payload: unknown }[] = [];
  down = false;

  async publish(event: string, payload: unknown): Promise<void> {
    if (this.down) {
      throw new Error('broker unreachable');
    }
    this.published.push({ event, payload });
  }
}

describe(Outbox.name, () => {
  let dir: string;
  let dataSource: DataSource;
  let bus: RecordingBus;
  let outbox: Outbox;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'outbox-'));
    dataSource = await new DataSource({
      type: 'better-sqlite3',
      database: join(dir, 'test.sqlite'),
      entities: [OutboxEvent],
      migrations: [CreateOutbox1763740000500],
    }).initialize();
    await runMigrationsLocked(dataSource);
    bus = new RecordingBus();
    outbox = new Outbox(dataSource, bus as unknown as EventBus);
  });

  afterEach(async () => {
    await outbox.onApplicationShutdown();
    await dataSource.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const pending = () => dataSource.getRepository(OutboxEvent).count();

  it('publishes an event once the transaction that wrote it has committed, then forgets it', async () => {
    await dataSource.transaction((manager) => outbox.enqueue(manager, 'machine.machine.deleted', { machineId: 7, userId: 1 }, { actor: null }));

    await outbox.drainNow();

    expect(bus.published).toEqual([{ event: 'machine.machine.deleted', payload: { machineId: 7, userId: 1 } }]);
    expect(await pending()).toBe(0);
  });

  it('never publishes an event whose transaction rolled back', async () => {
    await expect(
      dataSource.transaction(async (manager) => {
        await outbox.enqueue(manager, 'machine.machine.deleted', { machineId: 8, userId: 1 }, { actor: null });
        throw new Error('the business change failed');
      }),
    ).rejects.toThrow('the business change failed');

    await outbox.drainNow();

    expect(bus.published).toEqual([]);
    expect(await pending()).toBe(0);
  });

  it('keeps events while the broker is down and delivers them, in order, after it returns', async () => {
    bus.down = true;
    for (const machineId of [1, 2, 3]) {
      await dataSource.transaction((manager) => outbox.enqueue(manager, 'machine.machine.saved', { machineId }, { actor: null }));
    }
    await outbox.drainNow();
    expect(bus.published).toEqual([]);
    expect(await pending()).toBe(3);
    const [first] = await dataSource.getRepository(OutboxEvent).find({ order: { id: 'ASC' } });
    expect(first.attempts).toBe(1);
    expect(first.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    bus.down = false;
    await dataSource.createQueryBuilder().update(OutboxEvent).set({ nextAttemptAt: new Date(0) }).execute();
    await outbox.drainNow();

    expect(bus.published.map((p) => (p.payload as { machineId: number }).machineId)).toEqual([1, 2, 3]);
    expect(await pending()).toBe(0);
  });
});
