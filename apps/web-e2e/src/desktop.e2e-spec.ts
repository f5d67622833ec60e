import { TEST_ADMIN } from '@wrenchlog/testing';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { baseUrl, expectNoErrorsThenClose, launch, makeJpeg, openSession, signIn, waitForImages, type Session } from './browser.js';

// One signed-in journey at 1280 px: guard, sign-in, create, list, dashboard, details, edit, status,
// photos, history tabs, delete, logout. Steps depend on each other, so they share one page.
describe('web app at 1280 px', () => {
  let browser: Browser;
  let s: Session;
  const machineName = `Blue F-150 ${Date.now() % 100000}`;
  let machineUrl = '';
  const files = mkdtempSync(join(tmpdir(), 'wrenchlog-web-e2e-'));

  beforeAll(async () => {
    browser = await launch();
    s = await openSession(browser, { width: 1280, height: 900 }, 'desktop');
    writeFileSync(join(files, 'profile.jpg'), await makeJpeg(2600, 1800, '#1c7ed6'));
    writeFileSync(join(files, 'gallery-1.jpg'), await makeJpeg(2200, 1400, '#e8590c'));
    writeFileSync(join(files, 'gallery-2.jpg'), await makeJpeg(1200, 1600, '#2f9e44'));
  });

  expectNoErrorsThenClose(
    () => s,
    () => browser,
  );

  it('sends a signed-out visitor to /login with the returnUrl', async () => {
    await s.page.goto('/machines');
    await s.page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(s.page.url()).searchParams.get('returnUrl')).toBe('/machines');
    await s.page.getByRole('button', { name: 'Login' }).waitFor();
    // The API version comes from /api/root/githash.
    const githash = (await (await fetch(`${baseUrl()}/api/root/githash`)).json()) as { value: string };
    await s.page.getByTestId('api-version').getByText(githash.value).waitFor();
    expect(await s.page.getByTestId('app-version').textContent()).toMatch(/^[0-9a-f]{4,12}$|^unknown$/);
    expect(await s.page.getByRole('navigation', { name: 'Sections' }).count()).toBe(0);
    await s.shot('01-login');
  });

  it('says the login form is invalid and that a wrong password fails', async () => {
    await s.page.getByRole('button', { name: 'Login' }).click();
    await s.page.getByText('The login form is invalid').waitFor();
    await s.shot('02-login-invalid');
    await s.page.getByLabel('Email Address').fill(TEST_ADMIN.username);
    await s.page.locator('input[name="password"]').fill('wrong-password-1');
    await s.page.getByRole('button', { name: 'Login' }).click();
    await s.page.getByText('Login failed, check the console log for details').waitFor();
    // The failure is logged to the console on purpose (the message says so), and the browser logs the 401.
    s.errors.length = 0;
  });

  it('signs in and lands on the requested page', async () => {
    await signIn(s.page);
    await s.page.waitForURL((url) => url.pathname === '/machines');
    await s.page.getByRole('heading', { name: 'Browse Machines' }).waitFor();
    await s.page.getByRole('navigation', { name: 'Sections' }).waitFor();
    expect(
      await s.page.evaluate(() => (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem('wrenchlog.token')),
    ).toBeTruthy();
    await s.page
      .getByText(/No machines yet|Full List/)
      .first()
      .waitFor();
    await s.shot('03-machines-empty');
  });

  it('creates a machine, with the rules shown first', async () => {
    await s.page.getByRole('button', { name: 'Create New Machine' }).first().click();
    const form = s.page.getByRole('form', { name: 'Create New Machine' });
    await form.getByRole('button', { name: 'Create New Machine' }).click();
    await form.getByText('Name is required').waitFor();
    await form.getByLabel('Name').fill(machineName);
    await form.getByLabel('Year').fill('1899');
    await form.getByLabel('Make').fill('Ford');
    await form.getByLabel('Model').fill('F-150');
    await form.getByText('Year must be 1900 or later').waitFor();
    await s.shot('04-create-invalid');
    await form.getByLabel('Year').fill('2019');
    await form.getByRole('button', { name: 'Create New Machine' }).click();
    await form.getByText('Machine created successfully!').waitFor();
    await s.shot('05-create-success');
    await s.page.keyboard.press('Escape');
    await s.page.getByRole('link', { name: machineName, exact: true }).waitFor();
    await s.shot('06-machines-list');
  });

  it('shows the machine on the dashboard', async () => {
    await s.page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Dashboard' }).click();
    await s.page.getByText('Most Recent').waitFor();
    await s.page.getByRole('link', { name: machineName, exact: true }).waitFor();
    await s.page.getByPlaceholder('Search equipment...').fill('f-150');
    await s.page.getByRole('link', { name: machineName, exact: true }).waitFor();
    await s.shot('07-dashboard');
  });

  it('opens the details and changes the status at once', async () => {
    await s.page.getByRole('link', { name: machineName, exact: true }).click();
    await s.page.getByRole('heading', { name: machineName }).waitFor();
    machineUrl = new URL(s.page.url()).pathname;
    expect(machineUrl).toMatch(/^\/machines\/\d+$/);
    await s.page.getByText('No fuel records yet').waitFor();
    await s.shot('08-details');
    const status = s.page.getByLabel('Machine status');
    await status.click();
    await status.fill('');
    const saved = s.page.waitForResponse((r) => r.url().endsWith('/api/machines/update') && r.request().method() === 'PUT');
    await s.page.getByRole('option', { name: 'Needs Service' }).click();
    expect((await saved).status()).toBe(200);
    await s.page.reload();
    await s.page.getByRole('heading', { name: machineName }).waitFor();
    await expect(s.page.getByLabel('Machine status').inputValue()).resolves.toBe('Needs Service');
  });

  it('edits and saves the details', async () => {
    await s.page.getByRole('button', { name: 'Edit machine' }).click();
    const panel = s.page.getByTestId('basic-info');
    await panel.getByLabel('VIN', { exact: true }).fill('1FTEW1E44KFA00001');
    await panel.getByLabel('Color', { exact: true }).fill('Blue');
    await panel.getByLabel('Type', { exact: true }).fill('Pickup');
    await panel.getByRole('textbox', { name: 'License Plate' }).fill('WL-2019');
    await panel.getByLabel('This is a permanent license plate').check();
    expect(await panel.getByLabel('License Expiration Date').isDisabled()).toBe(true);
    await panel.getByLabel('Purchase Date', { exact: true }).fill('2020-04-02');
    await panel.getByLabel('Miles', { exact: true }).fill('42000');
    await panel.getByLabel('Provider', { exact: true }).fill('Acme Mutual');
    await s.shot('09-details-edit');
    const saved = s.page.waitForResponse((r) => r.url().endsWith('/api/machines/update') && r.request().method() === 'PUT');
    await panel.getByRole('button', { name: 'Save Changes' }).click();
    expect((await saved).status()).toBe(200);
    await panel.getByRole('button', { name: 'Save Changes' }).waitFor({ state: 'detached' });
    await panel.getByText('1FTEW1E44KFA00001').waitFor();
    await panel.getByText('Permanent', { exact: true }).waitFor();
    await panel.getByText('2020-04-02').waitFor();
    await panel.getByText('42,000').waitFor();
    await s.shot('10-details-saved');
  });

  it('uploads a profile photo and two gallery photos and shows them', async () => {
    const panel = s.page.getByTestId('basic-info');
    await panel.getByRole('button', { name: 'Edit machine' }).click();
    const chooser = s.page.waitForEvent('filechooser');
    await panel.getByRole('button', { name: 'Change', exact: true }).click();
    const profileUpload = s.page.waitForResponse((r) => r.url().endsWith('/profile-photo') && r.request().method() === 'POST');
    await (await chooser).setFiles(join(files, 'profile.jpg'));
    expect((await profileUpload).status()).toBe(201);
    await waitForImages(s.page, '[data-testid="profile-photo"]', 1, (src) => src.includes('/api/'));

    const galleryChooser = s.page.waitForEvent('filechooser');
    await panel.getByRole('button', { name: 'Add photos' }).click();
    const galleryUpload = s.page.waitForResponse((r) => r.url().endsWith('/gallery') && r.request().method() === 'POST');
    await (await galleryChooser).setFiles([join(files, 'gallery-1.jpg'), join(files, 'gallery-2.jpg')]);
    expect((await galleryUpload).status()).toBe(201);
    await waitForImages(s.page, '[data-testid="gallery"] img', 2);
    // The photos were made small in the browser before upload.
    const width = await s.page.locator('[data-testid="profile-photo"]').evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth);
    expect(width).toBeLessThanOrEqual(200);
    await s.shot('11-photos');

    await panel.getByRole('button', { name: 'Cancel' }).click();
    await s.page.getByRole('button', { name: 'Open photo 1' }).click();
    const dialog = s.page.getByRole('dialog');
    await dialog.getByText('Photo 1 of 2').waitFor();
    await waitForImages(s.page, '[role="dialog"] img', 1);
    await s.shot('12-lightbox');
    await dialog.getByRole('button', { name: 'Next photo' }).click();
    await dialog.getByText('Photo 2 of 2').waitFor();
    await s.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('deletes a gallery photo after confirmation', async () => {
    const panel = s.page.getByTestId('basic-info');
    await panel.getByRole('button', { name: 'Edit machine' }).click();
    await panel.getByRole('button', { name: 'Delete photo 2' }).click();
    await s.page.getByText('Are you sure you want to delete this photo?').waitFor();
    await s.shot('13-photo-delete-confirm');
    await s.page.getByRole('button', { name: 'Yes, delete' }).click();
    await waitForImages(s.page, '[data-testid="gallery"] img', 1);
    await panel.getByRole('button', { name: 'Cancel' }).click();
  });

  it('deletes the profile photo after confirmation and shows the stock image again', async () => {
    const panel = s.page.getByTestId('basic-info');
    await panel.getByRole('button', { name: 'Edit machine' }).click();
    const removed = s.page.waitForResponse((r) => r.url().endsWith('/profile-photo') && r.request().method() === 'DELETE');
    await panel.getByRole('button', { name: 'Delete profile photo' }).click();
    await s.page.getByText('Are you sure you want to delete this photo?').waitFor();
    await s.page.getByRole('button', { name: 'Yes, delete' }).click();
    expect((await removed).status()).toBe(204);
    await panel.getByRole('img', { name: 'No photo yet' }).waitFor();
    await panel.getByRole('button', { name: 'Cancel' }).click();
  });

  it('shows the three history tabs', async () => {
    await s.page.getByRole('tab', { name: 'Services' }).click();
    await s.page.getByPlaceholder('Filter by service').waitFor();
    await s.page.getByText('No service records yet').waitFor();
    await s.page.getByRole('tab', { name: 'Parts History' }).click();
    await s.page.getByPlaceholder('Filter by part name').waitFor();
    await s.page.getByText('No part purchases yet').waitFor();
    expect(new URL(s.page.url()).searchParams.get('tab')).toBe('parts');
    await s.shot('14-parts-tab');
    await s.page.getByRole('button', { name: 'Add New' }).click();
    await s.page.waitForURL((url) => url.pathname === '/part-purchase' && url.searchParams.get('mode') === 'full');
    await s.shot('15-placeholder');
    await s.page.goBack();
    await s.page.getByRole('heading', { name: machineName }).waitFor();
  });

  it('archives the machine instead of deleting it, lists it under Show archived and restores it', async () => {
    await s.page.getByRole('button', { name: 'Delete machine' }).click();
    const dialog = s.page.getByRole('dialog', { name: `Delete ${machineName}?` });
    // Counted by the server: one gallery photo is left after the steps above, and no records.
    await dialog.getByText('Deleting it also deletes its 1 photo.').waitFor();
    await dialog.getByRole('button', { name: 'Archive instead' }).click();
    await s.page.getByText('This machine is archived: it is out of your lists and pickers, and its history is kept.').waitFor();
    const listed = s.page.waitForResponse((r) => r.url().endsWith('/api/machines/all') && r.status() === 200);
    await s.page.getByRole('link', { name: 'All machines' }).click();
    await s.page.getByRole('heading', { name: 'Browse Machines' }).waitFor();
    await listed;
    expect(await s.page.getByRole('link', { name: machineName, exact: true }).count()).toBe(0);
    await s.page.getByRole('switch', { name: 'Show archived' }).check();
    const archived = s.page.getByRole('table', { name: 'Archived machines' });
    await archived.getByRole('link', { name: machineName, exact: true }).waitFor();
    await s.shot('16-archived');
    await archived.getByRole('button', { name: `Restore ${machineName}` }).click();
    await archived.getByRole('link', { name: machineName, exact: true }).waitFor({ state: 'detached' });
    await s.page.getByRole('link', { name: machineName, exact: true }).click();
    await s.page.getByRole('heading', { name: machineName }).waitFor();
    expect(await s.page.getByTestId('archived-banner').count()).toBe(0);
  });

  it('deletes the machine after confirmation', async () => {
    await s.page.getByRole('button', { name: 'Delete machine' }).click();
    await s.page.getByText('Are you sure you want to delete this machine? This action cannot be undone.').waitFor();
    await s.shot('16-delete-confirm');
    const listed = s.page.waitForResponse((r) => r.url().endsWith('/api/machines/all') && r.status() === 200);
    await s.page.getByRole('button', { name: 'Yes, delete' }).click();
    await s.page.waitForURL((url) => url.pathname === '/machines');
    await s.page.getByRole('heading', { name: 'Browse Machines' }).waitFor();
    await listed;
    // Other suites share the account: the list may hold their machines, never this one.
    await s.page
      .getByText(/No machines yet|Showing|Full List/)
      .first()
      .waitFor();
    await s.page.getByRole('link', { name: machineName, exact: true }).waitFor({ state: 'detached' });
  });

  it('shows the public pages full width and logs out', async () => {
    await s.page.getByRole('link', { name: 'Pricing' }).click();
    await s.page.getByRole('heading', { name: 'Pricing' }).waitFor();
    expect(await s.page.getByRole('navigation', { name: 'Sections' }).count()).toBe(0);
    await s.shot('17-pricing');
    await s.page.getByRole('button', { name: 'Logout' }).click();
    await s.page.waitForURL((url) => url.pathname === '/login');
    expect(
      await s.page.evaluate(() => (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem('wrenchlog.token')),
    ).toBeNull();
    await s.page.goto('/dashboard');
    await s.page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('returnUrl') === '/dashboard');
  });
});
