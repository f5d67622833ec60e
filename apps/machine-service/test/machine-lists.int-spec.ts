import 'reflect-metadata';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MACHINE_LIST_MAX, type Actor } from '@wrenchlog/contracts';
import { loadEnv, PlatformEnv } from '@wrenchlog/platform';
import { freePortBlock, privateDatabaseBase, testEngines } from '@wrenchlog/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { AppModule } from '../src/app.module.js';
import { newMachine } from '../src/machines/machine-rules.js';
import { MachineEntity } from '../src/machines/machine.entity.js';
import { MachinesService } from '../src/machines/machines.service.js';

// The spec's unpaged machine lists answer at most MACHINE_LIST_MAX machines (issue 25, item 9):
// one more than the bound is stored straight through the repository (creating 2,001 through the
// service would take minutes), then each list is read through the service.
describe.each(await testEngines())('machine-service list bounds (%s)', (engine) => {
  let dir: string;
  let app: INestApplicationContext;
  let machines: MachinesService;
  const owner: Actor = { userId: 7, adminLevel: 0, accountId: 7, role: 'owner' };
  const other: Actor = { userId: 8, adminLevel: 0, accountId: 8, role: 'owner' };
  const databases = engine === 'postgres' ? privateDatabaseBase() : undefined;
  const pad = (i: number) => String(i).padStart(4, '0');

  /** `count` machines of the user named `${prefix} 0000`..., serviced on days going back from 2026-01-01 (i 0 the newest). */
  const store = async (accountId: number, prefix: string, count: number, archived = false) => {
    const rows: MachineEntity[] = [];
    for (let i = 0; i < count; i++) {
      const m = newMachine(
        { accountId, userId: accountId },
        { name: `${prefix} ${pad(i)}`, year: 2020, make: 'Deere', model: '5075E' },
        new Date(Date.UTC(2026, 0, 1) - i * 60_000),
      );
      m.archived = archived;
      m.lastServicedDate = new Date(Date.UTC(2026, 0, 1) - i * 86_400_000).toISOString().slice(0, 10);
      rows.push(m);
    }
    const repo = app.get(DataSource).getRepository(MachineEntity);
    for (let i = 0; i < rows.length; i += 100) {
      await repo.insert(rows.slice(i, i + 100));
    }
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wl-machine-lists-'));
    const vars: Record<string, string> = { DATA_DIR: dir, SERVICE_PORT_BASE: String(await freePortBlock(6)), LOG_LEVEL: 'error' };
    if (databases) {
      vars.DATABASE_URL = databases.url;
    }
    app = await NestFactory.createApplicationContext(AppModule.register(loadEnv(PlatformEnv, vars)), { logger: false });
    await app.init();
    machines = app.get(MachinesService);
    await store(owner.userId, 'Active', MACHINE_LIST_MAX + 1);
    await store(owner.userId, 'Archived', MACHINE_LIST_MAX + 1, true);
    await store(other.userId, 'Other', 3);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
    await databases?.drop();
  });

  it(`answers the first ${MACHINE_LIST_MAX} active machines by name`, async () => {
    const all = await machines.list(owner);
    expect(all).toHaveLength(MACHINE_LIST_MAX);
    expect(all[0].name).toBe('Active 0000');
    expect(all.at(-1)!.name).toBe(`Active ${pad(MACHINE_LIST_MAX - 1)}`);
  });

  it(`answers the first ${MACHINE_LIST_MAX} archived machines by name`, async () => {
    const archived = await machines.list(owner, { archived: true });
    expect(archived).toHaveLength(MACHINE_LIST_MAX);
    expect(archived.every((m) => m.name.startsWith('Archived '))).toBe(true);
    expect(archived.at(-1)!.name).toBe(`Archived ${pad(MACHINE_LIST_MAX - 1)}`);
  });

  it(`answers the ${MACHINE_LIST_MAX} most recently serviced active machines, newest first`, async () => {
    const recent = await machines.recentlyServiced(owner);
    expect(recent).toHaveLength(MACHINE_LIST_MAX);
    expect(recent[0].name).toBe('Active 0000');
    expect(recent.at(-1)!.name).toBe(`Active ${pad(MACHINE_LIST_MAX - 1)}`);
  });

  it('answers a user under the bound all of their own machines', async () => {
    expect((await machines.list(other)).map((m) => m.name)).toEqual(['Other 0000', 'Other 0001', 'Other 0002']);
    expect(await machines.recentlyServiced(other)).toHaveLength(3);
  });

  it("reads the dashboard's machines in an index's order, without sorting them", async () => {
    // The order of MachinesRepository.recentlyServiced. PostgreSQL is told not to scan the table, as
    // it would for one this small; SQLite plans with the index as it is.
    const db = app.get(DataSource);
    const order = `ORDER BY last_serviced_date DESC NULLS LAST, last_updated DESC, id DESC`;
    const plan: string[] =
      engine === 'postgres'
        ? await db.transaction(async (tx) => {
            await tx.query('SET LOCAL enable_seqscan = off');
            const rows: { 'QUERY PLAN': string }[] = await tx.query(
              `EXPLAIN SELECT id FROM machines WHERE account_id = $1 AND archived = FALSE ${order} LIMIT 2000`,
              [7],
            );
            return rows.map((r) => r['QUERY PLAN']);
          })
        : (
            (await db.query(`EXPLAIN QUERY PLAN SELECT id FROM machines WHERE account_id = ? AND archived = FALSE ${order} LIMIT 2000`, [7])) as {
              detail: string;
            }[]
          ).map((r) => r.detail);
    expect(plan.join('\n')).toContain('idx_machines_user_recent');
    expect(plan.join('\n')).not.toMatch(/Sort|TEMP B-TREE/);
  });
});
