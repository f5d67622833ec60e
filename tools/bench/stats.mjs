// Pure helpers of the benchmark: percentiles, summaries, ratios, verdicts and the printed table.
// Kept free of I/O so they can be unit-tested (stats.test.mjs).

/** The p-th percentile (0..100) of ascending-sorted numbers, nearest-rank; NaN when empty. */
export function percentile(sorted, p) {
  if (sorted.length === 0) {
    return NaN;
  }
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/** Requests per second and latency percentiles (ms) of one measured run. */
export function summarize(latenciesMs, durationMs, errors = 0) {
  const sorted = Float64Array.from(latenciesMs).sort();
  const ok = sorted.length - errors;
  return {
    requests: sorted.length,
    rps: durationMs > 0 ? (ok * 1000) / durationMs : 0,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    errors,
    errorRate: sorted.length > 0 ? errors / sorted.length : 0,
  };
}

/** a / b, or NaN when either side is missing or b is zero. */
export function ratio(a, b) {
  if (!Number.isFinite(a) || !Number.isFinite(b) || b === 0) {
    return NaN;
  }
  return a / b;
}

/**
 * PASS when every stated condition holds, MISS when one fails, n/a when a figure is missing.
 * checks: [{ value, atLeast? , below? }]
 */
export function verdict(checks) {
  let missing = false;
  for (const check of checks) {
    if (!Number.isFinite(check.value)) {
      missing = true;
      continue;
    }
    if (check.atLeast !== undefined && !(check.value >= check.atLeast)) {
      return 'MISS';
    }
    if (check.below !== undefined && !(check.value < check.below)) {
      return 'MISS';
    }
  }
  return missing || checks.length === 0 ? 'n/a' : 'PASS';
}

export const fmt = (n, digits = 1) => (Number.isFinite(n) ? (Math.abs(n) >= 1000 ? Math.round(n).toString() : n.toFixed(digits)) : '-');

/** A plain aligned text table (first row is the header). */
export function table(rows) {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => String(r[c] ?? '').length)));
  const line = (r) => r.map((cell, c) => (c === 0 ? String(cell ?? '').padEnd(widths[c]) : String(cell ?? '').padStart(widths[c]))).join('  ');
  return [line(rows[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

/** Parses `--name=value` and bare `--flag` arguments. */
export function parseArgs(argv) {
  const args = {};
  for (const arg of argv) {
    const m = /^--([^=]+)(?:=(.*))?$/.exec(arg);
    if (m) {
      args[m[1]] = m[2] ?? true;
    }
  }
  return args;
}
