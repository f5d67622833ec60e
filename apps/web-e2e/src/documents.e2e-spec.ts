import { ApiClient, createApprovedUser, createMachine, makePdf, serviceRecordFor, type ApprovedUser } from '@wrenchlog/testing';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { baseUrl, launch, makeJpeg, openSession, pageWidths, seriousViolations, signIn, signInAt, type Session } from './browser.js';

// Documents (issue 18) in real Chromium against the real back end: attach a PDF to a service record
// and a machine, open it through its link, refuse a photo renamed .pdf, delete one, and see them in
// the account size.
const api = () => new ApiClient(baseUrl());
const files = mkdtempSync(join(tmpdir(), 'wrenchlog-documents-e2e-'));

describe('Documents', () => {
  let browser: Browser;
  let owner: ApprovedUser;
  let machineId: number;
  let recordId: number;
  let s: Session;

  beforeAll(async () => {
    owner = await createApprovedUser(api(), { name: 'Paper Owner' });
    machineId = (await createMachine(api(), owner.token, { name: `Docs rig ${Date.now() % 100000}` })).id as number;
    recordId = (await serviceRecordFor(api(), owner.token, machineId, { title: 'Hydraulic pump' })).id as number;
    writeFileSync(join(files, 'Pump invoice.pdf'), makePdf('Invoice 2026-118'));
    writeFileSync(join(files, 'Operator manual.pdf'), makePdf('Manual', 120_000));
    writeFileSync(join(files, 'receipt-photo.pdf'), await makeJpeg(400, 300, '#2f9e44'));
    browser = await launch();
    s = await openSession(browser, { width: 1280, height: 900 }, 'documents');
    await signInAt(s.page, `/service-record/${recordId}`, owner);
  });

  afterAll(async () => {
    await s?.close();
    await browser?.close();
  });

  it('attaches a PDF to a service record and opens the same file from its link', async () => {
    const section = s.page.getByRole('region', { name: 'Documents' });
    await section.getByText('No documents yet. Attach PDF receipts, invoices or manuals.').waitFor();
    await section.getByLabel('PDF document to upload').setInputFiles(join(files, 'Pump invoice.pdf'));
    const link = section.getByRole('link', { name: 'Pump invoice.pdf' });
    await link.waitFor();
    expect(await link.getAttribute('target')).toBe('_blank');

    const opened = await s.page.request.get(new URL((await link.getAttribute('href'))!, baseUrl()).toString());
    expect(opened.status()).toBe(200);
    expect(opened.headers()['content-type']).toBe('application/pdf');
    expect(Buffer.from(await opened.body()).equals(makePdf('Invoice 2026-118'))).toBe(true);
    expect(s.errors).toEqual([]);
  });

  it("opens the PDF in Chromium's own viewer in a new tab, served sandboxed", async () => {
    const link = s.page.getByRole('region', { name: 'Documents' }).getByRole('link', { name: 'Pump invoice.pdf' });
    const served = await s.page.request.get(new URL((await link.getAttribute('href'))!, baseUrl()).toString());
    const [tab] = await Promise.all([s.page.context().waitForEvent('page'), link.click()]);
    // The built-in viewer loads into the tab (an extension frame) and shows the document.
    const viewerFrame = () => tab.frames().find((f) => f.url().startsWith('chrome-extension://'));
    for (let waited = 0; !viewerFrame() && waited < 15_000; waited += 100) {
      await tab.waitForTimeout(100);
    }
    expect(viewerFrame()).toBeDefined();
    await viewerFrame()!.waitForSelector('pdf-viewer', { timeout: 15_000 });

    expect(served.headers()['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(served.headers()['content-disposition']).toMatch(/^inline; /);
    await tab.close();
  });

  it("shows the server's message for a photo renamed .pdf", async () => {
    const section = s.page.getByRole('region', { name: 'Documents' });
    await section.getByLabel('PDF document to upload').setInputFiles(join(files, 'receipt-photo.pdf'));
    await section.getByRole('alert').getByText('Only PDF documents can be attached.').waitFor();
    expect(await section.getByRole('link').count()).toBe(1);
    // Chromium logs the refused request itself; nothing else went wrong.
    expect(s.errors.filter((e) => !e.includes('status of 415'))).toEqual([]);
    s.errors.length = 0;
  });

  it('deletes a document after the confirmation', async () => {
    const section = s.page.getByRole('region', { name: 'Documents' });
    await section.getByRole('button', { name: 'Delete Pump invoice.pdf' }).click();
    await s.page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await section.getByText('No documents yet. Attach PDF receipts, invoices or manuals.').waitFor();
    expect(s.errors).toEqual([]);
  });

  it("attaches a manual to the machine and counts it in Settings' account size", async () => {
    await s.page.goto(`/machines/${machineId}`);
    const section = s.page.getByRole('region', { name: 'Documents' });
    await section.getByLabel('PDF document to upload').setInputFiles(join(files, 'Operator manual.pdf'));
    await section.getByRole('link', { name: 'Operator manual.pdf' }).waitFor();
    const size = makePdf('Manual', 120_000).length;
    await section.getByText(`${Math.round(size / 1024)} KB`).waitFor();
    await s.shot('machine');

    await s.page.goto('/settings');
    await s.page
      .getByRole('region', { name: 'Account Details' })
      // Under 1 MB a size reads in KB (issue 38: a 3 KB document read "0.00 MB").
      .getByText(`0 images (0.00 MB), 1 document (${(size / 1024).toFixed(1)} KB)`)
      .waitFor();
    expect(s.errors).toEqual([]);
  });

  it('fits a 390 px phone: the list scrolls inside its card, never the page', async () => {
    const phone = await openSession(browser, { width: 390, height: 844 }, 'documents-phone');
    try {
      await phone.page.goto(`/machines/${machineId}`);
      await phone.page.waitForURL((url) => url.pathname === '/login');
      await signIn(phone.page, { username: owner.username, password: owner.password });
      await phone.page.getByRole('region', { name: 'Documents' }).getByRole('link', { name: 'Operator manual.pdf' }).waitFor();
      const { scrollWidth, clientWidth } = await pageWidths(phone.page);
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
      expect(await seriousViolations(phone.page)).toEqual([]);
      expect(phone.errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
