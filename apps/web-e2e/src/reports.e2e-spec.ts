import { ApiClient, createApprovedUser, createMachine, expectEventually, serviceRecordFor } from '@wrenchlog/testing';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, expectCleanPageAfterEach, launch, openSession, seriousViolations, signInAt, type Session } from './browser.js';

// Issue 22 in the browser against the real back end: records made through the API, then the
// Reports screen (figures, chart, fleet table and its CSV) and a machine's Reports tab, at 1280 px
// and at 390 px, each with its own user. Another user's records never count.

const year = new Date().getFullYear();

const money = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Reloads until `check` passes (report-service hears of records by events). */
async function eventually(page: Page, check: () => Promise<void>): Promise<void> {
  await expectEventually(
    async () => {
      try {
        await check();
      } catch (err) {
        await page.reload();
        throw err;
      }
    },
    30000,
    500,
  );
}

describe.each([
  { width: 1280, height: 900, name: 'desktop' },
  { width: 390, height: 844, name: 'mobile' },
])('reports at $width px', ({ width, height, name }) => {
  let browser: Browser;
  let s: Session;
  let tractor: number;
  let truck: number;
  const suffix = `${name} ${Date.now() % 100000}`;
  // What the owner's records add up to (the figures the screen must show).
  const fuel = [45.99, 40];
  const service = 120;
  const parts = 30.5 * 2;
  const total = fuel[0] + fuel[1] + service + parts;

  beforeAll(async () => {
    const api = new ApiClient(baseUrl());
    const [owner, other] = await Promise.all([createApprovedUser(api, { name: `Reports ${name}` }), createApprovedUser(api, { name: `Other ${name}` })]);
    tractor = (await createMachine(api, owner.token, { name: `Tractor ${suffix}`, type: 'Tractor' })).id as number;
    truck = (await createMachine(api, owner.token, { name: `Truck ${suffix}`, type: 'Truck' })).id as number;
    const post = async (path: string, body: unknown, token: string) => {
      const res = await api.post(path, body, token);
      expect(res.status).toBe(201);
    };
    await serviceRecordFor(api, owner.token, tractor, { title: 'Hydraulic service', serviceDate: `${year}-01-10`, price: service });
    await post(
      '/api/fuel-records',
      { machineId: tractor, amount: 12, pricePerUnit: 3.5, totalPrice: fuel[0], dateOfPurchase: `${year}-01-20T12:00:00.000Z`, currentMileage: 1000 },
      owner.token,
    );
    await post(
      '/api/fuel-records',
      {
        machineId: tractor,
        amount: 10,
        pricePerUnit: 4,
        totalPrice: fuel[1],
        dateOfPurchase: `${year}-02-20T12:00:00.000Z`,
        currentMileage: 1300,
        fullTank: true,
      },
      owner.token,
    );
    await post(
      '/api/purchases',
      {
        partName: 'Hydraulic Hose',
        partDescription: 'Hose',
        quantity: 2,
        price: 30.5,
        storeName: 'Heartland',
        partStatus: 'Purchased',
        purchaseDate: `${year}-02-03T13:00:00.000Z`,
        machineId: truck,
      },
      owner.token,
    );
    // Another user's machine and record: never in the owner's figures.
    const theirs = (await createMachine(api, other.token, { name: `Their tractor ${suffix}`, type: 'Tractor' })).id as number;
    await serviceRecordFor(api, other.token, theirs, { title: 'Not yours', serviceDate: `${year}-01-15`, price: 999 });

    browser = await launch();
    s = await openSession(browser, { width, height }, `reports-${name}`);
    await signInAt(s.page, '/reports', owner);
  });

  afterAll(async () => {
    await s?.close();
    await browser?.close();
  });

  expectCleanPageAfterEach(() => s);

  it('is in the navigation: the side bar on a desktop, the header menu on a phone', async () => {
    await s.page.goto('/dashboard');
    if (width >= 1000) {
      await s.page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Reports' }).click();
    } else {
      await s.page.getByRole('button', { name: 'Open menu' }).click();
      await s.page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Reports' }).click();
    }
    await s.page.waitForURL((url) => url.pathname === '/reports');
    await s.page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
  });

  it("shows this year's costs as the records add up, with the chart drawn, and only the owner's", async () => {
    const totals = s.page.getByRole('region', { name: 'Totals' });
    await eventually(s.page, async () => {
      expect(await totals.getByRole('group', { name: 'Total' }).textContent({ timeout: 3000 })).toContain(money(total));
    });
    expect(await totals.getByRole('group', { name: 'Fuel' }).textContent()).toContain(money(fuel[0] + fuel[1]));
    expect(await totals.getByRole('group', { name: 'Service' }).textContent()).toContain(money(service));
    expect(await totals.getByRole('group', { name: 'Parts' }).textContent()).toContain(money(parts));
    // Engine hours were never recorded: n/a, not infinity or $0.00.
    expect(await totals.getByRole('group', { name: 'Cost per engine hour' }).textContent()).toContain('n/a');
    const chart = s.page.locator('.recharts-bar-rectangle').first();
    await chart.waitFor();
    await chart.scrollIntoViewIfNeeded();
    const box = await chart.boundingBox();
    expect(box && box.width > 0 && box.height > 0).toBe(true);
    const months = s.page.getByRole('table', { name: 'Cost by month' });
    expect(await months.getByRole('row', { name: new RegExp(`^Jan ${year}`) }).textContent()).toContain(money(service + fuel[0]));
    await s.shot('screen');
    expect(await seriousViolations(s.page)).toEqual([]);
  });

  it('has a fleet table whose totals row is the sum of its rows, sortable from the keyboard', async () => {
    const table = s.page.getByRole('table', { name: 'Fleet' });
    await table.waitFor();
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBe(2);
    const totalsRow = table.getByTestId('fleet-totals');
    expect(await totalsRow.locator('td').nth(3).textContent()).toBe(money(total));
    const firstName = async () => (await rows.first().locator('td').first().textContent())?.trim();
    expect(await firstName()).toBe(`Tractor ${suffix}`);
    // Keyboard: focus the Total column's sort button and flip it.
    const totalSort = table.getByRole('button', { name: 'Total', exact: true });
    await totalSort.focus();
    await s.page.keyboard.press('Enter');
    expect(await table.getByRole('columnheader', { name: 'Total', exact: true }).getAttribute('aria-sort')).toBe('ascending');
    expect(await firstName()).toBe(`Truck ${suffix}`);
  });

  it('downloads the fleet table as CSV', async () => {
    const [download] = await Promise.all([s.page.waitForEvent('download'), s.page.getByRole('button', { name: 'Download CSV' }).click()]);
    const csv = readFileSync((await download.path()) as string, 'utf8');
    expect(csv).toContain(`Tractor ${suffix}`);
    expect(csv).not.toContain('Their tractor');
    await s.page.getByText(/^Saved .*\.csv$/).waitFor();
  });

  it("shows the server's message for a period that ends before it starts", async () => {
    await s.page.goto(`/reports?period=custom&from=${year}-05-01&to=${year}-01-01`);
    // The costs and the fleet table each say why they cannot be made.
    await expectEventually(async () => expect(await s.page.getByRole('alert').count()).toBe(2), 10000, 100);
    for (const alert of await s.page.getByRole('alert').all()) {
      expect(await alert.textContent()).toContain('to must be on or after from');
    }
    // And under the field it names.
    expect(await s.page.getByLabel('To', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    // The browser logs the refused requests; they are this test's point.
    s.errors.splice(0, s.errors.length, ...s.errors.filter((e) => !/status of 400/.test(e)));
  });

  it("shows the machine's own figures on its Reports tab", async () => {
    await s.page.goto(`/machines/${tractor}`);
    const tab = s.page.getByRole('tab', { name: 'Reports' });
    await tab.click();
    await s.page.getByRole('tab', { name: 'Reports', selected: true }).waitFor();
    await s.page.waitForURL((url) => url.searchParams.get('tab') === 'reports');
    const totals = s.page.getByRole('region', { name: 'Totals' });
    await eventually(s.page, async () => {
      expect(await totals.getByRole('group', { name: 'Total' }).textContent({ timeout: 3000 })).toContain(money(service + fuel[0] + fuel[1]));
    });
    await s.page.locator('.recharts-bar-rectangle').first().waitFor();
    await s.shot('machine-tab');
    expect(await seriousViolations(s.page)).toEqual([]);
  });

  it("downloads the machine's history as CSV and as PDF", async () => {
    const history = s.page.getByRole('region', { name: 'Download history' });
    const [csv] = await Promise.all([s.page.waitForEvent('download'), history.getByRole('button', { name: 'Download CSV' }).click()]);
    const text = readFileSync((await csv.path()) as string, 'utf8');
    expect(text).toContain('Hydraulic service');
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    const [pdf] = await Promise.all([s.page.waitForEvent('download'), history.getByRole('button', { name: 'Download PDF' }).click()]);
    const bytes = readFileSync((await pdf.path()) as string);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    await history.getByText(/^Saved .*\.pdf$/).waitFor();
  });
});

// Issue 36: at 390 px a five-figure month's axis label ("$80,000.00") was cut off at the chart's left.
describe('the cost chart at 390 px with five-figure months', () => {
  let browser: Browser;
  let s: Session;

  beforeAll(async () => {
    const api = new ApiClient(baseUrl());
    const owner = await createApprovedUser(api, { name: 'Reports large' });
    const loader = (await createMachine(api, owner.token, { name: `Loader ${Date.now() % 100000}`, type: 'Loader' })).id as number;
    await serviceRecordFor(api, owner.token, loader, { title: 'Engine rebuild', serviceDate: `${year}-01-10`, price: 80000 });
    await serviceRecordFor(api, owner.token, loader, { title: 'Final drive', serviceDate: `${year}-02-10`, price: 35250.75 });
    browser = await launch();
    s = await openSession(browser, { width: 390, height: 844 }, 'reports-large');
    await signInAt(s.page, '/reports', owner);
  });

  afterAll(async () => {
    await s?.close();
    await browser?.close();
  });

  expectCleanPageAfterEach(() => s);

  it('shows every y-axis label whole, inside the chart and the screen', async () => {
    const totals = s.page.getByRole('region', { name: 'Totals' });
    await eventually(s.page, async () => {
      expect(await totals.getByRole('group', { name: 'Total' }).textContent({ timeout: 3000 })).toContain(money(115250.75));
    });
    // The months have service costs only: fuel's and parts' bars are there but empty (hidden).
    await s.page.locator('.recharts-bar-rectangle').first().waitFor({ state: 'attached' });
    const chart = s.page.getByTestId('cost-chart');
    await chart.scrollIntoViewIfNeeded();
    const surface = await chart.locator('svg.recharts-surface').first().boundingBox();
    const ticks = chart.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value');
    await expectEventually(async () => expect(await ticks.count()).toBeGreaterThan(2), 5000, 100);
    const labels: string[] = [];
    for (const tick of await ticks.all()) {
      const box = await tick.boundingBox();
      labels.push(((await tick.textContent()) ?? '').trim());
      expect(box).not.toBeNull();
      // Whole: not left of the drawing (its overflow is cut) nor of the screen.
      expect(box!.x).toBeGreaterThanOrEqual(Math.max(0, surface!.x) - 0.5);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    }
    // The highest label reads as money.
    expect(labels.some((label) => /^\$\d+K$/.test(label))).toBe(true);
    await s.shot('large-chart');
  });
});
