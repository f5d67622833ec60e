import {
  ApiClient,
  TEST_ADMIN,
  distributedServersAvailable,
  expectEventually,
  readOutbox,
  startProduct,
  uniqueEmail,
  type RunningProduct,
} from '@wrenchlog/testing';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launch, signIn } from './browser.js';

// Issue 18: a new owner's whole onboarding in Chromium: sign up, the admin approves, the approval
// email's link (read from the product's .eml outbox) leads to the set-password page, and the new
// password signs in for the first time. Embedded (the suite's product) and distributed (started
// here on the local PostgreSQL and RabbitMQ when they answer; always with CI=true).
const modes = process.env.CI === 'true' ? ['embedded', 'distributed'] : (process.env.E2E_MODES ?? 'embedded,distributed').split(',');

describe('onboarding from signup to first sign-in', () => {
  let browser: Browser;
  let distributed: RunningProduct | undefined;
  const products: [string, () => { url: string; dataDir: string }][] = [];

  beforeAll(async () => {
    browser = await launch();
    if (modes.includes('embedded')) {
      products.push(['embedded', () => ({ url: baseUrl(), dataDir: process.env.E2E_WEB_DATA_DIR! })]);
    }
    if (modes.includes('distributed') && (await distributedServersAvailable())) {
      const root = process.env.WRENCHLOG_ROOT ?? fileURLToPath(new URL('../../..', import.meta.url));
      distributed = await startProduct({ mode: 'distributed', root, readyTimeoutMs: 150000 });
      products.push(['distributed', () => ({ url: distributed!.baseUrl, dataDir: distributed!.dataDir })]);
    }
  }, 180000);

  afterAll(async () => {
    await browser?.close();
    await distributed?.stop();
  });

  async function newPage(url: string): Promise<{ page: Page; errors: string[]; close(): Promise<void> }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: url });
    const page = await context.newPage();
    page.setDefaultTimeout(15000);
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
    return { page, errors, close: () => context.close() };
  }

  it('signs up, is approved, sets a password with the emailed link and signs in, in every mode', async () => {
    expect(products.length).toBeGreaterThan(0);
    for (const [mode, where] of products) {
      const { url, dataDir } = where();
      const email = uniqueEmail(`onboard-${mode}`);
      const password = `Own-${Date.now().toString(36)}-pass`;

      // 1. The new owner signs up; every text tells the same flow.
      const owner = await newPage(url);
      await owner.page.goto('/signup');
      await owner.page.getByText('then we email you a link to set your own password').waitFor();
      await owner.page.getByLabel('Account Name').fill('Hillside Grounds');
      await owner.page.getByLabel('Email', { exact: false }).first().fill(email);
      await owner.page.getByRole('button', { name: 'Sign Up' }).click();
      await owner.page.waitForURL((u) => u.pathname === '/signup-success');
      await owner.page.getByText(/a link to set your own password/).waitFor();

      // Before approval nobody can sign in to it.
      await owner.page.goto('/login');
      await signIn(owner.page, { username: email, password });
      await owner.page.getByText('Login failed, check the console log for details').waitFor();

      // 2. The administrator approves it without typing any password.
      const adminPage = await newPage(url);
      await adminPage.page.goto('/login?returnUrl=%2Fsettings%3Ftab%3Dadmin');
      await signIn(adminPage.page, TEST_ADMIN);
      const users = adminPage.page.getByRole('region', { name: 'User Management' });
      const row = users.getByRole('row').filter({ hasText: email });
      await row.getByText('Pending signup').waitFor();
      await row.getByRole('button', { name: `Approve ${email}` }).click();
      await users.getByRole('alert').filter({ hasText: 'User approved successfully!' }).waitFor();
      await adminPage.close();

      // 3. The approval email's link, at this product's address.
      let link = '';
      await expectEventually(() => {
        const mail = readOutbox(dataDir).find((m) => m.to.includes(email) && m.subject === 'Your Wrenchlog account is approved');
        expect(mail).toBeDefined();
        link = /https?:\/\/\S+\/set-password\?token=[A-Za-z0-9_-]+/.exec(mail!.text)?.[0] ?? '';
        expect(link.startsWith(`${url}/set-password?token=`)).toBe(true);
      }, 15000);

      // 4. The link leads to the set-password page; a weak password is refused there first.
      await owner.page.goto(link);
      await owner.page.getByRole('heading', { name: 'Choose your password' }).waitFor();
      await owner.page.getByLabel(/^New password/).fill('short');
      await owner.page.getByLabel(/^Confirm password/).fill('short');
      await owner.page.getByRole('button', { name: 'Set password' }).click();
      await owner.page.getByText('Password must be at least 8 characters').waitFor();
      await owner.page.getByLabel(/^New password/).fill(password);
      await owner.page.getByLabel(/^Confirm password/).fill(password);
      await owner.page.getByRole('button', { name: 'Set password' }).click();
      await owner.page.getByRole('heading', { name: 'Password set' }).waitFor();

      // 5. First sign-in with the new password.
      await owner.page.getByRole('link', { name: 'Sign in' }).click();
      await owner.page.waitForURL((u) => u.pathname === '/login');
      await signIn(owner.page, { username: email, password });
      await owner.page.waitForURL((u) => u.pathname === '/dashboard');
      await owner.page.goto('/settings');
      expect(
        await owner.page
          .getByRole('region', { name: 'User Details' })
          .getByLabel(/^Account name/)
          .inputValue(),
      ).toBe('Hillside Grounds');

      // The link was single-use.
      const token = new URL(link).searchParams.get('token');
      const reuse = await new ApiClient(url).post('/api/auth/set-password', { token, password: 'Another-pass-123' });
      expect(reuse.status).toBe(400);
      expect(owner.errors).toEqual([]);
      await owner.close();
    }
  });
});
