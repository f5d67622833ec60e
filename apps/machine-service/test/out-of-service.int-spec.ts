import 'reflect-metadata';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type Actor, type MachineOutOfServiceEvent } from '@wrenchlog/contracts';
import { loadEnv, PlatformEnv, type CallContext } from '@wrenchlog/platform';
import { freePortBlock, privateDatabaseBase, testEngines } from '@wrenchlog/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppModule } from '../src/app.module.js';
import { MachinesService } from '../src/machines/machines.service.js';
import { OutOfService } from '../src/machines/out-of-service.js';

// Issue 35: work.machine.outOfService on a real database. Down while an out-of-service issue is
// open, back to the status it had, or to the one a person set by hand meanwhile; a redelivered or
// older event changes nothing.
describe.each(await testEngines())('machine-service out of service (%s)', (engine) => {
  let dir: string;
  let app: INestApplicationContext;
  let machines: MachinesService;
  let outOfService: OutOfService;
  const owner: Actor = { userId: 41, adminLevel: 0, accountId: 41, role: 'owner' };
  const other: Actor = { userId: 42, adminLevel: 0, accountId: 42, role: 'owner' };
  const databases = engine === 'postgres' ? privateDatabaseBase() : undefined;
  const call = (actor: Actor): CallContext => ({ actor, correlationId: 'c-down' });
  const base = Date.parse('2026-11-29T08:00:00.000Z');
  const event = (machineId: number, down: boolean, minute: number, accountId = owner.accountId): MachineOutOfServiceEvent => ({
    machineId,
    accountId,
    down,
    at: new Date(base + minute * 60_000).toISOString(),
  });
  const statusOf = async (id: number, actor = owner) => (await machines.get(actor, id)).status;
  const newLoader = async (status = 'Needs Service') =>
    machines.create(owner, { name: 'Loader', year: 2019, make: 'Volvo', model: 'L60H', status }, call(owner));

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wl-machine-down-'));
    const vars: Record<string, string> = { DATA_DIR: dir, SERVICE_PORT_BASE: String(await freePortBlock(6)), LOG_LEVEL: 'error' };
    if (databases) {
      vars.DATABASE_URL = databases.url;
    }
    app = await NestFactory.createApplicationContext(AppModule.register(loadEnv(PlatformEnv, vars)), { logger: false });
    await app.init();
    machines = app.get(MachinesService);
    outOfService = app.get(OutOfService);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
    await databases?.drop();
  });

  it('goes Down and back to the status it had, once, however often each event comes', async () => {
    const loader = await newLoader();
    await outOfService.apply(event(loader.id, true, 1));
    await outOfService.apply(event(loader.id, true, 1));
    expect(await statusOf(loader.id)).toBe('Down');
    // A second issue holding it down keeps the status it returns to.
    await outOfService.apply(event(loader.id, true, 2));
    await outOfService.apply(event(loader.id, false, 3));
    await outOfService.apply(event(loader.id, false, 3));
    expect(await statusOf(loader.id)).toBe('Needs Service');
  });

  it('keeps the status set by hand while Down when the last issue is resolved', async () => {
    const loader = await newLoader('Good');
    await outOfService.apply(event(loader.id, true, 1));
    await machines.update(owner, { id: loader.id, status: 'Under Repair' }, call(owner));
    expect(await statusOf(loader.id)).toBe('Under Repair');
    await outOfService.apply(event(loader.id, false, 2));
    expect(await statusOf(loader.id)).toBe('Under Repair');
  });

  it('takes an edit that sends the status as read (Down) for no change by hand, and goes Down again on a later report', async () => {
    const loader = await newLoader('Good');
    await outOfService.apply(event(loader.id, true, 1));
    // An edit of another field sends the status as read (Down): not a change by hand.
    await machines.update(owner, { id: loader.id, name: 'Loader 2', status: 'Down' }, call(owner));
    await outOfService.apply(event(loader.id, false, 2));
    expect(await statusOf(loader.id)).toBe('Good');
    await outOfService.apply(event(loader.id, true, 3));
    expect(await statusOf(loader.id)).toBe('Down');
  });

  it('ignores an older event arriving after a newer one, and another account its machine', async () => {
    const loader = await newLoader('Good');
    await outOfService.apply(event(loader.id, true, 1));
    await outOfService.apply(event(loader.id, false, 5));
    // The Down of minute 1 redelivered after the release of minute 5, and one from before both.
    await outOfService.apply(event(loader.id, true, 1));
    await outOfService.apply(event(loader.id, true, 0));
    expect(await statusOf(loader.id)).toBe('Good');
    await outOfService.apply(event(loader.id, true, 9, other.accountId));
    expect(await statusOf(loader.id)).toBe('Good');
  });
});
