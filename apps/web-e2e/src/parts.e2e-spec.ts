import { ApiClient, createApprovedUser, type ApprovedUser } from '@wrenchlog/testing';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, expectNoErrorsThenClose, launch, openSession, signInAt, type Session } from './browser.js';

// Parts & Inventory Management (/parts) in a fresh account: suppliers, parts, stock filter, search,
// edit, Recently Viewed, delete, a refused supplier delete, and the sample inventory in another
// fresh account. The same journey at 1280 px and at 390 px.
const VIEWPORTS = [
  { name: 'desktop', prefix: 'parts-desktop', viewport: { width: 1280, height: 900 } },
  { name: 'mobile', prefix: 'parts-mobile', viewport: { width: 390, height: 844 } },
] as const;

async function openParts(page: Page, user: ApprovedUser): Promise<void> {
  await signInAt(page, '/parts', user);
  await page.getByRole('heading', { name: 'Parts & Inventory Management' }).waitFor();
}

async function partRows(page: Page): Promise<string[]> {
  await page.getByRole('table', { name: 'Parts' }).waitFor();
  return page.getByRole('table', { name: 'Parts' }).locator('tbody tr td:nth-child(2) button').allTextContents();
}

async function waitForRows(page: Page, expected: string[]): Promise<void> {
  const deadline = Date.now() + 10000;
  for (;;) {
    const rows = await partRows(page).catch(() => []);
    if (JSON.stringify(rows) === JSON.stringify(expected)) {
      return;
    }
    if (Date.now() > deadline) {
      throw new Error(`parts table: wanted ${JSON.stringify(expected)}, have ${JSON.stringify(rows)}`);
    }
    await page.waitForTimeout(100);
  }
}

async function addPart(
  page: Page,
  p: { number: string; name: string; description: string; category: string; quantity: string; min: string; price: string; supplier: string },
) {
  await page.getByRole('button', { name: 'Add Part' }).first().click();
  const form = page.getByRole('form', { name: 'Add New Part' });
  await form.waitFor();
  const save = form.getByRole('button', { name: 'Save Part' });
  expect(await save.isDisabled()).toBe(true);
  await form.getByLabel('Part Number').fill(p.number);
  await form.getByLabel('Brand').fill('Donaldson');
  await form.getByLabel('Name', { exact: false }).first().fill(p.name);
  await form.getByLabel('Description').fill(p.description);
  await form.getByLabel('Category').selectOption(p.category);
  await form.getByLabel('Quantity').fill(p.quantity);
  await form.getByLabel('Min Stock').fill(p.min);
  await form.getByLabel('Price').fill(p.price);
  await form.getByLabel('Supplier').selectOption({ label: p.supplier });
  await save.click();
  await form.waitFor({ state: 'detached' });
}

