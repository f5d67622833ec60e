// An open-model load driver: requests start at a ramping arrival rate, whatever the server's
// answers (k6's ramping-arrival-rate executor, which the half-knee targets of issue 10 name).
// autocannon's `overallRate` is not that: each connection sends back to back until it has used its
// quota for the second, then waits for the next second, so a "half load" runs at full speed for
// half of every second and its latencies are those of saturation.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { summarize } from './stats.mjs';

/**
 * Ramps from 0 to `rate` requests/s over `rampSeconds`, then holds `rate` for `seconds`; only the
 * hold is measured. Each latency is counted from the request's scheduled start, so a late start
 * (the generator or the server falling behind) counts as waiting, not as a pause in the load.
 * A request due while `maxInFlight` are still open is dropped (k6's dropped_iterations).
 */
export async function runArrivalRate({
  url,
  method = 'GET',
  headers = {},
  body,
  requests,
  rate,
  seconds = 5,
  rampSeconds = 1,
  maxInFlight = 256,
  timeoutMs = 10000,
  okStatus = (s) => s >= 200 && s < 300,
}) {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: maxInFlight });
  const calls = requests ?? [{ method, path: `${target.pathname}${target.search}`, headers, body }];
  const latencies = [];
  const statuses = {};
  let errors = 0;
  let dropped = 0;
  let inFlight = 0;
  let sent = 0;

  const send = (call, scheduledAt, measured) =>
    new Promise((resolve) => {
      inFlight++;
      const done = (status) => {
        inFlight--;
        if (measured) {
          latencies.push(performance.now() - scheduledAt);
          statuses[status] = (statuses[status] ?? 0) + 1;
          if (!okStatus(status)) {
            errors++;
          }
        }
        resolve();
      };
      const req = http.request(
        {
          host: target.hostname,
          port: target.port,
          method: call.method ?? method,
          path: call.path,
          headers: call.headers ?? headers,
          agent,
          timeout: timeoutMs,
        },
        (res) => {
          res.on('data', () => {});
          res.on('end', () => done(res.statusCode));
          res.on('error', () => done(0));
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => done(0));
      req.end(call.body);
    });

  // Request n of the ramp starts when the ramp's area reaches n: t = sqrt(2 n T / rate).
  const rampCount = Math.floor((rate * rampSeconds) / 2);
  const startOf = (n) => (n < rampCount ? Math.sqrt((2 * n * rampSeconds) / rate) : rampSeconds + (n - rampCount) / rate) * 1000;
  const total = rampCount + Math.floor(rate * seconds);
  const pending = [];
  const t0 = performance.now();
  await new Promise((resolve) => {
    const tick = () => {
      const now = performance.now() - t0;
      while (sent < total && startOf(sent) <= now) {
        const scheduledAt = t0 + startOf(sent);
        const measured = sent >= rampCount;
        sent++;
        if (inFlight >= maxInFlight) {
          if (measured) dropped++;
          continue;
        }
        pending.push(send(calls[sent % calls.length], scheduledAt, measured));
      }
      if (sent >= total) {
        resolve();
      } else {
        // Timers fire about every millisecond at best: each tick starts every request that is due.
        setTimeout(tick, Math.max(0, Math.min(1, startOf(sent) - (performance.now() - t0))));
      }
    };
    tick();
  });
  await Promise.all(pending);
  agent.destroy();
  const result = summarize(latencies, seconds * 1000, errors);
  return { ...result, statuses, dropped, rate };
}
