// Largest Contentful Paint of /dashboard (issue 10): a user with 1,000 machines made through the
// API, signed in once through /login in headless Chromium (Debian's, never downloaded), then
// /dashboard loaded in new pages of that signed-in context (HTTP cache kept, a returning user)
// and once in a new context with the same sign-in but an empty cache (a first visit).
import { ApiClient, createApprovedUser, createMachine } from '@wrenchlog/testing';
import { chromium } from 'playwright-core';
import { summarize } from './stats.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// As apps/web-e2e/src/browser.ts launches it.
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];
const VIEWPORT = { width: 1280, height: 800 };

/** A signed-in user with `machines` machines, made 16 requests at a time. */
async function fleetAccount(baseUrl, machines) {
  const api = new ApiClient(baseUrl);
  const user = await createApprovedUser(api, { name: 'Fleet Manager' });
  let next = 0;
  const worker = async () => {
    while (next < machines) {
      const i = next++;
      await createMachine(api, user.token, {
        name: `Fleet unit ${String(i).padStart(4, '0')}`,
        year: 2000 + (i % 26),
        make: ['Deere', 'Kubota', 'Case'][i % 3],
        model: `M${i % 50}`,
      });
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return user;
}

/** Records when the first machine row enters the DOM (`__rowsAt`, ms since navigation), to set beside the LCP. */
const markRows = () => {
  const doc = globalThis.document;
  const observer = new globalThis.MutationObserver(() => {
    if (doc.querySelector('table tbody tr')) {
      globalThis.__rowsAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(doc, { childList: true, subtree: true });
};

/**
 * Loads /dashboard in a new page, waits until the machine table shows rows, then reads the last
 * LCP entry the page reported (buffered), after a short settle so a late candidate is included.
 */
async function loadDashboard(context, baseUrl) {
  const page = await context.newPage();
  try {
    await page.goto(`${baseUrl}/dashboard`);
    await page.locator('table tbody tr').first().waitFor({ state: 'visible', timeout: 30000 });
    return await page.evaluate(
      () =>
        new Promise((resolve) => {
          let last;
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            last = entries[entries.length - 1];
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          setTimeout(() => {
            const el = last?.element;
            resolve({
              ms: last ? last.startTime : NaN,
              element: el ? `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"` : last ? '(element removed)' : '(no entry)',
              size: last?.size ?? 0,
              rows: globalThis.document.querySelectorAll('table tbody tr').length,
              rowsAt: globalThis.__rowsAt ?? NaN,
            });
          }, 500);
        }),
    );
  } finally {
    await page.close();
  }
}

/** { machines, first: one load's figures, returning: { loads, p50, max, rowsAtP50, samples } }; times in ms since navigation. */
export async function measureLcp(product, { loads = 5, machines = 1000 } = {}) {
  const user = await fleetAccount(product.baseUrl, machines);
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  try {
    const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
    const page = await context.newPage();
    await page.goto(`${product.baseUrl}/login`);
    await page.getByLabel('Email Address').fill(user.username);
    await page.locator('input[name="password"]').fill(user.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 30000 });
    await page.locator('table tbody tr').first().waitFor({ state: 'visible', timeout: 30000 });
    const signedIn = await context.storageState();
    await page.close();

    // First visit: signed in (same stored session) but nothing in the HTTP cache.
    const fresh = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1, storageState: signedIn });
    await fresh.addInitScript(markRows);
    const first = await loadDashboard(fresh, product.baseUrl);
    await fresh.close();

    await context.addInitScript(markRows);
    const returning = [];
    for (let i = 0; i < loads; i++) {
      returning.push(await loadDashboard(context, product.baseUrl));
    }
    await context.close();
    const s = summarize(
      returning.map((r) => r.ms),
      0,
    );
    const rowsAt = summarize(
      returning.map((r) => r.rowsAt),
      0,
    );
    return {
      machines,
      first,
      returning: { loads: returning.length, p50: s.p50, max: Math.max(...returning.map((r) => r.ms)), rowsAtP50: rowsAt.p50, samples: returning },
    };
  } finally {
    await browser.close();
  }
}
