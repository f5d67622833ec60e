// Load drivers: autocannon for HTTP (closed loop at N connections, or capped at an overall rate),
// and a closed-loop driver for anything called from Node (RPC, SQL, sharp, argon2).
import autocannon from 'autocannon';
import { performance } from 'node:perf_hooks';
import { summarize } from './stats.mjs';

/**
 * One autocannon run. `requests` (autocannon's request list, with setupRequest/onResponse) makes
 * per-request bodies; `overallRate` caps the total rate (the half-knee runs). Latencies come from
 * each response so p95 is exact (autocannon's own summary has no p95).
 */
export async function runHttp({
  url,
  method = 'GET',
  headers = {},
  body,
  requests,
  connections = 16,
  seconds = 5,
  overallRate,
  okStatus = (s) => s >= 200 && s < 300,
}) {
  const latencies = [];
  const statuses = {};
  let errors = 0;
  const instance = autocannon({
    url,
    method,
    headers,
    body,
    requests,
    connections,
    duration: seconds,
    overallRate,
    timeout: 10,
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    latencies.push(responseTime);
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    if (!okStatus(statusCode)) {
      errors++;
    }
  });
  const startedAt = performance.now();
  const result = await new Promise((resolve, reject) => {
    instance.on('done', resolve);
    instance.on('error', reject);
  });
  const elapsed = performance.now() - startedAt;
  // Timeouts and socket errors never produce a response: count them as failed requests too.
  const lost = result.errors;
  for (let i = 0; i < lost; i++) {
    latencies.push(10000);
  }
  return { ...summarize(latencies, elapsed, errors + lost), statuses };
}

/** Runs `fn` in `concurrency` parallel loops for `seconds`; each call's duration is one sample. */
export async function runLoop(fn, { concurrency = 16, seconds = 5, warmupSeconds = 0.5 } = {}) {
  if (warmupSeconds > 0) {
    await loopFor(fn, concurrency, warmupSeconds * 1000, null);
  }
  const latencies = [];
  const startedAt = performance.now();
  const errors = await loopFor(fn, concurrency, seconds * 1000, latencies);
  return summarize(latencies, performance.now() - startedAt, errors);
}

async function loopFor(fn, concurrency, ms, latencies) {
  const deadline = performance.now() + ms;
  let errors = 0;
  let firstError;
  const worker = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      try {
        await fn();
      } catch (err) {
        errors++;
        firstError ??= err;
      }
      latencies?.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  if (firstError && latencies) {
    console.warn(`  (first error: ${firstError.message ?? firstError})`);
  }
  return errors;
}
