import 'reflect-metadata';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { loadEnv } from '@wrenchlog/platform';
import { freePortBlock } from '@wrenchlog/testing';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DataSource } from 'typeorm';
import { AppModule } from '../src/app.module.js';
import { ScheduleEnv } from '../src/config/schedule-env.js';

// The migrations since on a database an earlier release wrote (the upgrade fixture's SQLite file of
// r30, copied): issue 38's `voided_by` (1767100000000) joins the old readings empty, so a reading
// voided before it (by hand, or out of sequence) is never placed again by a later void.
const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), '../../gateway-e2e/fixtures/upgrade/r30/embedded/data-folder/db/schedule-service.sqlite');

describe('schedule-service upgrade (sqlite fixture of r30)', () => {
  let dir: string;
  let app: INestApplicationContext;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wl-schedule-upgrade-'));
    mkdirSync(join(dir, 'db'));
    copyFileSync(FIXTURE, join(dir, 'db', 'schedule-service.sqlite'));
    const env = loadEnv(ScheduleEnv, { DATA_DIR: dir, SERVICE_PORT_BASE: String(await freePortBlock(12)), LOG_LEVEL: 'error' });
    app = await NestFactory.createApplicationContext(AppModule.register(env), { logger: false });
    await app.init();
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives every reading of the release before an empty voided_by', async () => {
    const db = app.get(DataSource);
    const readings: { voided_by: number | null }[] = await db.query('SELECT voided_by FROM meter_readings');
    expect(readings.length).toBeGreaterThan(0);
    expect(readings.filter((r) => r.voided_by !== null)).toEqual([]);
  });
});
