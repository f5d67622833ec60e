import { ApiClient, createApprovedUser, createMachine, serviceRecordFor, type ApprovedUser } from '@wrenchlog/testing';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { baseUrl, launch, makeJpeg, openSession, signIn, waitForImages, type Session } from './browser.js';

// Issue 18 in real Chromium: what a new owner meets when something is missing or wrong, the
// keyboard path through the app, and the landing page's screenshots.
describe('new-owner polish (issue 18)', () => {
  let browser: Browser;
  let owner: ApprovedUser;
  let other: ApprovedUser;
  let api: ApiClient;
  const files = mkdtempSync(join(tmpdir(), 'wrenchlog-polish-e2e-'));

  beforeAll(async () => {
    browser = await launch();
    api = new ApiClient(baseUrl());
    owner = await createApprovedUser(api, { name: 'Polish Owner' });
    other = await createApprovedUser(api, { name: 'Someone Else' });
    writeFileSync(join(files, 'good.jpg'), await makeJpeg(800, 600, '#1c7ed6'));
    // JPEG by name and type, but not an image a browser can read.
    writeFileSync(join(files, 'broken.jpg'), Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('this is not really a photo'.repeat(40))]));
  });

  afterAll(async () => {
    await browser?.close();
  });

  describe('signed in at 1280 px', () => {
    let s: Session;

    beforeAll(async () => {
      s = await openSession(browser, { width: 1280, height: 900 }, 'polish');
      await s.page.goto('/login');
      await signIn(s.page, { username: owner.username, password: owner.password });
      await s.page.waitForURL((url) => url.pathname === '/dashboard');
    });
    afterAll(async () => {
      await s?.close();
    });

    it('says a deleted, missing or foreign record does not exist, with a way back', async () => {
      const mine = await createMachine(api, owner.token, { name: `Polish loader ${Date.now() % 100000}` });
      const deleted = await serviceRecordFor(api, owner.token, mine.id, { title: 'Gone soon' });
      expect((await api.delete(`/api/services/${deleted.id}`, owner.token)).status).toBe(204);
      const theirs = await createMachine(api, other.token, { name: 'Not yours' });
      const foreign = await serviceRecordFor(api, other.token, theirs.id, { title: 'Private' });
      const cases: [string, string, string][] = [
        [`/service-record/${deleted.id}`, 'Service record not found', 'Browse services'],
        [`/service-record/${foreign.id}`, 'Service record not found', 'Browse services'],
        ['/service-record/abc', 'Invalid service record ID', 'Browse services'],
        ['/fuel-record/999999', 'Fuel record not found', 'Browse machines'],
        ['/part-purchase/999999', 'Purchase not found', 'Back to parts'],
      ];
      for (const [path, title, back] of cases) {
        await s.page.goto(path);
        await s.page.getByText(title, { exact: true }).waitFor();
        expect(await s.page.getByText('Check your connection and try again.').count()).toBe(0);
        expect(await s.page.getByText('Private').count()).toBe(0);
        await s.page.getByRole('link', { name: back }).waitFor();
      }
      // The way back works.
      await s.page.getByRole('link', { name: 'Back to parts' }).click();
      await s.page.waitForURL((url) => url.pathname === '/parts');
    });

    it('names a photo the browser cannot read, in the gallery and as the profile photo, and still adds the good one', async () => {
      const machine = await createMachine(api, owner.token, { name: `Photo check ${Date.now() % 100000}` });
      await s.page.goto(`/machines/${machine.id}`);
      const panel = s.page.getByTestId('basic-info');
      await panel.getByRole('button', { name: 'Edit machine' }).click();

      const galleryChooser = s.page.waitForEvent('filechooser');
      await panel.getByRole('button', { name: 'Add photos' }).click();
      const upload = s.page.waitForResponse((r) => r.url().endsWith('/gallery') && r.request().method() === 'POST');
      await (await galleryChooser).setFiles([join(files, 'broken.jpg'), join(files, 'good.jpg')]);
      await panel.getByText(/^Failed to process broken\.jpg: /).waitFor();
      expect((await upload).status()).toBe(201);
      await s.page.locator('[data-testid="gallery"] img').first().waitFor();

      const chooser = s.page.waitForEvent('filechooser');
      await panel.getByRole('button', { name: 'Change', exact: true }).click();
      await (await chooser).setFiles(join(files, 'broken.jpg'));
      await panel.getByText(/^Failed to process broken\.jpg: /).waitFor();
      expect(await panel.getByAltText('No photo yet').count()).toBe(1);
    });

    it('starts the create dialog on Name, returns focus to its opener, and offers a skip link first', async () => {
      await s.page.goto('/machines');
      const opener = s.page.getByRole('button', { name: 'Create New Machine' }).first();
      await opener.focus();
      await s.page.keyboard.press('Enter');
      const dialog = s.page.getByRole('dialog', { name: 'Create New Machine' });
      await dialog.waitFor();
      // Typing a name with spaces stays in the field (the Close button used to take the space).
      await s.page.keyboard.type('Blue F 150');
      expect(await dialog.getByLabel(/Name/).inputValue()).toBe('Blue F 150');
      await s.page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expectFocused(s, 'Create New Machine');

      await s.page.goto('/dashboard');
      await s.page.getByRole('main').getByText('Most Recent').first().waitFor();
      await s.page.keyboard.press('Tab');
      await expectFocused(s, 'Skip to content');
      await s.page.keyboard.press('Enter');
      expect(await s.page.evaluate(() => (globalThis as unknown as { document: { activeElement: { id: string } } }).document.activeElement.id)).toBe(
        'main-content',
      );
    });

    it('keeps the services list state across Full Details, Back and a reload', async () => {
      const machine = await createMachine(api, owner.token, { name: `Services state ${Date.now() % 100000}` });
      for (const title of ['Alpha check', 'Bravo check', 'Charlie check', 'Delta check']) {
        await serviceRecordFor(api, owner.token, machine.id, { title });
      }
      await s.page.goto('/services');
      await s.page.getByLabel('Items per page').selectOption('3');
      await s.page.getByRole('button', { name: /^Title/ }).click();
      await s.page.waitForURL((url) => url.searchParams.get('sort') === 'title,asc' && url.searchParams.get('size') === '3');
      const first = s.page.getByTestId('service-row').first();
      await first.click();
      await s.page.getByRole('link', { name: 'Full Details' }).click();
      await s.page.waitForURL((url) => url.pathname.startsWith('/service-record/'));
      await s.page.goBack();
      await s.page.waitForURL((url) => url.pathname === '/services' && url.searchParams.get('sort') === 'title,asc');
      expect(await s.page.getByLabel('Items per page').inputValue()).toBe('3');
      await s.page.reload();
      await s.page.getByTestId('service-row').first().waitFor();
      expect(await s.page.getByTestId('service-row').count()).toBe(3);
      expect(await s.page.getByRole('columnheader', { name: /Title/ }).getAttribute('aria-sort')).toBe('ascending');
    });

    it('logs out from Settings to plain /login', async () => {
      await s.page.goto('/settings');
      // The Logout of the Settings page itself (the header has one too).
      await s.page.getByRole('tabpanel', { name: 'Settings' }).getByRole('button', { name: 'Logout' }).click();
      await s.page.waitForURL((url) => url.pathname === '/login');
      await s.page.getByRole('button', { name: 'Login' }).waitFor();
      expect(new URL(s.page.url()).search).toBe('');
    });
  });

  it("loads the landing page's screenshots as they scroll in, each with its alt text", async () => {
    const s = await openSession(browser, { width: 1280, height: 900 }, 'polish-landing');
    try {
      await s.page.goto('/');
      await s.page.getByRole('heading', { name: 'See it' }).waitFor({ state: 'attached' });
      const shots = s.page.locator('main button img');
      expect(await shots.count()).toBe(4);
      for (const alt of await shots.evaluateAll((els) => els.map((el) => el.getAttribute('alt')))) {
        expect(alt?.trim()).toBeTruthy();
      }
      // Each file is served as an image.
      for (const src of await shots.evaluateAll((els) => els.map((el) => (el as unknown as { src: string }).src))) {
        const res = await fetch(src);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('image/webp');
      }
      // A visitor scrolls down with the wheel, as far as the gallery; the lazy images load on the way.
      for (let i = 0; i < 40 && !((await shots.first().isVisible()) && (await shots.first().boundingBox())!.y < 800); i++) {
        await s.page.mouse.wheel(0, 400);
        await s.page.waitForTimeout(50);
      }
      await waitForImages(s.page, 'main button img', 4);
      // A full-page capture never scrolls: on a phone, where the gallery is far below the first
      // screen, the images still load once the page is idle.
      await s.page.setViewportSize({ width: 390, height: 844 });
      await s.page.goto('/');
      await s.page.getByRole('heading', { name: 'See it' }).waitFor({ state: 'attached' });
      await waitForImages(s.page, 'main button img', 4);
      expect(await s.page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY)).toBe(0);
      await s.shot('landing-full-page');
      expect(s.errors).toEqual([]);
    } finally {
      await s.close();
    }
  });
});

async function expectFocused(s: Session, name: string): Promise<void> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const focused = await s.page.evaluate(() => {
      const el = (globalThis as unknown as { document: { activeElement: { textContent: string | null; getAttribute(n: string): string | null } | null } })
        .document.activeElement;
      return el ? (el.getAttribute('aria-label') ?? el.textContent ?? '').trim() : '';
    });
    if (focused === name) {
      return;
    }
    if (Date.now() > deadline) {
      throw new Error(`expected focus on "${name}", found "${focused}"`);
    }
    await s.page.waitForTimeout(50);
  }
}
