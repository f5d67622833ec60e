import { ApiClient, createApprovedUser, createMachine, type ApprovedUser } from '@wrenchlog/testing';
import type { Browser } from 'playwright-core';
import { baseUrl, expectCleanPageAfterEach, launch, openSession, seriousViolations, signInAt, type Session } from './browser.js';

// Issue 25, item 9: a machine's history tabs load 50 records at a time and more on demand.
describe("a machine's fuel history with more records than one load", () => {
  let browser: Browser;
  let s: Session;
  let owner: ApprovedUser;
  let machineId: number;

  beforeAll(async () => {
    const api = new ApiClient(baseUrl());
    owner = await createApprovedUser(api, { name: 'History Owner' });
    machineId = (await createMachine(api, owner.token, { name: 'Long history truck' })).id as number;
    for (let start = 0; start < 55; start += 11) {
      const batch = Array.from({ length: 11 }, (_, i) => {
        const day = start + i;
        const body = {
          machineId,
          amount: 10 + day,
          pricePerUnit: 3,
          totalPrice: (10 + day) * 3,
          dateOfPurchase: new Date(Date.UTC(2025, 0, 1 + day, 12)).toISOString(),
        };
        return api.post('/api/fuel-records', body, owner.token);
      });
      expect((await Promise.all(batch)).every((r) => r.status === 201)).toBe(true);
    }
    browser = await launch();
    s = await openSession(browser, { width: 1280, height: 900 }, 'history');
    await signInAt(s.page, `/machines/${machineId}`, owner);
  });

  afterAll(async () => {
    await s?.close();
    await browser?.close();
  });

  it('shows the newest 50 with "Load more", and all 55 after it', async () => {
    const page = s.page;
    await page.getByText('Showing 50 of 55').waitFor();
    // Newest first: 2025-02-24 is the 55th day; the 50 loaded end at 2025-01-06.
    expect(await page.getByRole('row').nth(1).textContent()).toContain('2025-02-24');

    await page.getByRole('button', { name: 'Load more' }).click();

    await page.getByText('Showing 50 of 55').waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    while ((await page.getByText('Page 7 of 7').count()) === 0) {
      await page.getByRole('button', { name: 'Next' }).click();
    }
    // The oldest record came with the second load, on the last of the table's pages.
    await page.getByRole('cell', { name: '2025-01-01' }).waitFor();
    await s.shot('01-loaded-more');
    expect(s.errors).toEqual([]);
  });
});

// Issue 38 at 390 px: the Fuel History tab's odometer and economy, and Archive as its own action, by keyboard.
describe("a pickup's fuel history and its archive action at 390 px", () => {
  let browser: Browser;
  let s: Session;
  let machineId: number;
  const name = `Pickup 38 ${Date.now() % 100000}`;

  beforeAll(async () => {
    const api = new ApiClient(baseUrl());
    const owner = await createApprovedUser(api, { name: 'Pickup Owner' });
    machineId = (await createMachine(api, owner.token, { name, type: 'Pickup' })).id as number;
    // A first full fill with its last mileage (300 mi on 15 gal), then 300 mi on 14 gal full to full.
    const fills = [
      { day: 1, amount: 15, currentMileage: 47000, lastMileage: 46700 },
      { day: 9, amount: 14, currentMileage: 47300, lastMileage: 47000 },
    ];
    for (const f of fills) {
      const res = await api.post(
        '/api/fuel-records',
        {
          machineId,
          amount: f.amount,
          pricePerUnit: 3.5,
          totalPrice: f.amount * 3.5,
          dateOfPurchase: new Date(Date.UTC(2026, 2, f.day, 12)).toISOString(),
          currentMileage: f.currentMileage,
          lastMileage: f.lastMileage,
        },
        owner.token,
      );
      expect(res.status).toBe(201);
    }
    browser = await launch();
    s = await openSession(browser, { width: 390, height: 844 }, 'history-38');
    await signInAt(s.page, `/machines/${machineId}?tab=fuel`, owner);
  });

  afterAll(async () => {
    await s?.close();
    await browser?.close();
  });

  expectCleanPageAfterEach(() => s);

  it("shows each fill's odometer and economy in the Fuel History tab", async () => {
    const table = s.page.getByRole('main').getByRole('table');
    // A phone: the odometer under the date and the economy under the amount, the cost in view without scrolling sideways.
    await table.getByRole('columnheader', { name: /Cost/ }).waitFor();
    expect(await table.getByRole('columnheader').allInnerTexts()).toEqual(['Date', 'Amount (gal)', 'Cost ($)']);
    const rows = table.getByRole('row');
    const cells = async (n: number) => (await rows.nth(n).getByRole('cell').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
    const [newer, older] = [await cells(1), await cells(2)];
    expect(newer.slice(0, 2)).toEqual([expect.stringMatching(/^2026-03-09 (Odometer )?47,300 mi$/), expect.stringMatching(/^14 (Economy )?21\.4 MPG$/)]);
    expect(older.slice(0, 2)).toEqual([expect.stringMatching(/^2026-03-01 (Odometer )?47,000 mi$/), expect.stringMatching(/^15 (Economy )?20 MPG$/)]);
    await s.shot('fuel-history');
    const cost = (await table.getByRole('columnheader', { name: /Cost/ }).boundingBox())!;
    // Inside the card (page and card padding at 390 px): nothing hidden to the right.
    expect(cost.x + cost.width).toBeLessThanOrEqual(360);
    await s.page.getByText(/Economy is per full fill/).waitFor();
    expect(await seriousViolations(s.page)).toEqual([]);
  });

  it('archives the machine from its own action, by keyboard, and it can be restored', async () => {
    await s.page.getByRole('button', { name: 'Edit machine' }).focus();
    await s.page.keyboard.press('Tab');
    expect(
      await s.page.evaluate(() =>
        (globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string | null } } }).document.activeElement.getAttribute(
          'aria-label',
        ),
      ),
    ).toBe('Archive machine');
    await s.page.keyboard.press('Enter');
    const dialog = s.page.getByRole('dialog', { name: `Archive ${name}?` });
    await dialog.waitFor();
    await s.shot('archive-dialog');
    // The dialog's first focus is its Archive button: Enter archives.
    await s.page.keyboard.press('Enter');
    await s.page.getByTestId('archived-banner').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await s.page.getByRole('button', { name: 'Archive machine' }).count()).toBe(0);
    await s.page.getByRole('button', { name: `Restore ${name}` }).click();
    await s.page.getByTestId('archived-banner').waitFor({ state: 'detached' });
    await s.page.getByRole('button', { name: 'Archive machine' }).waitFor();
  });
});
