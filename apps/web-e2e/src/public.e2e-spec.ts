import { ApiClient, expectEventually, uniqueEmail } from '@wrenchlog/testing';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { baseUrl, expectNoErrorsThenClose, launch, openSession, pageWidths, SCREENSHOTS, seriousViolations, waitForImages, type Session } from './browser.js';

// The public pages in real Chromium against the started product: each page at 1280 and 390 px with an
// axe check (no serious or critical violation), a real Contact Sales submission and a real signup.

const PAGES: [string, string][] = [
  ['/', 'The maintenance log for everything you run'],
  ['/pricing', 'Pricing'],
  ['/roadmap', 'Roadmap'],
  ['/about', 'A notebook in a glovebox, then a log for whole fleets'],
  ['/replacespreadsheets', 'Your maintenance spreadsheet did its best'],
  ['/signup', 'Sign Up'],
  ['/signup-success?email=pat%40example.com&name=Pat', 'Thank you, Pat!'],
  ['/contact-sales', 'Contact Sales'],
  ['/platinumAccountRequest', 'Platinum Account Inquiry'],
];

const slug = (path: string) => path.split('?')[0].replace(/\W+/g, '') || 'landing';

describe('public pages', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  describe.each([
    ['desktop', { width: 1280, height: 900 }],
    ['mobile', { width: 390, height: 844 }],
  ])('at %s width', (name, viewport) => {
    let s: Session;
    // With no marketing tag configured (the default), nothing may leave for another host.
    const foreign: string[] = [];

    beforeAll(async () => {
      s = await openSession(browser, viewport, `public-${name}`);
      s.page.on('request', (r) => {
        if (!r.url().startsWith(baseUrl()) && !r.url().startsWith('data:')) {
          foreign.push(r.url());
        }
      });
    });
    afterAll(async () => {
      await s?.close();
    });
    afterEach(() => {
      expect(s.errors).toEqual([]);
      expect(foreign).toEqual([]);
    });

    it.each(PAGES)('shows %s with no serious accessibility violation', async (path, heading) => {
      const viewed = s.page.waitForResponse((r) => r.url().endsWith('/api/analytics/pageview') && r.request().method() === 'POST');
      await s.page.goto(path);
      await s.page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect((await viewed).status()).toBe(201);
      // Nothing wider than the screen (no sideways scrolling on a phone).
      const { scrollWidth, clientWidth } = await pageWidths(s.page);
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
      expect(await seriousViolations(s.page)).toEqual([]);
      await s.shot(slug(path));
    });
  });

  describe('forms and landing at 1280 px', () => {
    let s: Session;

    beforeAll(async () => {
      s = await openSession(browser, { width: 1280, height: 900 }, 'public-desktop');
    });
    expectNoErrorsThenClose(() => s);

    it('switches the landing tab into the query, and shows a screenshot full size', async () => {
      await s.page.goto('/?tab=groundskeeping');
      expect(await s.page.getByRole('tab', { name: 'Groundskeeping' }).getAttribute('aria-selected')).toBe('true');
      await s.page.getByRole('tab', { name: 'Rental fleets' }).click();
      await s.page.waitForURL((url) => url.searchParams.get('tab') === 'rental');
      // The tab bar comes to rest just below the 60 px header.
      await expectEventually(async () => {
        const top = await s.page.getByTestId('audience-tabs').evaluate((el) => el.getBoundingClientRect().top);
        expect(Math.abs(top - 64)).toBeLessThan(4);
      }, 5000);
      await s.page.getByRole('button', { name: 'View full size: Every service across the fleet' }).click();
      const dialog = s.page.getByRole('dialog', { name: 'Every service across the fleet' });
      await dialog.waitFor();
      const size = await dialog
        .getByRole('img')
        .evaluate((img) => ({ w: (img as unknown as { naturalWidth: number }).naturalWidth, ok: (img as unknown as { complete: boolean }).complete }));
      expect(size).toEqual({ w: 1280, ok: true });
      await s.page.waitForTimeout(300); // the modal's opening transition
      await s.page.screenshot({ path: join(SCREENSHOTS, 'public-desktop-landing-modal.png') });
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
      // The thumbnails load lazily: bring them on screen once so the page shot shows them.
      await s.page.getByRole('heading', { name: 'See it' }).scrollIntoViewIfNeeded();
      await waitForImages(s.page, 'main button img', 4);
      await s.shot('landing-gallery');
    });

    it('submits Contact Sales for real and thanks the visitor', async () => {
      await s.page.goto('/contact-sales');
      await s.page.getByLabel('Full Name').fill('Dana Reyes');
      await s.page.getByLabel('Company Name').fill('Reyes Rentals');
      await s.page.getByLabel('Email Address').fill('dana@reyes.example');
      await s.page.getByLabel('Message').fill('We run 14 trailers and 3 trucks and want to retire our spreadsheet.');
      const sent = s.page.waitForResponse((r) => r.url().endsWith('/api/contact'));
      await s.page.getByRole('button', { name: 'Submit' }).click();
      expect((await sent).status()).toBe(201);
      await s.page.getByRole('alert').filter({ hasText: 'Thank you for your message! We will get back to you shortly.' }).waitFor();
      expect(await s.page.getByLabel('Full Name').inputValue()).toBe('');
      await s.shot('contact-sales-sent');
    });

    it('submits the Platinum inquiry for real: Submitting... while it goes, then thanks', async () => {
      await s.page.goto('/platinumAccountRequest');
      await s.page.getByLabel('Full Name').fill('Luis Ortega');
      await s.page.getByLabel('Company Name').fill('Ortega Excavation');
      await s.page.getByLabel('Email Address').fill('luis@ortega.example');
      await s.page.getByLabel('Describe Your Unique Requirements').fill('Telematics import for 40 machines across three yards.');
      const sent = s.page.waitForResponse((r) => r.url().endsWith('/api/contact'));
      await s.page.getByRole('button', { name: 'Inquire for Details' }).click();
      expect((await sent).status()).toBe(201);
      await s.page
        .getByRole('alert')
        .filter({ hasText: 'Thank you for your inquiry. A member of our executive team will be in touch with you shortly.' })
        .waitFor();
      expect(await s.page.getByLabel('Company Name').inputValue()).toBe('');
      await s.shot('platinum-sent');
    });

    it('signs a new account up for real and lands on /signup-success', async () => {
      const email = uniqueEmail('signup');
      await s.page.goto('/signup');
      await s.page.getByLabel('Account Name').fill('Hillside Grounds');
      await s.page.getByLabel('Email', { exact: false }).first().fill(email);
      await s.page.getByLabel('How will you use Wrenchlog?').fill('Twenty mowers and two trucks.');
      await s.page.getByRole('button', { name: 'Sign Up' }).click();
      await s.page.getByRole('heading', { name: 'Check your email' }).waitFor();
      await s.page.waitForURL(
        (url) => url.pathname === '/signup-success' && url.searchParams.get('email') === email && url.searchParams.get('name') === 'Hillside Grounds',
      );
      await s.page.getByRole('heading', { level: 1, name: 'Thank you, Hillside Grounds!' }).waitFor();
      await s.shot('signup-success');
      // The account exists and waits for approval.
      const api = new ApiClient(baseUrl());
      const admin = await api.loginAsAdmin();
      const users = await api.get('/api/admin/users?page=0&size=50', admin);
      expect((users.body as { username: string; enabled: number }[]).find((u) => u.username === email)).toMatchObject({ enabled: 0 });
      // Page views of the public pages reached analytics.
      const views = await api.get('/api/analytics/pageviews/by-page?page=%2Fsignup-success&count=5', admin);
      expect(views.status).toBe(200);
    });
  });
});
