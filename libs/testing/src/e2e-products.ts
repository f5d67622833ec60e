import type { ProductMode } from './product.js';

/**
 * The products the e2e global setup started, as `describe.each(e2eProducts())` rows:
 * [mode, baseUrl]. The distributed one is present when its servers are (always with CI=true).
 */
export function e2eProducts(): [ProductMode, string][] {
  const rows: [ProductMode, string][] = [];
  if (process.env.E2E_EMBEDDED_URL) {
    rows.push(['embedded', process.env.E2E_EMBEDDED_URL]);
  }
  if (process.env.E2E_DISTRIBUTED_URL) {
    rows.push(['distributed', process.env.E2E_DISTRIBUTED_URL]);
  }
  if (rows.length === 0) {
    throw new Error('no product started: run the e2e suite through its jest config (global setup)');
  }
  return rows;
}
