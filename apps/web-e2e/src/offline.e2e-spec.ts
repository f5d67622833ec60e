import { ApiClient, createApprovedUser, createMachine, expectEventually, type ApprovedUser } from '@wrenchlog/testing';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { baseUrl, launch, openSession, signInAt, type Session } from './browser.js';

// Issue 34: the installable, offline app in Chromium against the real back end. The manifest and the
// service worker; offline (the context's offline mode) a machine seen before opens from the device,
// marked "Offline, as of"; a fuel record and a meter reading made offline wait on the device, also
// through a reload; back online each is sent once and listed; a new deployment brings the prompt.

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** The page's navigator.serviceWorker (this file is compiled without the DOM's types). */
interface PageWorkers {
  controller: object | null;
  ready: Promise<{ active: { scriptURL: string } | null }>;
  getRegistration(): Promise<{ waiting: object | null } | undefined>;
}
// Functions handed to page.evaluate run in the page: each reaches it through globalThis itself.

/** Errors a page logs by itself while the device is offline (its requests fail): expected here. */
const OFFLINE_NOISE = /ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR_FAILED|could not reach/i;

describe('the installable, offline app (issue 34)', () => {
  const api = new ApiClient(baseUrl());
  let browser: Browser;
  let s: Session;
  let owner: ApprovedUser;
  let machine: { id: number; name: string };
  let odometerId: number;

  beforeAll(async () => {
    owner = await createApprovedUser(api, { name: 'Field Owner' });
    machine = { id: 0, name: `Field truck ${Date.now() % 100000}` };
    machine.id = (await createMachine(api, owner.token, { name: machine.name })).id as number;
    // schedule-service makes the machine's meters when it hears of the machine.
    await expectEventually(async () => {
      const meters = await api.get<{ id: number; kind: string }[]>(`/api/machines/${machine.id}/meters`, owner.token);
      expect([meters.status, Array.isArray(meters.body)]).toEqual([200, true]);
      odometerId = meters.body.find((m) => m.kind === 'distance')!.id;
    });
    browser = await launch();
    s = await openSession(browser, { width: 390, height: 844 }, 'offline');
  });

  afterEach(() => {
    expect(s?.errors.filter((e) => !OFFLINE_NOISE.test(e))).toEqual([]);
  });

  afterAll(async () => {
    await s?.close();
    await browser?.close();
  });

  it('is installable: a manifest with icons, and the service worker controls the app', async () => {
    const manifest = await s.page.request.get('/manifest.webmanifest');
    expect(manifest.status()).toBe(200);
    expect(manifest.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const body = (await manifest.json()) as { name: string; start_url: string; display: string; icons: { src: string; sizes: string; purpose: string }[] };
    expect(body).toMatchObject({ name: 'Wrenchlog', start_url: '/dashboard', display: 'standalone' });
    expect(body.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of body.icons) {
      const png = await s.page.request.get(icon.src);
      expect([icon.src, png.status(), png.headers()['content-type']]).toEqual([icon.src, 200, 'image/png']);
    }
    const sw = await s.page.request.get('/sw.js');
    expect(sw.status()).toBe(200);
    expect(sw.headers()['content-type']).toMatch(/javascript/);
    // Never a long cache on the worker: a new deployment is seen on the next load.
    expect(sw.headers()['cache-control']).toBe('no-cache');

    await signInAt(s.page, '/dashboard', owner);
    expect(await s.page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
    await s.page.waitForFunction(
      () => (globalThis as unknown as { navigator: { serviceWorker: PageWorkers } }).navigator.serviceWorker.controller !== null,
      undefined,
      { timeout: 30000 },
    );
    expect(
      await s.page.evaluate(
        async () => (await (globalThis as unknown as { navigator: { serviceWorker: PageWorkers } }).navigator.serviceWorker.ready).active?.scriptURL,
      ),
    ).toBe(`${baseUrl()}/sw.js`);
  });

  it('opens a machine seen before from the device when offline, marked "Offline, as of"', async () => {
    // Seen once online (the worker keeps these answers).
    await s.page.goto(`/machines/${machine.id}?tab=meters`);
    await s.page.getByRole('heading', { name: machine.name }).first().waitFor();
    await s.page.getByTestId('meter-distance').waitFor();
    await s.page.goto(`/fuel-record?machineId=${machine.id}&mode=full`);
    await s.page.getByRole('form', { name: 'Create Fuel Record' }).waitFor();
    expect(await s.page.getByTestId('offline-bar').count()).toBe(0);

    await s.context.setOffline(true);
    await s.page.goto(`/machines/${machine.id}?tab=meters`);
    await s.page.getByRole('heading', { name: machine.name }).first().waitFor();
    await s.page.getByTestId('meter-distance').waitFor();
    await s.page.getByText(/^Offline, as of \d{4}-\d\d-\d\d \d\d:\d\d$/).waitFor();
    await s.shot('offline-machine');
  });

  it('keeps a fuel record and a reading made offline, waiting to send, also after a reload', async () => {
    await s.page.goto(`/fuel-record?machineId=${machine.id}&mode=full`);
    const form = s.page.getByRole('form', { name: 'Create Fuel Record' });
    await form.getByLabel('Date and Time of Purchase').fill(`${today()}T06:05`);
    await form.getByLabel('Amount (gal)').fill('11.5');
    await form.getByLabel('Price per Unit ($)').fill('3.2');
    await form.getByLabel('Current Mileage').fill('1000');
    await form.getByRole('button', { name: 'Save Fuel Record' }).click();
    await s.page.getByText('No connection: the fuel record is saved on this device, waiting to send').waitFor();

    await s.page.goto(`/machines/${machine.id}?tab=meters`);
    await s.page
      .getByTestId('meter-distance')
      .getByRole('button', { name: /^Add reading/ })
      .click();
    const dialog = s.page.getByRole('dialog');
    await dialog.getByLabel(/^Value/).fill('1500');
    await dialog.getByLabel('Date').fill(today());
    await dialog.getByRole('button', { name: 'Save reading' }).click();
    await dialog.waitFor({ state: 'detached' });

    const waiting = s.page.getByRole('button', { name: '2 waiting to send' });
    await waiting.click();
    const list = s.page.getByRole('list', { name: 'Waiting to send' });
    await list.getByRole('listitem', { name: 'Fuel record' }).getByText('Waiting to send').waitFor();
    await list.getByRole('listitem', { name: 'Meter reading' }).getByText('Waiting to send').waitFor();
    await s.shot('offline-queue');

    await s.page.reload();
    await s.page.getByRole('button', { name: '2 waiting to send' }).waitFor();
    expect((await api.get<unknown[]>(`/api/fuel-records/machine/${machine.id}`, owner.token)).body).toEqual([]);
  });

  it('sends each once when the connection returns, and lists them', async () => {
    await s.context.setOffline(false);
    await s.page.getByRole('button', { name: /waiting to send/ }).waitFor({ state: 'detached', timeout: 30000 });

    const fuel = await api.get<{ amount: number; totalPrice: number }[]>(`/api/fuel-records/machine/${machine.id}`, owner.token);
    expect(fuel.body.map((r) => [Number(r.amount), Number(r.totalPrice)])).toEqual([[11.5, 36.8]]);
    await expectEventually(async () => {
      const readings = await api.get<{ content: { value: number; source?: string }[] }>(`/api/meters/${odometerId}/readings`, owner.token);
      expect(readings.body.content.filter((r) => Number(r.value) === 1500)).toHaveLength(1);
    });

    await s.page.goto(`/machines/${machine.id}?tab=fuel`);
    await s.page.getByRole('cell', { name: '36.80' }).first().waitFor();
    expect(await s.page.getByTestId('offline-bar').count()).toBe(0);
  });

  describe('a new deployment', () => {
    const dist = join(process.env.WRENCHLOG_ROOT ?? join(process.cwd(), '..', '..'), 'apps', 'web', 'dist');
    const originals = new Map<string, Buffer>();

    afterAll(() => {
      for (const [file, bytes] of originals) {
        writeFileSync(join(dist, file), bytes);
      }
    });

    // A deployment changes sw.js (its precache list names the new files); here the built worker gets
    // one more line, and its compressed copies go, so the gateway serves the changed file.
    it('shows "A new version is available" and Reload brings the new worker', async () => {
      for (const file of ['sw.js', 'sw.js.br', 'sw.js.gz']) {
        originals.set(file, readFileSync(join(dist, file)));
      }
      writeFileSync(join(dist, 'sw.js'), `${originals.get('sw.js')!.toString('utf8')}\n// deployment ${Date.now()}\n`);
      rmSync(join(dist, 'sw.js.br'));
      rmSync(join(dist, 'sw.js.gz'));

      await s.page.goto('/dashboard');
      const prompt = s.page.getByRole('status').filter({ hasText: 'A new version is available' });
      await prompt.waitFor({ timeout: 30000 });
      await s.shot('update-prompt');
      await Promise.all([s.page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
      await expectEventually(async () =>
        expect(
          await s.page.evaluate(
            async () =>
              (await (globalThis as unknown as { navigator: { serviceWorker: PageWorkers } }).navigator.serviceWorker.getRegistration())?.waiting ?? null,
          ),
        ).toBeNull(),
      );
      expect(await prompt.count()).toBe(0);
    });
  });
});
