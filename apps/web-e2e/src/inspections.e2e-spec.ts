import { ApiClient, createApprovedUser, createMachine, expectEventually, joinAccount, type JoinedMember } from '@wrenchlog/testing';
import type { Browser } from 'playwright-core';
import { baseUrl, expectCleanPageAfterEach, launch, openSession, pageWidths, seriousViolations, signInAt, type Session } from './browser.js';

// Issue 35's inspections in the browser against the real back end: an operator on a phone (390 px)
// does the daily walk-around of their excavator, by touch, fails the track sag by its number, signs
// and submits; the result says an issue was opened, and the machine page shows that issue.

describe('an operator inspects at 390 px', () => {
  let browser: Browser;
  let s: Session;
  let operator: JoinedMember;
  let machine: { id: number; name: string };
  const api = new ApiClient(baseUrl());

  beforeAll(async () => {
    const owner = await createApprovedUser(api, { name: 'Inspection Owner' });
    machine = { id: 0, name: `Excavator ${Date.now() % 100000}` };
    machine.id = (await createMachine(api, owner.token, { name: machine.name, type: 'Excavator' })).id as number;
    operator = await joinAccount(api, { dataDir: process.env.E2E_WEB_DATA_DIR! }, owner.token, 'operator', { name: 'Otto Operator', machineIds: [machine.id] });
    // work-order-service learns of the machine by event.
    await expectEventually(async () => expect((await api.get(`/api/machines/${machine.id}/inspections`, owner.token)).status).toBe(200));
    browser = await launch();
    s = await openSession(browser, { width: 390, height: 844 }, 'inspections-mobile');
    await signInAt(s.page, `/machines/${machine.id}`, operator);
  });

  afterAll(async () => {
    await s?.close();
    await browser?.close();
  });

  expectCleanPageAfterEach(() => s);

  it('fails the track sag by its number, and the issue it opened shows on the machine page', async () => {
    const section = s.page.getByRole('region', { name: 'Inspections' });
    await section.getByText('No inspections yet.').waitFor();
    await section.getByRole('link', { name: 'Inspect' }).click();
    const form = s.page.getByRole('form', { name: 'Inspection checklist' });
    await form.waitFor();
    await expect(s.page.getByLabel('Form').inputValue()).resolves.not.toBe('');
    expect(await s.page.getByLabel('Form').locator('option:checked').textContent()).toBe('Daily walk-around (excavator, loader)');
    expect(await seriousViolations(s.page)).toEqual([]);

    // Every pass/fail item passed by touch, the sag typed outside 1 to 2 in.
    for (const pass of await form.getByRole('button', { name: /^Pass: / }).all()) {
      await pass.click();
    }
    await form.getByRole('textbox', { name: /Track sag .* value/ }).fill('2.75');
    await form.getByText('Outside the allowed range (1 to 2): this item fails and opens an issue.').waitFor();
    await form.getByRole('textbox', { name: /^Note: Track sag/ }).fill('Left track slack');
    await form.getByLabel(/^Signed by/).fill('Otto Operator');
    const { scrollWidth, clientWidth } = await pageWidths(s.page);
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    await s.shot('inspect-checklist');
    await form.getByRole('button', { name: 'Submit inspection' }).click();

    await s.page.waitForURL((url) => /^\/inspections\/\d+$/.test(url.pathname));
    await s.page.getByText('1 item failed').waitFor();
    await s.page.getByText(/An issue was opened on/).waitFor();
    expect(await seriousViolations(s.page)).toEqual([]);
    await s.shot('inspection-result');

    await s.page.getByRole('link', { name: machine.name }).click();
    const issues = s.page.getByRole('region', { name: /Open issues/ });
    await issues.getByRole('listitem', { name: 'Inspection failed: Track sag (in), 1 to 2 (2.75)' }).waitFor();
    await issues.getByText('Medium').first().waitFor();
    await s.page.getByRole('region', { name: 'Inspections' }).getByText('1 failed').waitFor();
  });
});
