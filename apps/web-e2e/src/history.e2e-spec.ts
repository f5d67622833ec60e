import { ApiClient, createApprovedUser, createMachine, type ApprovedUser } from '@wrenchlog/testing';
import type { Browser } from 'playwright-core';
import { baseUrl, launch, openSession, signInAt, type Session } from './browser.js';

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
