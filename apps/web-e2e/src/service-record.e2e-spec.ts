import { ApiClient, createApprovedUser, createMachine, expectEventually, serviceRecordFor, type ApprovedUser } from '@wrenchlog/testing';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, expectNoErrorsThenClose, launch, makeJpeg, openSession, pageWidths, signInAt, waitForImages, type Session } from './browser.js';

// The service record form in full mode against the real back end: create, blur-save, photos
// (resized in the browser, uploaded, shown as thumbnails, viewer), delete. One journey at 1280 px
// and one layout check at 390 px.
let owner: ApprovedUser;
let machine: { id: number; name: string };
const api = () => new ApiClient(baseUrl());
const files = mkdtempSync(join(tmpdir(), 'wrenchlog-service-record-e2e-'));

async function openSignedIn(browser: Browser, viewport: { width: number; height: number }, prefix: string, path: string): Promise<Session> {
  const s = await openSession(browser, viewport, prefix);
  await signInAt(s.page, path, owner);
  return s;
}

// Mantine's searchable select is a combobox in some states and a plain textbox in others.
const machineInput = (page: Page) => page.getByRole('combobox', { name: 'Machine' }).or(page.getByRole('textbox', { name: 'Machine' }));
const recordIdOf = (page: Page) => Number(/\/service-record\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);

