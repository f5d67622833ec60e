import { ApiClient, createApprovedUser, createMachine, expectEventually, serviceRecordFor, type ApprovedUser } from '@wrenchlog/testing';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, expectNoErrorsThenClose, launch, openSession, pageWidths, signInAt, type Session } from './browser.js';

// Recent Machine Services (/services) against the real back end: a fresh user with one machine and
// 30 service records, so paging, filter, sort and search give known answers.
const STATUSES = ['New', 'In Progress', 'Complete', 'Closed', 'Cancelled'];
const TYPES = ['Maintenance', 'Repair', 'Inspection', 'Recall', 'Upgrade'];
const LONG_TITLE = 'Annual hydraulic pump overhaul';

let owner: ApprovedUser;
let machine: { id: number; name: string };
const records: { id: number; title: string; status: string; serviceDate: string }[] = [];

async function seed(): Promise<void> {
  const api = new ApiClient(baseUrl());
  owner = await createApprovedUser(api, { name: 'Fleet Owner' });
  const name = `Services rig ${Date.now() % 100000}`;
  machine = { id: (await createMachine(api, owner.token, { name })).id as number, name };
  for (let n = 1; n <= 30; n++) {
    const serviceDate = new Date(Date.UTC(2026, 0, n * 3)).toISOString().slice(0, 10);
    const title = n === 7 ? LONG_TITLE : `Service ${String(n).padStart(2, '0')}`;
    const created = await serviceRecordFor(api, owner.token, machine.id, {
      title,
      status: STATUSES[n % 5],
      serviceType: TYPES[n % 5],
      serviceDate,
      serviceShop: n % 2 ? 'Main Street Garage' : 'Yard crew',
      notes: n === 7 ? '' : `Checked and logged (record ${n}).`,
      price: 100 + n * 12.5,
    });
    records.push({ id: created.id as number, title, status: STATUSES[n % 5], serviceDate });
  }
  // The machine name reaches the service records through an event.
  await expectEventually(async () => {
    const page = await api.get('/api/services/recent?size=48', owner.token);
    expect(page.body.totalElements).toBe(30);
    expect((page.body.content as { machineName: string | null }[]).every((r) => r.machineName === name)).toBe(true);
  }, 20000);
}

const rows = (page: Page) => page.getByTestId('service-row');
const pageLabel = (page: Page) => page.getByTestId('page-label');

async function waitForPage(page: Page, label: string, count: number): Promise<void> {
  await pageLabel(page).filter({ hasText: label }).waitFor();
  await expectEventually(async () => expect(await rows(page).count()).toBe(count));
  // No refresh in flight: the rows on screen are the answer to the last request.
  await expectEventually(async () => expect(await page.getByLabel('Refreshing').count()).toBe(0));
}

async function openSignedIn(browser: Browser, viewport: { width: number; height: number }, prefix: string): Promise<Session> {
  const s = await openSession(browser, viewport, prefix);
  await signInAt(s.page, '/services', owner);
  await s.page.getByRole('heading', { name: 'Recent Machine Services' }).waitFor();
  return s;
}

