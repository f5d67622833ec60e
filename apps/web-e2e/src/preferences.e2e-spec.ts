import { ApiClient, createApprovedUser, createMachine, expectEventually, type ApprovedUser } from '@wrenchlog/testing';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, expectNoErrorsThenClose, launch, openSession, seriousViolations, signIn, type Session } from './browser.js';

// Issue 34: a member's units and theme. A fuel record typed in litres reads back in litres exactly,
// in gallons once the member switches, and in litres again as typed; dark mode is Mantine's dark
// colour scheme, kept over a reload, and the dashboard passes axe in it.
describe('preferences: units and dark mode', () => {
  let browser: Browser;
  let s: Session;
  let api: ApiClient;
  let owner: ApprovedUser;
  let machineId: number;

  /** Saves the member's own preferences from Settings, as a user would. */
  async function choose(page: Page, choices: Record<string, string>): Promise<void> {
    await page.goto('/settings');
    const form = page.getByRole('form', { name: 'Preferences form' });
    for (const [label, value] of Object.entries(choices)) {
      await form.getByLabel(label, { exact: true }).selectOption(value);
    }
    await form.getByRole('button', { name: 'Save preferences' }).click();
    await page.getByRole('status').filter({ hasText: 'Preferences saved.' }).waitFor();
  }

  /**
   * Saves a date format from Settings. The screens start again in the new format (PreferencesSync),
   * which takes the "saved" notice with them: the saved preference is what tells.
   */
  async function chooseDateFormat(page: Page, dateFormat: string): Promise<void> {
    await page.goto('/settings');
    const form = page.getByRole('form', { name: 'Preferences form' });
    await form.getByLabel('Date format', { exact: true }).selectOption(dateFormat);
    await form.getByRole('button', { name: 'Save preferences' }).click();
    await expectEventually(async () => expect((await api.get('/api/user/preferences', owner.token)).body.dateFormat).toBe(dateFormat));
  }

  /** The amount cell of the machine's only fuel record in its Fuel History tab. */
  async function historyAmount(page: Page, header: string): Promise<string> {
    await page.goto(`/machines/${machineId}?tab=fuel`);
    const table = page.getByRole('main').getByRole('table');
    await table.getByRole('columnheader', { name: header }).waitFor();
    const row = table.getByRole('row').nth(1);
    await row.waitFor();
    const headers = await table.getByRole('columnheader').allInnerTexts();
    const cells = await row.getByRole('cell').allInnerTexts();
    return cells[headers.findIndex((h) => h.includes(header))]!.trim();
  }

  beforeAll(async () => {
    api = new ApiClient(baseUrl());
    owner = await createApprovedUser(api, { name: 'Metric Crew' });
    machineId = (await createMachine(api, owner.token, { name: `Metric tractor ${Date.now() % 100000}` })).id as number;
    browser = await launch();
    s = await openSession(browser, { width: 1280, height: 900 }, 'preferences');
    await s.page.goto('/login');
    await signIn(s.page, { username: owner.username, password: owner.password });
    await s.page.waitForURL((url) => url.pathname === '/dashboard');
  });
  expectNoErrorsThenClose(
    () => s,
    () => browser,
  );

  it('takes a fuel record in litres and km, shows it in litres, in gallons after a switch, and as typed after switching back', async () => {
    await choose(s.page, { Distance: 'km', 'Fuel volume': 'l', 'Fuel economy': 'l_per_100km' });

    await s.page.goto(`/fuel-record?machineId=${machineId}&mode=full`);
    const form = s.page.getByRole('form', { name: 'Create Fuel Record' });
    await form.getByLabel('Date and Time of Purchase').fill('2026-11-20T07:30');
    await form.getByLabel('Amount (L)').fill('45.37');
    await form.getByLabel('Price per Unit ($/L)').fill('1.899');
    expect(await form.getByLabel('Total Price ($)').inputValue()).toBe('86.16');
    await form.getByLabel('Current Mileage (km)').fill('16093');
    await form.getByRole('button', { name: 'Save Fuel Record' }).click();
    await s.page.getByText('Fuel record created successfully!').waitFor();
    await s.page.waitForURL((url) => /^\/fuel-record\/\d+$/.test(url.pathname));
    const id = Number(new URL(s.page.url()).pathname.split('/').pop());

    // The API keeps the spec's units: US gallons to 3 decimals, dollars per gallon, miles.
    const stored = (await api.get(`/api/fuel-records/${id}`, owner.token)).body;
    expect(stored).toMatchObject({ amount: 11.985, pricePerUnit: 7.188, totalPrice: 86.16, currentMileage: 9999.7 });

    expect(await historyAmount(s.page, 'Amount (L)')).toBe('45.37');

    await choose(s.page, { 'Fuel volume': 'gal_us' });
    expect(await historyAmount(s.page, 'Amount (gal)')).toBe('11.985');

    await choose(s.page, { 'Fuel volume': 'l' });
    expect(await historyAmount(s.page, 'Amount (L)')).toBe('45.37');
    await s.page.goto(`/fuel-record/${id}`);
    const details = s.page.getByRole('form', { name: 'Fuel Record Details' });
    await expectEventually(async () => expect(await details.getByLabel('Amount (L)').inputValue()).toBe('45.37'));
    expect(await details.getByLabel('Price per Unit ($/L)').inputValue()).toBe('1.899');
    expect(await details.getByLabel('Current Mileage (km)').inputValue()).toBe('16093');

    // Saving it unchanged moves nothing by a rounding.
    await details.getByRole('button', { name: 'Update Fuel Record' }).click();
    await s.page.getByText('Fuel record updated successfully!').waitFor();
    expect((await api.get(`/api/fuel-records/${id}`, owner.token)).body).toMatchObject({ amount: 11.985, pricePerUnit: 7.188, currentMileage: 9999.7 });
  });

  it('shows and takes every date in the chosen date format: lists, date-times and the date inputs, by keyboard (issue 38)', async () => {
    await chooseDateFormat(s.page, 'DD.MM.YYYY');
    try {
      // A list's date, and a record's date-time and date input, all in the one format.
      const fill = (
        await api.post(
          '/api/fuel-records',
          { machineId, amount: 10, pricePerUnit: 3, totalPrice: 30, dateOfPurchase: '2026-10-05T12:00:00.000Z', currentMileage: 100 },
          owner.token,
        )
      ).body as { id: number };
      await s.page.goto(`/machines/${machineId}?tab=fuel`);
      const table = s.page.getByRole('main').getByRole('table');
      await expectEventually(async () => expect(await table.innerText()).toContain('05.10.2026'));
      expect(await table.innerText()).not.toContain('2026-10-05');
      await s.page.goto(`/fuel-record/${fill.id}`);
      const details = s.page.getByRole('form', { name: 'Fuel Record Details' });
      await expectEventually(async () => expect(await details.getByLabel('Date and Time of Purchase').inputValue()).toMatch(/^05\.10\.2026 \d{2}:00$/));
      expect(await details.getByLabel('Date Created').inputValue()).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);

      // A machine's Purchase Date typed by keyboard in the member's format is stored as that day.
      await s.page.goto(`/machines/${machineId}`);
      await s.page.getByRole('button', { name: 'Edit machine' }).click();
      const purchase = s.page.getByLabel('Purchase Date', { exact: true });
      await purchase.focus();
      await s.page.keyboard.type('02.04.2020');
      await s.page.keyboard.press('Escape');
      await s.page.getByRole('button', { name: 'Save Changes' }).click();
      await expectEventually(async () =>
        expect(String((await api.get(`/api/machines/?machineId=${machineId}`, owner.token)).body.purchasedDate ?? '')).toBe('2020-04-02'),
      );
      // Saved, the open panel shows it in the same format.
      await s.page.getByTestId('basic-info').getByText('02.04.2020').waitFor();
    } finally {
      await chooseDateFormat(s.page, 'YYYY-MM-DD');
    }
  });

  it('switches to dark mode, keeps it over a reload, and the dashboard passes axe in it', async () => {
    const scheme = () =>
      s.page.evaluate(() =>
        (globalThis as unknown as { document: { documentElement: { getAttribute(n: string): string | null } } }).document.documentElement.getAttribute(
          'data-mantine-color-scheme',
        ),
      );
    await choose(s.page, { Theme: 'light' });
    await expectEventually(async () => expect(await scheme()).toBe('light'));

    await choose(s.page, { Theme: 'dark' });
    await expectEventually(async () => expect(await scheme()).toBe('dark'));

    await s.page.goto('/dashboard');
    await s.page.getByRole('main').getByText('Most Recent', { exact: false }).first().waitFor();
    // Set before the app's script runs (no light flash), and after it.
    expect(await scheme()).toBe('dark');
    await s.shot('dashboard-dark');
    expect(await seriousViolations(s.page)).toEqual([]);

    const found: string[] = [];
    for (const [path, text] of [
      [`/machines/${machineId}?tab=fuel`, 'Fuel History'],
      ['/machines', 'Metric tractor'],
      ['/settings', 'Account defaults'],
      ['/reports', 'Reports'],
      ['/services', 'Recent Machine Services'],
    ] as const) {
      await s.page.goto(path);
      await s.page.getByRole('main').getByText(text, { exact: false }).first().waitFor();
      found.push(...(await seriousViolations(s.page)).map((v) => `${path}: ${v}`));
    }
    expect(found).toEqual([]);
    await choose(s.page, { Theme: 'system' });
  });
});
