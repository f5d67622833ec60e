import type { Browser } from 'playwright-core';
import { expectNoErrorsThenClose, launch, openSession, signIn, type Session } from './browser.js';

// The same product on a 390 px phone: bottom bar instead of side navigation, cards instead of tables.
describe('web app at 390 px', () => {
  let browser: Browser;
  let s: Session;
  const names = [`Zero-turn mower ${Date.now() % 100000}`, `Atlas excavator ${Date.now() % 100000}`];

  beforeAll(async () => {
    browser = await launch();
    s = await openSession(browser, { width: 390, height: 844 }, 'mobile');
  });

  expectNoErrorsThenClose(
    () => s,
    () => browser,
  );

  it('signs in from the guard redirect and shows the bottom bar', async () => {
    await s.page.goto('/dashboard');
    await s.page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('returnUrl') === '/dashboard');
    await s.shot('01-login');
    await signIn(s.page);
    await s.page.waitForURL((url) => url.pathname === '/dashboard');
    const bar = s.page.getByRole('navigation', { name: 'Sections' });
    await bar.waitFor();
    expect(await bar.getByRole('link').allTextContents()).toEqual(['Dashboard', 'Machines', 'Services', 'Parts', 'Create']);
    const box = await bar.boundingBox();
    expect(box!.y + box!.height).toBeGreaterThan(780);
    await s.page
      .getByText(/No machines yet|Most Recent/)
      .first()
      .waitFor();
    await s.shot('02-dashboard');
  });

  it('opens the header menu', async () => {
    await s.page.getByRole('button', { name: 'Open menu' }).click();
    const menu = s.page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByText('Logout').waitFor();
    expect(await menu.locator('a,button').allTextContents()).toEqual([
      'Home',
      'Dashboard',
      'Due',
      'Work orders',
      'My work',
      'Reports',
      'Settings',
      'Pricing',
      'Roadmap',
      'About',
      'Logout',
    ]);
    await s.shot('03-menu');
    await s.page.getByRole('button', { name: 'Close menu' }).click();
  });

  it('creates two machines from Fast Create and sorts the cards', async () => {
    await s.page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Create' }).click();
    await s.page.getByRole('heading', { name: 'Fast Create' }).waitFor();
    const form = s.page.getByRole('form', { name: 'Create New Machine' });
    for (const [i, name] of names.entries()) {
      await form.getByLabel('Name').fill(name);
      await form.getByLabel('Year').fill(String(2015 + i));
      await form.getByLabel('Make').fill(i ? 'Caterpillar' : 'Toro');
      await form.getByLabel('Model').fill(i ? '320' : 'TimeCutter');
      await form.getByRole('button', { name: 'Create New Machine' }).click();
      await form.getByText('Machine created successfully!').waitFor();
    }
    await s.shot('04-fast-create');
    await s.page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Machines' }).click();
    await s.page.getByRole('heading', { name: 'Browse Machines' }).waitFor();
    await s.page.getByRole('link', { name: names[1] }).waitFor();
    const order = async () =>
      (await s.page.locator('a[href^="/machines/"]').evaluateAll((as) => as.map((a) => a.querySelector('p')?.textContent ?? null))).filter((n) =>
        names.includes(n ?? ''),
      );
    expect(await order()).toEqual([names[1], names[0]]);
    await s.page.getByRole('button', { name: 'Name' }).click();
    expect(await order()).toEqual([names[0], names[1]]);
    await s.shot('05-machines-cards');
  });

  it('shows the details on a phone and deletes a machine', async () => {
    await s.page.getByRole('link', { name: names[0] }).click();
    await s.page.getByRole('heading', { name: names[0] }).waitFor();
    await s.page.getByText('No fuel records yet').waitFor();
    const status = s.page.getByLabel('Machine status');
    await status.click();
    await status.fill('');
    const saved = s.page.waitForResponse((r) => r.url().endsWith('/api/machines/update') && r.request().method() === 'PUT');
    await s.page.getByRole('option', { name: 'Under Repair' }).click();
    expect((await saved).status()).toBe(200);
    await s.page.getByRole('button', { name: 'Expand details' }).click();
    await s.page.getByTestId('basic-info').getByText('Under Repair', { exact: true }).waitFor();
    await s.page.getByText('License Expiration Date').waitFor();
    await s.shot('06-details');
    await s.page.getByRole('button', { name: 'Delete machine' }).click();
    await s.page.getByRole('button', { name: 'Yes, delete' }).click();
    await s.page.waitForURL((url) => url.pathname === '/machines');
    await s.page.getByRole('link', { name: names[1] }).waitFor();
    await s.page.getByRole('link', { name: names[0] }).waitFor({ state: 'detached' });
    await s.shot('07-after-delete');
  });
});
