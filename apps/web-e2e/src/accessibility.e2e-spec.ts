import {
  ApiClient,
  createApprovedUser,
  createMachine,
  expectEventually,
  serviceRecordFor,
  TEST_ADMIN,
  uniqueEmail,
  type ApprovedUser,
} from '@wrenchlog/testing';
import type { Browser } from 'playwright-core';
import { baseUrl, expectNoErrorsThenClose, launch, openSession, seriousViolations, signIn, type Session } from './browser.js';

// The signed-in screens pass axe-core with no serious or critical violation (contrast, names,
// labels, roles), with real data on them, at 1280 px and on a 390 px phone. The public pages have
// their own checks in public.e2e-spec.ts.
describe('accessibility of the signed-in screens', () => {
  let browser: Browser;
  let owner: ApprovedUser;
  let screens: [string, string][];

  beforeAll(async () => {
    browser = await launch();
    const api = new ApiClient(baseUrl());
    owner = await createApprovedUser(api, { name: 'Axe Owner' });
    const machine = await createMachine(api, owner.token, { name: `Axe loader ${Date.now() % 100000}` });
    const record = await serviceRecordFor(api, owner.token, machine.id, { title: 'Hydraulic hose', serviceShop: 'Yard crew', price: 84.5 });
    const fuel = await api.post(
      '/api/fuel-records',
      { machineId: machine.id, amount: 12.5, pricePerUnit: 3.459, totalPrice: 43.24, dateOfPurchase: '2026-11-20T14:30:00.000Z', storeName: 'Corner fuel' },
      owner.token,
    );
    expect(fuel.status).toBe(201);
    // Issue 35's parts loop: a part below its minimum, so To reorder has a supplier's card and its buttons.
    const supplier = await api.post('/api/suppliers', { name: 'Axe Supply', contact: 'Ann', email: 'ann@example.com', phone: '555-0100' }, owner.token);
    const part = { partNumber: 'AX-1', name: 'Axe filter', category: 'Filters', quantity: 1, minStock: 3, price: 9.5, supplierId: supplier.body.id };
    expect((await api.post('/api/parts', part, owner.token)).status).toBe(201);
    screens = [
      ['/dashboard', 'Most Recent'],
      ['/machines', machine.name],
      [`/machines/${machine.id}?tab=service`, 'Hydraulic hose'],
      ['/services', 'Recent Machine Services'],
      ['/parts', 'Parts & Inventory Management'],
      ['/parts?tab=reorder', 'Axe Supply'],
      ['/fast-create', 'Fast Create'],
      ['/settings', 'Settings'],
      // The part below its minimum above is announced: the list holds its low-stock notification.
      ['/notifications', 'Low stock: Axe filter'],
      [`/service-record/${record.id}`, 'Service Record Details'],
      [`/fuel-record/${fuel.body.id}`, 'Fuel Record Details'],
      ['/part-purchase', 'Create Part Purchase'],
    ];
  });

  afterAll(async () => {
    await browser?.close();
  });

  describe.each([
    ['1280 px', { width: 1280, height: 900 }],
    ['390 px', { width: 390, height: 844 }],
  ])('at %s', (_label, viewport) => {
    let s: Session;

    beforeAll(async () => {
      s = await openSession(browser, viewport, `axe-${viewport.width}`);
      await s.page.goto('/login');
      expect(await seriousViolations(s.page)).toEqual([]);
      await signIn(s.page, { username: owner.username, password: owner.password });
      await s.page.waitForURL((url) => url.pathname === '/dashboard');
    });
    expectNoErrorsThenClose(() => s);

    it('finds no serious or critical violation on the 404 page', async () => {
      await s.page.goto('/no-such-page');
      await s.page.getByRole('heading', { name: 'Page not found' }).waitFor();
      expect(await seriousViolations(s.page)).toEqual([]);
    });

    it('finds no serious or critical violation on any screen', async () => {
      const found: string[] = [];
      for (const [path, text] of screens) {
        await s.page.goto(path);
        // Waits for the page's own content: a text that is also a navigation link (Settings) is
        // hidden in the closed mobile menu at 390 px and would never become visible.
        await s.page.getByRole('main').getByText(text, { exact: false }).first().waitFor();
        found.push(...(await seriousViolations(s.page)).map((v) => `${path}: ${v}`));
      }
      expect(found).toEqual([]);
    });
  });

  // The admin's screens with what axe flagged in issue 18 on them: the orange 'Pending signup'
  // badge (Admin tab) and the drawn views per day with its page links (Analytics tab).
  describe.each([
    ['1280 px', { width: 1280, height: 900 }],
    ['390 px', { width: 390, height: 844 }],
  ])('of the admin tabs at %s', (_label, viewport) => {
    let s: Session;

    beforeAll(async () => {
      const api = new ApiClient(baseUrl());
      const pending = await api.post('/api/admin/createuser', {
        username: uniqueEmail('axe-pending'),
        name: 'Axe Pending',
        userSelfDescription: 'waits for approval',
        enabled: 1,
        createDate: new Date().toISOString(),
      });
      expect(pending.status).toBe(201);
      expect((await api.post('/api/analytics/pageview', { page: '/pricing', referrer: 'axe' })).status).toBeLessThan(300);
      const admin = await api.loginAsAdmin();
      const jobs = await api.get<{ id: number; name: string }[]>('/api/admin/jobs', admin);
      const aggregation = jobs.body.find((j) => j.name === 'Daily Analytics Aggregation')!;
      expect((await api.post(`/api/admin/jobs/${aggregation.id}/run`, {}, admin)).status).toBeLessThan(300);
      // The chart is drawn once the aggregation has counted a view.
      await expectEventually(async () => {
        const daily = await api.get<{ count: number }[]>('/api/analytics/pageviews/daily?days=30', admin);
        expect(daily.body.reduce((n, d) => n + d.count, 0)).toBeGreaterThan(0);
      }, 20000);
      s = await openSession(browser, viewport, `axe-admin-${viewport.width}`);
      await s.page.goto('/login');
      await signIn(s.page, TEST_ADMIN);
      await s.page.waitForURL((url) => url.pathname === '/dashboard');
    });
    expectNoErrorsThenClose(() => s);

    it('finds no serious or critical violation on the Admin and Analytics tabs', async () => {
      await s.page.goto('/settings?tab=admin');
      await s.page.getByRole('main').getByText('Pending signup').first().waitFor();
      const found = (await seriousViolations(s.page)).map((v) => `admin: ${v}`);
      await s.page.goto('/settings?tab=analytics');
      await s.page.locator('.recharts-bar-rectangle').last().waitFor({ timeout: 20000 });
      found.push(...(await seriousViolations(s.page)).map((v) => `analytics: ${v}`));
      expect(found).toEqual([]);
    });
  });
});