describe('Recent Machine Services', () => {
  let browser: Browser;

  beforeAll(async () => {
    await seed();
    browser = await launch();
  });

  afterAll(async () => {
    await browser?.close();
  });

  describe('at 1280 px', () => {
    let s: Session;

    beforeAll(async () => {
      s = await openSignedIn(browser, { width: 1280, height: 900 }, 'services-desktop');
    });
    expectNoErrorsThenClose(() => s);

    it('lists 12 a page, newest service date first, and pages with Previous and Next', async () => {
      await waitForPage(s.page, 'Page 1 of 3', 12);
      const newest = [...records].sort((a, b) => b.serviceDate.localeCompare(a.serviceDate))[0];
      await expect(rows(s.page).first().locator('td').nth(1).textContent()).resolves.toBe(newest.title);
      await expect(rows(s.page).first().locator('td').first().textContent()).resolves.toBe(machine.name);
      expect(await s.page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
      await s.shot('01-list');
      await s.page.getByRole('button', { name: 'Next' }).click();
      await waitForPage(s.page, 'Page 2 of 3', 12);
      await s.page.getByRole('button', { name: 'Next' }).click();
      await waitForPage(s.page, 'Page 3 of 3', 6);
      expect(await s.page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
      await s.shot('02-last-page');
    });

    it('changes the page size and goes back to page 1', async () => {
      await s.page.getByLabel('Items per page').selectOption('24');
      await waitForPage(s.page, 'Page 1 of 2', 24);
      await s.page.getByLabel('Items per page').selectOption('12');
      await waitForPage(s.page, 'Page 1 of 3', 12);
    });

    it('filters by status on the server and removes the filter on a second click', async () => {
      await s.page.getByRole('button', { name: 'Filter' }).click();
      await s.page.getByRole('menuitem', { name: 'Complete' }).click();
      await waitForPage(s.page, 'Page 1 of 1', 6);
      expect(await rows(s.page).locator('td:nth-child(5)').allTextContents()).toEqual(Array(6).fill('Complete'));
      await s.shot('03-filter-complete');
      await s.page.getByRole('button', { name: /Filter/ }).click();
      await s.page.getByRole('menuitem', { name: 'Complete' }).click();
      await waitForPage(s.page, 'Page 1 of 3', 12);
    });

    it('sorts by title, ascending first, with long titles cut at 18 characters', async () => {
      await s.page.getByRole('columnheader', { name: 'Title' }).getByRole('button').click();
      await expectEventually(async () => expect(await rows(s.page).first().locator('td').nth(1).textContent()).toBe('Annual hydraulic p...'));
      expect(await s.page.getByRole('columnheader', { name: 'Title' }).getAttribute('aria-sort')).toBe('ascending');
      expect(await rows(s.page).first().locator('td').nth(1).locator('[title]').getAttribute('title')).toBe(LONG_TITLE);
      await expect(rows(s.page).nth(1).locator('td').nth(1).textContent()).resolves.toBe('Service 01');
      await s.shot('04-sort-title');
      await s.page.getByRole('columnheader', { name: 'Title' }).getByRole('button').click();
      await expectEventually(async () => expect(await rows(s.page).first().locator('td').nth(1).textContent()).toBe('Service 30'));
    });

    it('searches on the server, opens the details and goes to Full Details', async () => {
      await s.page.getByPlaceholder('Search services...').fill('OVERHAUL');
      await waitForPage(s.page, 'Page 1 of 1', 1);
      await rows(s.page).first().click();
      const panel = s.page.getByRole('region', { name: 'Service Details' });
      await panel.getByText('No notes available').waitFor();
      expect(await panel.getByRole('link', { name: machine.name }).getAttribute('href')).toBe(`/machines/${machine.id}`);
      const record = records.find((r) => r.title === LONG_TITLE)!;
      await panel.getByText(record.serviceDate).waitFor();
      await panel.getByText('$187.50').waitFor();
      await s.shot('05-details');
      await panel.getByRole('button', { name: 'Back to List' }).click();
      await panel.waitFor({ state: 'detached' });
      await rows(s.page).first().click();
      await panel.getByRole('link', { name: 'Full Details' }).click();
      await s.page.waitForURL((url) => url.pathname === `/service-record/${record.id}`);
      await s.page.goBack();
      await s.page.getByRole('heading', { name: 'Recent Machine Services' }).waitFor();
    });

    it('resets search, filter and sort', async () => {
      await s.page.getByRole('button', { name: 'Filter' }).click();
      await s.page.getByRole('menuitem', { name: 'Cancelled' }).click();
      await s.page.getByPlaceholder('Search services...').fill('nothing like this');
      await s.page.getByText('No matching service records').waitFor();
      await s.shot('06-no-match');
      await s.page.getByRole('button', { name: 'Reset' }).click();
      await waitForPage(s.page, 'Page 1 of 3', 12);
      expect(await s.page.getByPlaceholder('Search services...').inputValue()).toBe('');
      expect(await s.page.getByRole('columnheader', { name: 'Date' }).getAttribute('aria-sort')).toBe('descending');
    });
  });

  describe('at 390 px', () => {
    let s: Session;

    beforeAll(async () => {
      s = await openSignedIn(browser, { width: 390, height: 844 }, 'services-mobile');
    });
    expectNoErrorsThenClose(() => s);

    it('shows cards that fit the screen, with the pager', async () => {
      await waitForPage(s.page, 'Page 1 of 3', 12);
      expect(await s.page.getByRole('table').count()).toBe(0);
      expect((await pageWidths(s.page)).scrollWidth).toBeLessThanOrEqual(390);
      await s.shot('01-cards');
      await s.page.getByLabel('Items per page').selectOption('6');
      await waitForPage(s.page, 'Page 1 of 5', 6);
      await s.page.getByRole('button', { name: 'Next' }).click();
      await waitForPage(s.page, 'Page 2 of 5', 6);
    });

    it('filters, sorts and opens the details', async () => {
      await s.page.getByRole('button', { name: 'Filter' }).click();
      await s.page.getByRole('menuitem', { name: 'In Progress' }).click();
      await waitForPage(s.page, 'Page 1 of 1', 6);
      await s.page.getByRole('group', { name: 'Sort services' }).getByRole('button', { name: 'Title' }).click();
      await expectEventually(async () => expect(await rows(s.page).first().textContent()).toContain('Service 01'));
      await rows(s.page).first().click();
      const panel = s.page.getByRole('region', { name: 'Service Details' });
      await panel.getByText('Checked and logged (record 1).').waitFor();
      await s.shot('02-details');
      const record = records.find((r) => r.title === 'Service 01')!;
      await panel.getByRole('link', { name: 'Full Details' }).click();
      await s.page.waitForURL((url) => url.pathname === `/service-record/${record.id}`);
    });
  });
});
