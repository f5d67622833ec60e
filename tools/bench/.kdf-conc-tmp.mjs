import argon2 from 'argon2';
import { runLoop } from '/work/main/tools/bench/load.mjs';
const options = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 };
for (const c of [1, 2, 4]) {
  const r = await runLoop(() => argon2.hash('correct horse battery staple', options), { concurrency: c, seconds: 3, warmupSeconds: 0.3 });
  console.log(c, r.rps.toFixed(1), r.p50.toFixed(1));
}
