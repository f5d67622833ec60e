import { ApiClient, TEST_ADMIN, createApprovedUser, expectEventually, uniqueEmail } from '@wrenchlog/testing';
import { randomBytes } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { baseUrl, expectNoErrorsThenClose, launch, openSession, signInAt, type Session } from './browser.js';

// Settings (/settings) as a normal user, then the Admin and Analytics tabs as the test admin:
// approve a real signup, run jobs until they end, and read recorded page views and their daily chart.
const PLACEHOLDER = 'Please update the password before approving the user. The current password appears to be a placeholder.';

async function openSettings(page: Page, credentials: { username: string; password: string }): Promise<void> {
  await signInAt(page, '/settings', credentials);
  await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
}

async function statusOf(card: Locator): Promise<string> {
  return (await card.getByLabel(/^Status: /).getAttribute('aria-label'))?.replace('Status: ', '') ?? '';
}

describe('settings, admin and analytics', () => {
  let browser: Browser;
  let s: Session;
  let api: ApiClient;
  const referrer = `https://search.test/?q=${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    api = new ApiClient(baseUrl());
    // Page views as the public pages record them: one with a referrer, one without.
    for (const body of [{ page: '/pricing', referrer }, { page: '/pricing' }]) {
      const res = await api.post('/api/analytics/pageview', body);
      expect(res.status).toBe(201);
    }
    browser = await launch();
    s = await openSession(browser, { width: 1280, height: 900 }, 'settings');
  });

  expectNoErrorsThenClose(
    () => s,
    () => browser,
  );

  it('shows a normal user (the owner of their account) the Settings, Members, Import and API tokens tabs (no admin tab), with the account size', async () => {
    const owner = await createApprovedUser(api, { name: 'Olive Owner' });
    await openSettings(s.page, owner);
    // Issue 32: the owner of their account also manages its members (and, issue 35, its inspection forms).
    expect(await s.page.getByRole('tab').allTextContents()).toEqual(['Settings', 'Members', 'Import', 'Inspection forms', 'Job templates', 'API tokens']);
    const details = s.page.getByRole('region', { name: 'Account Details' });
    await details.getByText('0 images (0.00 MB)').waitFor();
    // Issue 18: User Details is no longer COMING SOON: the account name is editable.
    expect(
      await s.page
        .getByRole('region', { name: 'User Details' })
        .getByLabel(/^Account name/)
        .inputValue(),
    ).toBe('Olive Owner');
    await s.shot('01-user');
    await details.getByRole('button', { name: 'Logout' }).click();
    await s.page.waitForURL((url) => url.pathname === '/login');
  });

  it('lets the admin set a password and approve a pending signup, refusing a placeholder password', async () => {
    const username = uniqueEmail('pending');
    const signup = await api.post('/api/admin/createuser', {
      username,
      name: 'Gus Groundskeeper',
      userSelfDescription: 'Six mowers and a tractor',
      enabled: 1,
      createDate: new Date().toISOString(),
    });
    expect(signup.status).toBe(201);

    await openSettings(s.page, TEST_ADMIN);
    expect(await s.page.getByRole('tab').allTextContents()).toEqual([
      'Settings',
      'Members',
      'Import',
      'Inspection forms',
      'Job templates',
      'API tokens',
      'Admin',
      'Analytics',
    ]);
    await s.page.getByRole('tab', { name: 'Admin' }).click();
    const users = s.page.getByRole('region', { name: 'User Management' });
    const row = users.getByRole('row').filter({ hasText: username });
    await row.getByText('Pending signup').waitFor();
    await s.shot('02-admin');

    await row.getByRole('button', { name: `Edit ${username}` }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Edit User' });
    expect(await dialog.getByLabel('Username').getAttribute('readonly')).not.toBeNull();
    // The spec's rule: a typed password with more than 4 hyphens is a placeholder and blocks approval.
    await dialog.getByLabel('New password').fill('a-b-c-d-e-f');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await dialog.getByRole('alert').filter({ hasText: PLACEHOLDER }).waitFor();
    const password = `Mower-${randomBytes(6).toString('hex')}`;
    await dialog.getByLabel('New password').fill(password);
    await s.shot('03-edit-user');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await users.getByRole('alert').filter({ hasText: 'User updated successfully!' }).waitFor();
    await dialog.waitFor({ state: 'detached' });

    await row.getByRole('button', { name: `Approve ${username}` }).click();
    await users.getByRole('alert').filter({ hasText: 'User approved successfully!' }).waitFor();
    await row.getByText('Enabled', { exact: true }).waitFor();
    // The approved account signs in with the password the admin set.
    expect(await api.login(username, password)).toEqual(expect.any(String));
  });

  it('runs the aggregation and the backfill and shows their status until they end', async () => {
    const jobs = s.page.getByRole('region', { name: 'Background Processes and Jobs' });
    for (const name of ['Daily Analytics Aggregation', 'Backfill Images']) {
      const card = jobs.getByRole('article', { name });
      const before = await statusOf(card);
      if (name === 'Backfill Images') {
        expect(await card.getByLabel(/^Limit/).inputValue()).toBe('7');
      }
      const run = card.getByRole('button', { name: `Run Now: ${name}` });
      await run.click();
      await card.getByLabel('Status: Completed').waitFor({ timeout: 20000 });
      // A status already Completed from an earlier run matches at once: wait for this run to end too.
      await expectEventually(async () => expect(await run.isEnabled()).toBe(true), 20000);
      expect(await statusOf(card)).toBe('Completed');
      expect(before).not.toBe('Running');
      expect(await card.getByText('Never').count()).toBe(0);
    }
    // The test product configures no external API: that run ends Failed, with the reason.
    const sync = jobs.getByRole('article', { name: 'Data Sync with External API' });
    await sync.getByRole('button', { name: 'Run Now: Data Sync with External API' }).click();
    await sync.getByLabel('Status: Failed').waitFor({ timeout: 20000 });
    await sync.getByRole('alert').filter({ hasText: 'Failed to run job. Error: No external API is configured' }).waitFor();
    await jobs
      .getByRole('article', { name: 'Daily Analytics Aggregation' })
      .getByText(/^Aggregated \d+ page views/)
      .waitFor();
    await jobs
      .getByRole('article', { name: 'Backfill Images' })
      .getByText(/Processed \d+, failed \d+, remaining \d+\./)
      .waitFor();
    await s.shot('04-jobs');
  });

  it('shows recorded page views and the views per day', async () => {
    await s.page.getByRole('tab', { name: 'Analytics' }).click();
    await s.page.getByRole('heading', { name: 'Page Analytics' }).waitFor();
    const records = s.page.getByRole('region', { name: 'Page view records' });
    const table = records.getByRole('table', { name: 'Page views' });
    await table.getByRole('button', { name: '/pricing', exact: true }).first().click();
    expect(await s.page.getByLabel('Page path').inputValue()).toBe('/pricing');
    await s.page.getByRole('button', { name: 'Load by Page' }).click();
    await records.getByRole('heading', { name: 'Views of /pricing' }).waitFor();
    await table.getByRole('cell', { name: referrer }).waitFor();
    expect(await table.getByRole('cell', { name: 'N/A', exact: true }).count()).toBeGreaterThan(0);
    await records.getByText(/^Displaying \d+ of \d+ fetched records\.$/).waitFor();
    // The aggregation that ran above counted today's views.
    const daily = s.page.getByRole('region', { name: 'Views per day' });
    await daily.getByText(/^\d+ views in the last 30 days/).waitFor();
    // Today's bar, the last of 30, is drawn (days without views have empty bars).
    await daily.locator('.recharts-bar-rectangle').last().waitFor();
    await s.shot('05-analytics');

    await s.page.setViewportSize({ width: 390, height: 844 });
    await daily.locator('.recharts-bar-rectangle').last().waitFor();
    await s.shot('06-analytics-mobile');
    await s.page.getByRole('tab', { name: 'Admin' }).click();
    await s.page.getByRole('region', { name: 'Background Processes and Jobs' }).getByRole('article').first().waitFor();
    await s.shot('07-admin-mobile');
  });
});
