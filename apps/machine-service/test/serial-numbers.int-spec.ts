import 'reflect-metadata';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type Actor } from '@wrenchlog/contracts';
import { loadEnv, PlatformEnv, type CallContext } from '@wrenchlog/platform';
import { freePortBlock, privateDatabaseBase, testEngines } from '@wrenchlog/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppModule } from '../src/app.module.js';
import { MachinesService } from '../src/machines/machines.service.js';

// A machine's serial number (issue 33) on a real database: the migration's column keeps it, and a
// meter batch's serial numbers find machines by it (not by their VIN), ignoring case and spaces.
describe.each(await testEngines())('machine-service serial numbers (%s)', (engine) => {
  let dir: string;
  let app: INestApplicationContext;
  let machines: MachinesService;
  const owner: Actor = { userId: 31, adminLevel: 0, accountId: 31, role: 'owner' };
  const other: Actor = { userId: 32, adminLevel: 0, accountId: 32, role: 'owner' };
  const databases = engine === 'postgres' ? privateDatabaseBase() : undefined;
  const call = (actor: Actor): CallContext => ({ actor, correlationId: 'c-serial' });
  const excavator = { name: 'Excavator', year: 2019, make: 'CAT', model: '320' };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wl-machine-serials-'));
    const vars: Record<string, string> = { DATA_DIR: dir, SERVICE_PORT_BASE: String(await freePortBlock(6)), LOG_LEVEL: 'error' };
    if (databases) {
      vars.DATABASE_URL = databases.url;
    }
    app = await NestFactory.createApplicationContext(AppModule.register(loadEnv(PlatformEnv, vars)), { logger: false });
    await app.init();
    machines = app.get(MachinesService);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
    await databases?.drop();
  });

  it('stores a serial number, reads it back, and resolves a batch by VIN and by serial number in one query', async () => {
    const loader = await machines.create(owner, { ...excavator, name: 'Loader', serialNumber: 'CAT0966MZ01234' }, call(owner));
    const truck = await machines.create(owner, { ...excavator, name: 'Truck', vin: '1FTFW1E50PFA00001' }, call(owner));
    // Another machine whose VIN is the loader's serial number: a serial number never names it.
    await machines.create(owner, { ...excavator, name: 'Decoy', vin: 'CAT0966MZ01234' }, call(owner));
    await machines.create(other, { ...excavator, name: 'Theirs', serialNumber: 'CAT0966MZ01234' }, call(other));

    await expect(machines.get(owner, loader.id)).resolves.toMatchObject({ serialNumber: 'CAT0966MZ01234', vin: null });
    const { machines: found } = await machines.resolve(owner, { identifiers: ['1ftfw1e50pfa00001'], serialNumbers: [' cat0966mz01234 '] });
    expect(found.filter((m) => m.serialNumber === 'CAT0966MZ01234').map((m) => m.id)).toEqual([loader.id]);
    expect(found.find((m) => m.id === truck.id)).toEqual({ id: truck.id, vin: '1FTFW1E50PFA00001', serialNumber: '' });
    expect(found).toHaveLength(2);
  });
});
