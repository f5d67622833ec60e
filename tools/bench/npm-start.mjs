// `npm start` as a user types it on a tree that is already built: from spawning npm to the first
// ready answer of /api/health/ready, the build check included (the other start figures of the bench
// run tools/start.mjs --no-build). Target (issue 36): ready within 3 s.
import { productEnvironment } from '@wrenchlog/testing';
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { BENCH_ENV } from './scenarios.mjs';

/** One start: milliseconds to ready, and the line the build check printed ("the build is up to date" or what it built). */
async function startOnce(root, { readyTimeoutMs }) {
  const { env, dataDir } = await productEnvironment({ mode: 'embedded', env: BENCH_ENV, readyTimeoutMs });
  const started = performance.now();
  // detached: npm, its shell and the product form one process group, stopped together.
  const child = spawn('npm', ['start'], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    while (performance.now() - started < readyTimeoutMs) {
      if (child.exitCode !== null) {
        throw new Error(`npm start exited during start:\n${output}`);
      }
      try {
        const res = await fetch(`http://127.0.0.1:${env.PORT}/api/health/ready`);
        await res.arrayBuffer();
        if (res.ok) {
          const ms = performance.now() - started;
          return { ms, build: /\[start\] (the build is up to date|building what changed[^\n]*)/.exec(output)?.[1] ?? 'no build line' };
        }
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`npm start was not ready after ${readyTimeoutMs} ms:\n${output}`);
  } finally {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // gone already
    }
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `runs` starts one after another: each figure, the median, and the build check's line of the last. */
export async function measureNpmStart(root, { runs = 3, readyTimeoutMs = 120000 } = {}) {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    samples.push(await startOnce(root, { readyTimeoutMs }));
  }
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  return { runs, medianMs: sorted[Math.floor(sorted.length / 2)], samplesMs: samples.map((s) => s.ms), build: samples.at(-1).build };
}
