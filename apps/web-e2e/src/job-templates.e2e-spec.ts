import { ApiClient, createApprovedUser, createMachine, expectEventually } from '@wrenchlog/testing';
import type { Browser } from 'playwright-core';
import { baseUrl, expectCleanPageAfterEach, launch, openSession, pageWidths, seriousViolations, signInAt, type Session } from './browser.js';

// Issue 35's job templates in the browser against the real back end, on a phone (390 px): the owner
// keeps "250-hour service" in Settings > Job templates (by keyboard), starts a work order on the
// loader from it, and ticks its first step on the order.

describe('job templates at 390 px', () => {
  let browser: Browser;
  let s: Session;
  let machine: { id: number; name: string };
  const api = new ApiClient(baseUrl());
  const templateName = '250-hour service';

  beforeAll(async () => {
    const owner = await createApprovedUser(api, { name: 'Template Owner' });
    machine = { id: 0, name: `Loader ${Date.now() % 100000}` };
    machine.id = (await createMachine(api, owner.token, { name: machine.name, type: 'Loader' })).id as number;
    // work-order-service learns of the machine by event.
    await expectEventually(async () => expect((await api.get(`/api/machines/${machine.id}/issues`, owner.token)).status).toBe(200));
    browser = await launch();
    s = await openSession(browser, { width: 390, height: 844 }, 'job-templates-mobile');
    await signInAt(s.page, '/settings?tab=templates', owner);
  });

  afterAll(async () => {
    await s?.close();
    await browser?.close();
  });

  expectCleanPageAfterEach(() => s);

  it('keeps a template with its steps and a labour line, made by keyboard', async () => {
    const section = s.page.getByRole('region', { name: 'Job templates' });
    await section.getByText('No job templates yet.').waitFor();
    await section.getByRole('button', { name: 'New template' }).focus();
    await s.page.keyboard.press('Enter');
    const form = s.page.getByRole('form', { name: 'Job template' });
    await form.waitFor();
    // The dialog starts on the name.
    await s.page.keyboard.type(templateName);
    await form.getByRole('textbox', { name: 'Step 1', exact: true }).fill('Drain engine oil');
    await form.getByRole('button', { name: 'Add step' }).focus();
    await s.page.keyboard.press('Enter');
    await form.getByRole('textbox', { name: 'Step 2', exact: true }).fill('Grease pivots');
    await form.getByRole('button', { name: 'Add line' }).focus();
    await s.page.keyboard.press('Enter');
    await form.getByLabel(/^Hours/).fill('2.5');
    await form.getByLabel(/^Rate/).fill('60');
    expect(await seriousViolations(s.page)).toEqual([]);
    const { scrollWidth, clientWidth } = await pageWidths(s.page);
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    await s.shot('editor');
    await form.getByRole('button', { name: 'Save template' }).click();
    await form.waitFor({ state: 'detached' });
    const list = section.getByRole('list', { name: 'Job templates' });
    await list.getByText(templateName).waitFor();
    await list.getByText('Steps: 2 · Lines: 1').waitFor();
    await s.shot('list');
  });

  it('starts a work order from it, and ticks its first step', async () => {
    await s.page.goto(`/machines/${machine.id}`);
    await s.page.getByRole('button', { name: 'Create work order' }).click();
    const form = s.page.getByRole('form', { name: 'New work order' });
    await form.getByLabel(/^Start from template/).selectOption({ label: templateName });
    await form.getByRole('button', { name: 'Create work order' }).click();
    await s.page.waitForURL((url) => /^\/work-orders\/\d+$/.test(url.pathname));
    // The title comes from the template when nothing else names the job.
    await s.page.getByRole('heading', { name: templateName }).waitFor();
    await s.page.getByTestId('order-total').filter({ hasText: '$150.00' }).waitFor();
    // Its lines and steps came from the template: no longer called a blank order.
    await s.page.getByRole('region', { name: 'Issues and schedules' }).getByText('None.', { exact: true }).waitFor();
    const checklist = s.page.getByRole('region', { name: 'Checklist' });
    await checklist.getByText('0 of 2 done').waitFor();
    await checklist.getByRole('checkbox', { name: 'Drain engine oil' }).check();
    await checklist.getByText('1 of 2 done').waitFor();
    expect(await seriousViolations(s.page)).toEqual([]);
    await s.shot('order');
  });
});
