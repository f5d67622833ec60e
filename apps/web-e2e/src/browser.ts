import { TEST_ADMIN } from '@wrenchlog/testing';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import sharp from 'sharp';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOTS = join(process.env.WRENCHLOG_ROOT ?? process.cwd(), 'apps', 'web-e2e', 'screenshots');

export function baseUrl(): string {
  const url = process.env.E2E_WEB_URL;
  if (!url) {
    throw new Error('E2E_WEB_URL is not set: run through the web-e2e jest config (its global setup starts the product)');
  }
  return url;
}

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
    ],
  });
}

export interface Session {
  context: BrowserContext;
  page: Page;
  /** Uncaught exceptions and console errors seen so far. */
  errors: string[];
  shot(name: string): Promise<void>;
  close(): Promise<void>;
}

/** A fresh browser context at the given viewport (and options, e.g. a time zone) that records every uncaught error and console error. */
export async function openSession(
  browser: Browser,
  viewport: { width: number; height: number },
  prefix: string,
  options: BrowserContextOptions = {},
): Promise<Session> {
  const context = await browser.newContext({ viewport, baseURL: baseUrl(), deviceScaleFactor: 1, ...options });
  const page = await context.newPage();
  page.setDefaultTimeout(15000);
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') {
      // A failed request's message names no URL: its location does.
      const url = msg.location().url;
      errors.push(`console: ${msg.text()}${url && msg.text().startsWith('Failed to load resource') ? ` (${new URL(url).pathname})` : ''}`);
    }
  });
  mkdirSync(SCREENSHOTS, { recursive: true });
  return {
    context,
    page,
    errors,
    shot: async (name) => {
      // From the top, so fixed header, navigation and bottom bar sit where a user sees them.
      await page.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0));
      await page.waitForTimeout(300); // let transitions settle
      await page.screenshot({ path: join(SCREENSHOTS, `${prefix}-${name}.png`), fullPage: true });
    },
    close: () => context.close(),
  };
}

export async function signIn(page: Page, credentials: { username: string; password: string } = TEST_ADMIN): Promise<void> {
  await page.getByLabel('Email Address').fill(credentials.username);
  await page.locator('input[name="password"]').fill(credentials.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Opens `path` signed out, signs in on the login page it leads to, and waits until the app is back on `path`'s page (its path, the query aside). */
export async function signInAt(page: Page, path: string, credentials: { username: string; password: string }): Promise<void> {
  await page.goto(path);
  await page.waitForURL((url) => url.pathname === '/login');
  await signIn(page, credentials);
  const landing = new URL(path, baseUrl()).pathname;
  await page.waitForURL((url) => url.pathname === landing);
}

/** A JPEG photo-like test image (gradient and shapes) of the given size. */
export async function makeJpeg(width: number, height: number, hue: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hue}"/><stop offset="1" stop-color="#222"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#fff" fill-opacity="0.35"/>
    <rect x="${width / 8}" y="${(height * 2) / 3}" width="${width / 2}" height="${height / 10}" fill="#ffd43b"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer();
}

/** Waits until `count` images match `selector` and every one has loaded real pixels. */
export async function waitForImages(page: Page, selector: string, count: number, extra: (src: string) => boolean = () => true): Promise<void> {
  const deadline = Date.now() + 20000;
  for (;;) {
    const state = await page.locator(selector).evaluateAll((els) =>
      els.map((el) => {
        const img = el as unknown as { complete: boolean; naturalWidth: number; src: string };
        return { ok: img.complete && img.naturalWidth > 0, src: img.src };
      }),
    );
    if (state.length === count && state.every((s) => s.ok && extra(s.src))) {
      return;
    }
    if (Date.now() > deadline) {
      throw new Error(`images ${selector}: wanted ${count} loaded, have ${JSON.stringify(state)}`);
    }
    await page.waitForTimeout(100);
  }
}

/** How wide the page's content is (scrollWidth) and how wide its viewport (clientWidth), in CSS pixels. */
export function pageWidths(page: Page): Promise<{ scrollWidth: number; clientWidth: number }> {
  return page.evaluate(() => {
    const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
}

// Evaluated rather than added as a <script>: the product's CSP (script-src 'self') rightly blocks inline scripts.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** axe-core's serious and critical violations on the page as it is now, one readable line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const w = globalThis as unknown as { document: unknown; axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: AxeViolation[] }> } };
    const result = await w.axe.run(w.document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary ?? ''})`).join(', ')}`);
}

/** After each test of the describe block: no uncaught or console error on the session's page, and nothing wider than its viewport (no sideways scrolling). */
export function expectCleanPageAfterEach(session: () => Session): void {
  afterEach(async () => {
    expect(session().errors).toEqual([]);
    const { scrollWidth, clientWidth } = await pageWidths(session().page);
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  });
}

/** For a describe block: no page error after each test; after all of them its session closes, then the browser when the block launched one. */
export function expectNoErrorsThenClose(session: () => Session | undefined, browser?: () => Browser | undefined): void {
  afterEach(() => {
    expect(session()!.errors).toEqual([]);
  });
  afterAll(async () => {
    await session()?.close();
    await browser?.()?.close();
  });
}
