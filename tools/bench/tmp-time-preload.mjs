import { createRequire } from 'node:module';
import fs from 'node:fs';
const require = createRequire(import.meta.url);
const Database = require('better-sqlite3');
const counts = new Map();
const preps = new Map();
const st = Object.getPrototypeOf(new Database(':memory:').prepare('select 1'));
const norm = (s) => s.replace(/\(\?(, \?)*\)/g, '(?...)').replace(/(, \(\?\.\.\.\))+/g, ', ...').slice(0, 150);
for (const m of ['all', 'get', 'run', 'iterate']) {
  const orig = st[m];
  st[m] = function (...a) { const t = process.hrtime.bigint(); try { return orig.apply(this, a); } finally { const k = m + ' ' + norm(this.source); const c = counts.get(k) ?? [0, 0]; c[0]++; c[1] += Number(process.hrtime.bigint() - t) / 1000; counts.set(k, c); } };
}
const origPrep = Database.prototype.prepare;
Database.prototype.prepare = function (sql, ...rest) { const t = process.hrtime.bigint(); try { return origPrep.call(this, sql, ...rest); } finally { const k = norm(sql); const c = preps.get(k) ?? [0, 0]; c[0]++; c[1] += Number(process.hrtime.bigint() - t) / 1000; preps.set(k, c); } };
const top = (m) => [...m].sort((a, b) => b[1][1] - a[1][1]).slice(0, 25).map(([k, [n, us]]) => `${(us / 1000).toFixed(0).padStart(6)} ms ${String(n).padStart(7)}x ${(us / n).toFixed(0).padStart(5)} µs  ${k}`).join('\n');
const dump = () => fs.writeFileSync(`/tmp/sqltime-${process.pid}.txt`, `== execute\n${top(counts)}\n== prepare\n${top(preps)}\n`);
setInterval(dump, 2000).unref();
