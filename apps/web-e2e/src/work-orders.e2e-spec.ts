import { ApiClient, createApprovedUser, createMachine, expectEventually } from '@wrenchlog/testing';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, expectCleanPageAfterEach, launch, openSession, seriousViolations, signInAt, type Session } from './browser.js';

// Issue 35 end to end against the real back end: an issue reported on a machine, a work order made
// from it, a labour line, completion; the service record in the machine's history and the issue
// resolved. Once at 1280 px and once at 390 px, each with its own user and machine.

/** Reloads until the locator shows (lists read again on open). */
async function eventually(page: Page, find: () => ReturnType<Page['getByRole']>): Promise<void> {
  await expectEventually(
    async () => {
      if (!(await find().isVisible())) {
        await page.reload();
        await find().waitFor({ timeout: 2000 });
      }
    },
    20000,
    200,
  );
}

describe.each([
  { width: 1280, height: 900, name: 'desktop' },
  { width: 390, height: 844, name: 'mobile' },
])('issues and work orders at $width px', ({ width, height, name }) => {
  let browser: Browser;
  let s: Session;
  let machine: { id: number; name: string };
  let owner: { token: string; username: string; password: string };
  let orderPath = '';
  const api = new ApiClient(baseUrl());
  const issueTitle = 'Hydraulic leak at the boom';

  beforeAll(async () => {
    owner = await createApprovedUser(api, { name: `Work ${name}` });
    machine = { id: 0, name: `Loader ${name} ${Date.now() % 100000}` };
    machine.id = (await createMachine(api, owner.token, { name: machine.name, type: 'Tractor' })).id as number;
    browser = await launch();
    s = await openSession(browser, { width, height }, `work-orders-${name}`);
    await signInAt(s.page, `/machines/${machine.id}`, owner);
  });

  afterAll(async () => {
    await s?.close();
    await browser?.close();
  });

  expectCleanPageAfterEach(() => s);

  it('reports an issue on the machine', async () => {
    const section = s.page.getByRole('region', { name: /Open issues/ });
    await section.getByText('No open issues.').waitFor();
    await section.getByRole('button', { name: 'Report issue' }).click();
    const form = s.page.getByRole('form', { name: 'Report issue' });
    await form.getByLabel(/^Title/).fill(issueTitle);
    await form.getByLabel('Description').fill('Drips when the boom is raised');
    await form.getByLabel(/^Priority/).selectOption('high');
    await form.getByLabel(/^Hour meter now/).fill('1250');
    expect(await seriousViolations(s.page)).toEqual([]);
    await form.getByRole('button', { name: 'Report issue' }).click();
    const item = section.getByRole('listitem', { name: issueTitle });
    await item.getByText('High').waitFor();
    await item.getByText('Open', { exact: true }).waitFor();
    await item.getByText(/Reported by you on .* at 1,250 h/).waitFor();
    await s.page.getByRole('heading', { name: 'Open issues (1)' }).waitFor();
    await s.shot('machine-issue');
    expect(await seriousViolations(s.page)).toEqual([]);
  });

  it('creates a work order from the open issue', async () => {
    await s.page.getByRole('button', { name: 'Create work order' }).click();
    const form = s.page.getByRole('form', { name: 'New work order' });
    await expect(form.getByRole('checkbox', { name: `Issue: ${issueTitle}` }).isChecked()).resolves.toBe(true);
    await form.getByLabel('Title').fill('Fix the boom leak');
    await form.getByRole('button', { name: 'Create work order' }).click();
    await s.page.waitForURL((url) => /^\/work-orders\/\d+$/.test(url.pathname));
    orderPath = new URL(s.page.url()).pathname;
    await s.page.getByRole('heading', { name: 'Fix the boom leak' }).waitFor();
    await s.page.getByTestId('order-issue').getByText(issueTitle).waitFor();
    await s.page.getByTestId('order-issue').getByText('In progress').waitFor();
  });

  it('adds a labour line: 2.5 h at 60.00 totals 150.00', async () => {
    const add = s.page.getByRole('form', { name: 'Add line' });
    await add.getByLabel(/^Hours/).fill('2.5');
    await add.getByLabel(/^Rate/).fill('60');
    await add.getByRole('button', { name: 'Add labour line' }).click();
    const labour = s.page.getByRole('table', { name: 'Labour' });
    await labour.getByText('$150.00').waitFor();
    await labour.getByText(`Work ${name}`).waitFor();
    await expect(s.page.getByTestId('order-total').textContent()).resolves.toBe('$150.00');
    await s.shot('order');
    expect(await seriousViolations(s.page)).toEqual([]);
  });

  it('shows the order on the board, and opens it from there by keyboard', async () => {
    await s.page.goto('/work-orders');
    const column = s.page.locator('[data-testid="board-column"][data-state="open"]');
    const card = column.getByRole('link', { name: /Fix the boom leak/ });
    await card.getByText(machine.name).waitFor();
    await card.getByText('1 issue').waitFor();
    await card.getByText('$150.00').waitFor();
    await s.shot('board');
    expect(await seriousViolations(s.page)).toEqual([]);
    await card.focus();
    await s.page.keyboard.press('Enter');
    await s.page.waitForURL((url) => url.pathname === orderPath);
  });

  it('completes it, links to the service record, which is in the history, and the issue is resolved', async () => {
    await s.page.getByRole('button', { name: 'Complete', exact: true }).click();
    const form = s.page.getByRole('form', { name: 'Complete work order' });
    await form.getByRole('button', { name: 'Complete work order' }).click();
    const link = s.page.getByRole('link', { name: 'Open its service record' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toMatch(/^\/service-record\/\d+$/);
    await s.page.getByText('Done', { exact: true }).first().waitFor();

    await s.page.goto(`/machines/${machine.id}?tab=service`);
    await eventually(s.page, () => s.page.getByRole('tabpanel').getByText('Fix the boom leak').first());
    await s.page.getByRole('heading', { name: 'Open issues (0)' }).waitFor();
    await s.page.getByRole('button', { name: 'Show resolved and closed (1)' }).click();
    const item = s.page.getByRole('listitem', { name: issueTitle });
    await item.getByText('Resolved', { exact: true }).waitFor();
    await s.shot('machine-after');
  });
});