describe('Service record form', () => {
  let browser: Browser;

  beforeAll(async () => {
    owner = await createApprovedUser(api(), { name: 'Shop Owner' });
    const name = `Record rig ${Date.now() % 100000}`;
    machine = { id: (await createMachine(api(), owner.token, { name })).id as number, name };
    // A large photo (resized to 1920 px in the browser) and a portrait one.
    writeFileSync(join(files, 'engine-bay.jpg'), await makeJpeg(3000, 2000, '#e8590c'));
    writeFileSync(join(files, 'receipt.jpg'), await makeJpeg(900, 1400, '#2f9e44'));
    writeFileSync(join(files, 'old-part.jpg'), await makeJpeg(1200, 900, '#1c7ed6'));
    browser = await launch();
  });

  afterAll(async () => {
    await browser?.close();
  });

  describe('at 1280 px', () => {
    let s: Session;
    let recordId = 0;

    beforeAll(async () => {
      s = await openSignedIn(browser, { width: 1280, height: 900 }, 'service-record-desktop', `/service-record?machineId=${machine.id}&mode=full`);
    });
    expectNoErrorsThenClose(() => s);

    it('creates a record on submit and opens it', async () => {
      await s.page.getByRole('heading', { name: 'Create Service Record' }).waitFor();
      // The machine from the query is preselected once the list has loaded.
      await expectEventually(async () => expect(await machineInput(s.page).inputValue()).toBe(machine.name));
      await s.page.getByRole('textbox', { name: 'Title' }).fill('Brake pads and rotors');
      await s.page.getByRole('textbox', { name: 'Service Shop' }).fill('Main Street Garage');
      await s.page.getByRole('button', { name: 'Create Service Record' }).click();
      await s.page.waitForURL((url) => /^\/service-record\/\d+$/.test(url.pathname));
      await s.page.getByText('Service record created successfully!').waitFor();
      await s.page.getByRole('heading', { name: 'Service Record Details' }).waitFor();
      recordId = recordIdOf(s.page);
      const stored = await api().get(`/api/services/${recordId}`, owner.token);
      expect(stored.body).toMatchObject({
        title: 'Brake pads and rotors',
        status: 'New',
        serviceType: 'Maintenance',
        machineId: machine.id,
        serviceShop: 'Main Street Garage',
      });
    });

    it('saves a field when it loses focus, and shows miles with separators', async () => {
      const saved = s.page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/services/${recordId}`));
      await s.page.getByRole('textbox', { name: 'Service Shop' }).fill('Corner Garage');
      await s.page.keyboard.press('Tab');
      expect((await saved).status()).toBe(200);
      await s.page.getByRole('textbox', { name: 'Miles' }).click();
      await s.page.getByRole('textbox', { name: 'Miles' }).fill('123456');
      const savedMiles = s.page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/services/${recordId}`));
      await s.page.keyboard.press('Tab');
      expect((await savedMiles).status()).toBe(200);
      expect(await s.page.getByRole('textbox', { name: 'Miles' }).inputValue()).toBe('123,456');
      const stored = await api().get(`/api/services/${recordId}`, owner.token);
      expect(stored.body).toMatchObject({ serviceShop: 'Corner Garage', miles: 123456 });
    });

    it('uploads photos resized in the browser and shows their thumbnails', async () => {
      await s.page.getByTestId('service-photos-input').setInputFiles([join(files, 'engine-bay.jpg'), join(files, 'receipt.jpg'), join(files, 'old-part.jpg')]);
      // Stored thumbnails from the server, not the pending previews (blob: URLs) shown during the upload.
      await waitForImages(s.page, '[data-testid="service-photos"] img', 3, (src) => !src.startsWith('blob:'));
      // Thumbnails are at most 200 px; originals at most 1920 px.
      const thumbs = await s.page
        .locator('[data-testid="service-photos"] img')
        .evaluateAll((els) =>
          els.map((el) => Math.max((el as unknown as { naturalWidth: number }).naturalWidth, (el as unknown as { naturalHeight: number }).naturalHeight)),
        );
      expect(Math.max(...thumbs)).toBeLessThanOrEqual(200);
      const images = await api().get(`/api/services/${recordId}/images`, owner.token);
      expect((images.body as { fileName: string }[]).map((i) => i.fileName).sort()).toEqual(['engine-bay.jpg', 'old-part.jpg', 'receipt.jpg']);
      await s.page.getByRole('heading', { name: 'Photos (3)' }).waitFor();
      await s.shot('01-record-with-photos');
    });

    it('opens the viewer, steps with the arrow keys and closes with Escape', async () => {
      await s.page.getByRole('button', { name: 'Open engine-bay.jpg' }).click();
      const first = s.page.getByRole('dialog', { name: 'Photo 1 of 3' });
      await first.waitFor();
      await waitForImages(s.page, '[data-testid="viewer-image"]', 1);
      const width = await s.page.getByTestId('viewer-image').evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth);
      expect(width).toBe(1920);
      expect(await first.getByRole('button', { name: 'Previous photo' }).count()).toBe(0);
      await s.page.keyboard.press('ArrowRight');
      await s.page.getByRole('dialog', { name: 'Photo 2 of 3' }).getByRole('button', { name: 'Previous photo' }).waitFor();
      await s.page.keyboard.press('ArrowRight');
      const last = s.page.getByRole('dialog', { name: 'Photo 3 of 3' });
      await last.waitFor();
      expect(await last.getByRole('button', { name: 'Next photo' }).count()).toBe(0);
      await s.shot('02-viewer');
      await s.page.keyboard.press('Escape');
      await last.waitFor({ state: 'detached' });
    });

    it('deletes two selected photos after the confirmation', async () => {
      await s.page.getByRole('button', { name: 'Select', exact: true }).click();
      await s.page.getByRole('button', { name: 'Select engine-bay.jpg' }).click();
      await s.page.getByRole('button', { name: 'Select receipt.jpg' }).click();
      await s.page.getByRole('button', { name: 'Delete Images (2)' }).click();
      const dialog = s.page.getByRole('dialog', { name: 'Please confirm' });
      await dialog.getByText('Are you sure you want to delete 2 photos?').waitFor();
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await s.page.getByRole('heading', { name: 'Photos (1)' }).waitFor();
      await s.page.getByRole('button', { name: 'Open old-part.jpg' }).waitFor();
      const images = await api().get(`/api/services/${recordId}/images`, owner.token);
      expect((images.body as { fileName: string }[]).map((i) => i.fileName)).toEqual(['old-part.jpg']);
    });

    it('clones the record as a new one dated today', async () => {
      await s.page.getByRole('button', { name: 'Clone Record' }).click();
      await s.page.waitForURL((url) => url.pathname !== `/service-record/${recordId}` && /^\/service-record\/\d+$/.test(url.pathname));
      await s.page.getByText('Service record created successfully!').waitFor();
      const copy = await api().get(`/api/services/${recordIdOf(s.page)}`, owner.token);
      const today = await s.page.evaluate(() => {
        const d = new Date();
        return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
      });
      expect(copy.body).toMatchObject({ title: 'Brake pads and rotors', serviceShop: 'Corner Garage', miles: 123456, serviceDate: today });
      recordId = recordIdOf(s.page);
    });

    it('deletes the record after the confirmation and lands on /services', async () => {
      await s.page.getByRole('button', { name: 'Delete Record' }).click();
      const dialog = s.page.getByRole('dialog', { name: 'Please confirm' });
      await dialog.getByText(/This action cannot be undone/).waitFor();
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await s.page.waitForURL((url) => url.pathname === '/services');
      await s.page.getByRole('heading', { name: 'Recent Machine Services' }).waitFor();
      expect((await api().get(`/api/services/${recordId}`, owner.token)).status).toBe(404);
    });
  });

  describe('at 390 px', () => {
    it('fits the screen', async () => {
      const record = await serviceRecordFor(api(), owner.token, machine.id, { title: 'Chain tension', notes: 'Adjusted and lubed.' });
      const s = await openSignedIn(browser, { width: 390, height: 844 }, 'service-record-mobile', `/service-record/${record.id as number}`);
      try {
        await s.page.getByRole('heading', { name: 'Service Record Details' }).waitFor();
        await s.page.getByText('No photos yet', { exact: false }).waitFor();
        expect((await pageWidths(s.page)).scrollWidth).toBeLessThanOrEqual(390);
        await s.shot('01-details');
        // #images scrolls to the photos.
        await s.page.goto(`/service-record/${record.id as number}#images`);
        await s.page.getByRole('heading', { name: 'Service Record Details' }).waitFor();
        await expectEventually(async () => expect(await s.page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY)).toBeGreaterThan(300));
        expect(s.errors).toEqual([]);
      } finally {
        await s.close();
      }
    });
  });
});