for (const { name, prefix, viewport } of VIEWPORTS) {
  describe(`parts and inventory at ${viewport.width} px`, () => {
    let browser: Browser;
    let s: Session;
    let api: ApiClient;
    const supplierName = `Yard Supply ${name}`;

    beforeAll(async () => {
      api = new ApiClient(baseUrl());
      browser = await launch();
      s = await openSession(browser, viewport, prefix);
    });

    expectNoErrorsThenClose(
      () => s,
      () => browser,
    );

    it('offers the sample inventory on an empty account and adds a supplier', async () => {
      await openParts(s.page, await createApprovedUser(api));
      await s.page.getByRole('button', { name: 'Load sample inventory' }).waitFor();
      await s.page.getByText('No parts yet').waitFor();
      await s.shot('01-empty');

      await s.page.getByRole('button', { name: 'Add Supplier' }).first().click();
      const form = s.page.getByRole('form', { name: 'Add New Supplier' });
      await form.waitFor();
      await form.getByLabel('Company Name').fill(supplierName);
      await form.getByLabel('Contact Person').fill('Dana Ruiz');
      await form.getByLabel('Email').fill('not-an-email');
      await form.getByLabel('Phone').fill('555-0142');
      await form.getByLabel('Address').fill('400 Quarry Rd, Boise, ID 83702');
      await form.getByText('Email must be a valid email address').waitFor();
      expect(await form.getByRole('button', { name: 'Save Supplier' }).isDisabled()).toBe(true);
      await s.shot('02-supplier-dialog');
      await form.getByLabel('Email').fill('dana@yardsupply.test');
      await form.getByRole('button', { name: 'Save Supplier' }).click();
      await form.waitFor({ state: 'detached' });
      // No longer an empty account.
      await s.page.getByRole('button', { name: 'Load sample inventory' }).waitFor({ state: 'detached' });
    });

    it('adds two parts, one of them low on stock', async () => {
      await addPart(s.page, {
        number: 'HF-6899',
        name: 'Hydraulic return filter',
        description: 'Spin-on, 10 micron',
        category: 'Hydraulic',
        quantity: '12',
        min: '4',
        price: '38.5',
        supplier: supplierName,
      });
      await addPart(s.page, {
        number: 'BLT-220',
        name: 'Alternator belt',
        description: 'Serpentine, 8 rib',
        category: 'Belts',
        quantity: '1',
        min: '3',
        price: '24.99',
        supplier: supplierName,
      });
      await waitForRows(s.page, ['Hydraulic return filter', 'Alternator belt'].sort());
      await s.page.getByText('page 1 of 1').waitFor();
      expect(await s.page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
      expect(await s.page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
      await s.shot('03-parts');
    });

    it('filters by stock level and searches', async () => {
      const stock = s.page.getByRole('combobox', { name: 'Stock level' });
      await stock.selectOption({ label: 'Low Stock' });
      await waitForRows(s.page, ['Alternator belt']);
      await s.shot('04-low-stock');
      await stock.selectOption({ label: 'In Stock' });
      await waitForRows(s.page, ['Hydraulic return filter']);
      await stock.selectOption({ label: 'Out of Stock' });
      await s.page.getByText('No matches').waitFor();
      await stock.selectOption({ label: 'All Stock Levels' });
      await s.page.getByPlaceholder('Search parts by name, part number, or description...').fill('10 micron');
      await waitForRows(s.page, ['Hydraulic return filter']);
      await s.page.getByPlaceholder('Search parts by name, part number, or description...').fill('blt-2');
      await waitForRows(s.page, ['Alternator belt']);
      await s.shot('05-search');
      await s.page.getByRole('button', { name: 'Clear search' }).click();
      await waitForRows(s.page, ['Alternator belt', 'Hydraulic return filter']);
    });

    it('edits a part and finds it in Recently Viewed', async () => {
      await s.page.getByRole('button', { name: 'Alternator belt' }).click();
      const form = s.page.getByRole('form', { name: 'Edit Part' });
      await form.waitFor();
      expect(await form.getByLabel('Supplier').inputValue()).not.toBe('');
      await form.getByLabel('Quantity').fill('0');
      await form.getByLabel('Price').fill('26.4');
      await s.shot('06-edit-part');
      await form.getByRole('button', { name: 'Save Part' }).click();
      await form.waitFor({ state: 'detached' });
      const row = s.page.getByRole('table', { name: 'Parts' }).getByRole('row').filter({ hasText: 'Alternator belt' });
      await row.locator('[data-color="red"]').getByText('0', { exact: true }).waitFor();

      await s.page.getByRole('tab', { name: 'Recently Viewed' }).click();
      await s.page.waitForURL((url) => url.searchParams.get('tab') === 'recent');
      const card = s.page.getByTestId('recent-card').filter({ hasText: 'Alternator belt' });
      await card.getByText('Out of Stock').waitFor();
      await card.getByText('$26.40').waitFor();
      await card.getByText('Qty: 0').waitFor();
      await s.shot('07-recent');
      // Kept across a reload.
      await s.page.reload();
      await s.page.getByTestId('recent-card').filter({ hasText: 'Alternator belt' }).waitFor();
      await s.page.getByTestId('recent-card').first().click();
      await s.page.getByRole('form', { name: 'Edit Part' }).waitFor();
      await s.page.getByRole('form', { name: 'Edit Part' }).getByRole('button', { name: 'Cancel' }).click();
      await s.page.getByRole('tab', { name: 'Parts Management' }).click();
    });

    it('deletes a part after confirming', async () => {
      await s.page.getByRole('button', { name: 'Hydraulic return filter' }).click();
      const form = s.page.getByRole('form', { name: 'Edit Part' });
      await form.getByRole('button', { name: 'Delete Part' }).click();
      await form.getByText('Are you sure you want to delete this part? This action cannot be undone.').waitFor();
      await s.shot('08-delete-part');
      await form.getByRole('button', { name: 'Delete', exact: true }).click();
      await form.waitFor({ state: 'detached' });
      await waitForRows(s.page, ['Alternator belt']);
    });

    it('refuses to delete a supplier a part still uses, with the server message', async () => {
      await s.page.getByRole('tab', { name: 'Suppliers' }).click();
      await s.page.getByRole('table', { name: 'Suppliers' }).getByText('Boise, ID').waitFor();
      await s.shot('09-suppliers');
      await s.page.getByRole('row', { name: `Edit supplier ${supplierName}` }).click();
      const form = s.page.getByRole('form', { name: 'Edit Supplier' });
      await form.getByRole('button', { name: 'Delete Supplier' }).click();
      await form.getByText('Are you sure you want to delete this supplier? This action cannot be undone.').waitFor();
      await form.getByRole('button', { name: 'Delete', exact: true }).click();
      const alert = form.getByRole('alert');
      await alert.waitFor();
      expect((await alert.textContent())?.length).toBeGreaterThan(10);
      await s.shot('10-supplier-in-use');
      // The browser logs the refused request (409) itself; that one is expected.
      s.errors.splice(0, s.errors.length, ...s.errors.filter((e) => !/status of 409/.test(e)));
      await form.getByRole('button', { name: 'Cancel' }).click();
      await form.waitFor({ state: 'detached' });
    });

    it('shows the Quick Stats', async () => {
      const toggle = s.page.getByRole('button', { name: /Quick Stats/ });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await toggle.click();
      await s.page.getByText('Total Parts').waitFor();
      await s.shot('11-quick-stats');
    });

    it('loads the sample inventory in another fresh account', async () => {
      const other = await openSession(browser, viewport, `${prefix}-sample`);
      try {
        await openParts(other.page, await createApprovedUser(api));
        await other.page.getByRole('button', { name: 'Load sample inventory' }).click();
        await other.page.getByRole('button', { name: 'Load sample inventory' }).waitFor({ state: 'detached' });
        await other.page.getByRole('table', { name: 'Parts' }).waitFor();
        expect((await partRows(other.page)).length).toBe(10);
        await other.page.getByRole('button', { name: /Quick Stats/ }).click();
        await other.page.getByText('Total Parts').waitFor();
        await other.shot('01-sample-loaded');
        await other.page.getByRole('tab', { name: 'Suppliers' }).click();
        await other.page.getByRole('table', { name: 'Suppliers' }).waitFor();
        await other.shot('02-sample-suppliers');
        expect(other.errors).toEqual([]);
      } finally {
        await other.close();
      }
    });
  });
}
