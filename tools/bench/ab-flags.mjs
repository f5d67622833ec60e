#!/usr/bin/env node
// A/B of Node flags for the product's processes (WRENCHLOG_NODE_FLAGS), alternated so the machine's
// drift hits both sides: knee req/s of a few scenarios and the idle memory of the product, per round.
//   node tools/bench/ab-flags.mjs --rounds=2 --seconds=4 --only=health,dashboard --a='' --b='--max-semi-space-size=2 --v8-pool-size=1'
import { measureScenario, prepareAccount, productProcesses, scenarioList, startMeasured, totalPssMb, totalRssMb } from './scenarios.mjs';
import { parseArgs, table } from './stats.mjs';

const args = parseArgs(process.argv.slice(2));
const rounds = Number(args.rounds ?? 2);
const seconds = Number(args.seconds ?? 4);
const only = String(args.only ?? 'health,dashboard').split(',');
const variants = Object.entries(args)
  .filter(([k]) => /^[a-z]$/.test(k))
  .map(([name, flags]) => ({ name, flags: flags === true ? '' : String(flags) }));
const rows = [];
for (let round = 0; round < rounds; round++) {
  for (const variant of variants) {
    const { product, startMs } = await startMeasured('embedded', { WRENCHLOG_NODE_FLAGS: variant.flags });
    try {
      await new Promise((r) => setTimeout(r, 3000));
      const processes = productProcesses(product.dataDir);
      const account = await prepareAccount(product);
      const row = {
        round,
        variant: variant.name,
        flags: variant.flags || '(defaults)',
        'ready s': (startMs / 1000).toFixed(1),
        'idle PSS MB': totalPssMb(processes).toFixed(0),
        'idle RSS MB': totalRssMb(processes).toFixed(0),
      };
      for (const scenario of scenarioList(account).filter((s) => only.includes(s.name))) {
        const { knee } = await measureScenario(product.baseUrl, { ...scenario, kind: 'knee-only' }, { seconds });
        row[scenario.name] = knee.rps.toFixed(0);
      }
      rows.push(row);
      console.log(JSON.stringify(row));
    } finally {
      await product.stop();
    }
  }
}
const columns = Object.keys(rows[0]);
console.log(table([columns, ...rows.map((r) => columns.map((c) => r[c]))]));
