#!/usr/bin/env node
// The fleet report's full path (issue 22: the first report after a change, no cache) in one process:
// report-service's ReportsService on the data `bench:data --seed-only` keeps (wlbench_data_report),
// one report after another; prints CPU and wall time a report and a hash of the answer (to compare
// two builds: same data, same answer).
//   node tools/bench/data.mjs --scale=0.01 --seed-only   (then, when done, drop wlbench_data_*)
//   node tools/bench/report-fleet-inproc.mjs [--dist=apps/report-service/dist] [--reports=400]
// A build kept aside for an A/B must sit inside the repository (its imports resolve from there).
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { loadEnv } from '@wrenchlog/platform';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from './stats.mjs';

const args = parseArgs(process.argv.slice(2));
const dist = resolve(args.dist ?? 'apps/report-service/dist');
const reports = Number(args.reports ?? 400);
const PG_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const load = (file) => import(pathToFileURL(join(dist, file)).href);
const { AppModule } = await load('app.module.js');
const { ReportEnv } = await load('config/report-env.js');
const { ReportsService } = await load('reports/reports.service.js');

const dataDir = mkdtempSync(join(tmpdir(), 'wl-report-inproc-'));
const url = new URL(PG_URL);
url.pathname = '/wlbench_data';
const env = loadEnv(ReportEnv, { DATA_DIR: dataDir, LOG_LEVEL: 'error', DATABASE_URL: url.toString() });
const app = await NestFactory.createApplicationContext(AppModule.register(env), { logger: false });
try {
  const service = app.get(ReportsService);
  const actor = { userId: 1, adminLevel: 0 };
  const period = { from: '2024-01-01', to: '2024-12-31' };
  // The computation behind the cache: what every report after a change of the user's records costs.
  const report = () => service.computeFleet(actor, period, period);
  const answer = await report();
  for (let i = 0; i < 100; i++) {
    await report(); // warm-up (JIT, plan caches)
  }
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < reports; i++) {
    await report();
  }
  const cpu = process.cpuUsage(cpu0);
  const wall = performance.now() - t0;
  console.log(
    JSON.stringify({
      dist: args.dist ?? 'apps/report-service/dist',
      answer: createHash('sha1').update(JSON.stringify(answer)).digest('hex').slice(0, 12),
      rows: answer.rows.length,
      cpuMsPerReport: Number(((cpu.user + cpu.system) / 1000 / reports).toFixed(3)),
      wallMsPerReport: Number((wall / reports).toFixed(3)),
    }),
  );
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
