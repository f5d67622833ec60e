import { ApiClient, createApprovedUser, createMachine, expectEventually } from '@wrenchlog/testing';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, expectCleanPageAfterEach, launch, openSession, seriousViolations, signInAt, type Session } from './browser.js';

// Issue 21 end to end against the real back end: a schedule from a template, a fuel record whose
// hours make it due soon, the dashboard summary and the Due page, completing it from a service
// record, Upcoming again. Once at 1280 px and once at 390 px, each with its own user and tractor.

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** Reloads until the locator shows (the schedule service hears of records by events). */
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
])('maintenance schedules at $width px', ({ width, height, name }) => {
  let browser: Browser;
  let s: Session;
  let machine: { id: number; name: string };
  let owner: { token: string; username: string; password: string };
  const api = new ApiClient(baseUrl());
  const title = 'Engine oil and filter';

  beforeAll(async () => {
    owner = await createApprovedUser(api, { name: `Schedule ${name}` });
    machine = { id: 0, name: `Tractor ${name} ${Date.now() % 100000}` };
    machine.id = (await createMachine(api, owner.token, { name: machine.name, type: 'Tractor' })).id as number;
    browser = await launch();
    s = await openSession(browser, { width, height }, `schedules-${name}`);
    await signInAt(s.page, `/machines/${machine.id}?tab=schedules`, owner);
  });

  afterAll(async () => {
    await s?.close();
    await browser?.close();
  });

  expectCleanPageAfterEach(() => s);

  it('adds a schedule from the tractor templates, asked when it was last done (today by default)', async () => {
    await s.page.getByRole('button', { name: 'Add from template' }).click();
    await s.page.getByRole('menuitem', { name: new RegExp(title) }).click();
    // Issue 38: the last-done date and hours are asked for, today and the current reading filled in.
    const asked = s.page.getByRole('dialog', { name: `Add ${title}` });
    expect(await asked.getByLabel('Last done on').inputValue()).toBe(today());
    await s.shot('template-last-done');
    await asked.getByRole('button', { name: 'Add schedule' }).click();
    await asked.waitFor({ state: 'detached' });
    const item = s.page.getByRole('listitem', { name: title });
    await item.waitFor();
    await item.getByText('Upcoming').waitFor();
    await item.getByText(/Every 12 months or 250 h/).waitFor();
  });

  it("keeps each meter card's Add reading button inside the card and the screen", async () => {
    // A wide value and an old (stale) reading: the longest a card's text gets.
    const meters = await api.get<{ id: number; kind: string }[]>(`/api/machines/${machine.id}/meters`, owner.token);
    const odometer = meters.body.find((m) => m.kind === 'distance')!;
    const added = await api.post(`/api/meters/${odometer.id}/readings`, { value: 987654, readAt: '2024-01-15' }, owner.token);
    expect(added.status).toBe(201);
    await s.page.goto(`/machines/${machine.id}?tab=meters`);
    const card = s.page.getByTestId('meter-distance');
    const button = card.getByRole('button', { name: /^Add reading/ });
    await button.waitFor();
    await s.shot('meters-card');
    const [c, b] = [(await card.boundingBox())!, (await button.boundingBox())!];
    expect(b.x + b.width).toBeLessThanOrEqual(c.x + c.width);
    expect(c.x + c.width).toBeLessThanOrEqual(width);
    // The label is whole: a button squeezed by the value beside it cuts its text off at the right.
    expect(await button.locator('.mantine-Button-label').evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
  });

  it('a fuel record whose hours reach the due-soon window makes it Due soon, on the dashboard and the Due page', async () => {
    await s.page.goto(`/fuel-record?machineId=${machine.id}&mode=full`);
    const form = s.page.getByRole('form', { name: 'Create Fuel Record' });
    await form.getByLabel('Date and Time of Purchase').fill(`${today()}T08:00`);
    await form.getByLabel('Amount (gal)').fill('10');
    await form.getByLabel('Price per Unit ($)').fill('3.5');
    await form.getByLabel('Current Hours').fill('240');
    await form.getByRole('button', { name: 'Save Fuel Record' }).click();
    await s.page.getByText('Fuel record created successfully!').waitFor();

    await s.page.goto('/dashboard');
    await eventually(s.page, () => s.page.getByRole('link', { name: 'Due soon: 1' }));
    await s.shot('dashboard');
    await s.page.getByRole('link', { name: 'Due soon: 1' }).click();
    await s.page.waitForURL((url) => url.pathname === '/due' && url.search === '?status=due_soon');
    const item = s.page.getByRole('listitem', { name: title });
    await item.getByText('Due soon').waitFor();
    await item.getByText('10 h left').waitFor();
    await item.getByRole('link', { name: `${machine.name} · Tractor` }).waitFor();
    await s.shot('due');
  });

  it("completes it from the Due page's Log service; it is Upcoming again", async () => {
    // Issue 38: Log service opens the machine's service record form with the schedule ticked.
    await s.page.goto('/due?status=due_soon');
    await s.page
      .getByRole('listitem', { name: title })
      .getByRole('link', { name: new RegExp(`^Log service: ${title}`) })
      .click();
    await s.page.waitForURL((url) => url.pathname === '/service-record' && url.searchParams.get('machineId') === String(machine.id));
    const checklist = s.page.getByRole('group', { name: 'Completes these schedules' });
    await expectEventually(async () => expect(await checklist.getByRole('checkbox', { name: new RegExp(title) }).isChecked()).toBe(true), 5000, 100);
    expect(await s.page.getByRole('combobox', { name: 'Service Status' }).inputValue()).toBe('Complete');
    await expectEventually(async () => expect(await s.page.getByLabel(/^Title/).inputValue()).toBe(title), 5000, 100);
    await s.page.getByLabel('Hours').fill('242');
    await s.shot('log-service');
    await s.page.getByRole('button', { name: 'Create Service Record' }).click();
    await s.page.waitForURL((url) => /^\/service-record\/\d+$/.test(url.pathname));

    await s.page.goto(`/machines/${machine.id}?tab=schedules`);
    await eventually(s.page, () => s.page.getByRole('listitem', { name: title }).getByText('Upcoming'));
    await s.page
      .getByRole('listitem', { name: title })
      .getByText(/Next due: .*492 h/)
      .waitFor();
    await s.shot('machine-schedules');
  });

  it('the meters, schedules and Due screens and the schedule dialog pass axe-core', async () => {
    const found: string[] = [];
    for (const [path, text] of [
      [`/machines/${machine.id}?tab=meters`, 'Fuel record'],
      [`/machines/${machine.id}?tab=schedules`, title],
      ['/due', title],
    ]) {
      await s.page.goto(path);
      await s.page.getByRole('main').getByText(text).first().waitFor();
      found.push(...(await seriousViolations(s.page)).map((v) => `${path}: ${v}`));
    }
    await s.page.goto(`/machines/${machine.id}?tab=schedules`);
    await s.page.getByRole('button', { name: `Edit ${title}` }).click();
    await s.page.getByRole('dialog').getByLabel('Engine hours (h)').waitFor();
    found.push(...(await seriousViolations(s.page)).map((v) => `schedule dialog: ${v}`));
    expect(found).toEqual([]);
  });
});
