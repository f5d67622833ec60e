#!/usr/bin/env node
// How far service.record.changed events fall behind under service-record writes (distributed mode):
// the dashboard's last-serviced dates lag by what is still waiting in the service-record outbox.
//   node tools/bench/event-lag.mjs [--seconds=6] [--connections=16]
// Prints the creates per second, the events waiting when the load stops, and how long they take to
// go (the outbox count read every 50 ms from the service's own database).
import pg from 'pg';
import { runHttp } from './load.mjs';
import { prepareAccount, scenarioList, startMeasured } from './scenarios.mjs';
import { parseArgs } from './stats.mjs';

const args = parseArgs(process.argv.slice(2));
const seconds = Number(args.seconds ?? 6);
const connections = Number(args.connections ?? 16);

const { product } = await startMeasured('distributed');
try {
  const account = await prepareAccount(product);
  const scenario = scenarioList(account).find((s) => s.name === 'service create');
  const { path, ...request } = scenario.request;
  const url = new URL(product.env.DATABASE_URL);
  url.pathname = `${url.pathname}_service_record`;
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  try {
    const waiting = async () => Number((await db.query('SELECT count(*) AS n FROM outbox_events')).rows[0].n);
    const result = await runHttp({ url: `${product.baseUrl}${path}`, ...request, requests: scenario.requests, connections, seconds });
    const stopped = performance.now();
    const left = await waiting();
    while ((await waiting()) > 0) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    console.log(
      `${result.rps.toFixed(0)} creates/s for ${seconds} s; ${left} events waiting when the load stopped, all sent ${(performance.now() - stopped).toFixed(0)} ms later`,
    );
  } finally {
    await db.end();
  }
} finally {
  await product.stop();
}
