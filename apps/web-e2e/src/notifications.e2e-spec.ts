import { ApiClient, createApprovedUser, createMachine, expectEventually, type ApprovedUser } from '@wrenchlog/testing';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { baseUrl, expectNoErrorsThenClose, launch, openSession, pageWidths, seriousViolations, signInAt, type Session } from './browser.js';

// Issue 24 in the browser: the bell's unread count, the list, marking read (one and all) and the
// Settings > Notifications round trip, against the real product (notification-service makes the
// notifications from real schedule status changes). Then the same bell and screens at 390 px.

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/**
 * Two hour-based schedules on a new machine that a reading makes Due soon: two notifications for
 * `owner` (as a user would get them: a status change, no test-only route).
 */
async function twoDueSoon(api: ApiClient, owner: ApprovedUser, machineName: string): Promise<number> {
  const machine = await createMachine(api, owner.token, { name: machineName, type: 'Tractor' });
  let hours: { id: number } | undefined;
  await expectEventually(async () => {
    hours = (await api.get(`/api/machines/${machine.id}/meters`, owner.token)).body.find?.((m: { kind: string }) => m.kind === 'hours');
    expect(hours).toBeDefined();
  });
  expect((await api.post(`/api/meters/${hours!.id}/readings`, { value: 1000, readAt: inDays(-30) }, owner.token)).status).toBe(201);
  for (const title of ['Oil', 'Air filter']) {
    const res = await api.post(
      `/api/machines/${machine.id}/schedules`,
      { title, serviceType: 'Oil Change', intervalHours: 250, recurring: true, anchor: 'completion', lastDoneHours: 1000 },
      owner.token,
    );
    expect(res.status).toBe(201);
  }
  expect((await api.post(`/api/meters/${hours!.id}/readings`, { value: 1240, readAt: inDays(0) }, owner.token)).status).toBe(201);
  await expectEventually(async () => expect((await api.get('/api/notifications/unread-count', owner.token)).body).toBe(2), 20000);
  return machine.id as number;
}

interface Receiver {
  /** `${base}/hook` always answers 200; `${base}/flaky` answers 500 while `failing` is set. */
  url: string;
  base: string;
  received: { path: string; headers: IncomingHttpHeaders; body: string }[];
  failing: boolean;
  server: Server;
}

/** A real HTTP receiver on 127.0.0.1 that records every request. */
async function startReceiver(): Promise<Receiver> {
  const receiver = { received: [], failing: false } as unknown as Receiver;
  receiver.server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      receiver.received.push({ path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(req.url === '/flaky' && receiver.failing ? 500 : 200).end('ok');
    });
  });
  await new Promise<void>((done) => receiver.server.listen(0, '127.0.0.1', done));
  receiver.base = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}`;
  receiver.url = `${receiver.base}/hook`;
  return receiver;
}

describe('notifications in the browser (issue 24)', () => {
  let browser: Browser;
  let api: ApiClient;

  beforeAll(async () => {
    api = new ApiClient(baseUrl());
    browser = await launch();
  });

  afterAll(async () => {
    await browser?.close();
  });

  describe('at 1280 px', () => {
    let s: Session;
    let owner: ApprovedUser;
    let machineId: number;

    beforeAll(async () => {
      owner = await createApprovedUser(api, { name: 'Bell Owner' });
      machineId = await twoDueSoon(api, owner, 'Bell tractor');
      s = await openSession(browser, { width: 1280, height: 900 }, 'notifications');
    });

    expectNoErrorsThenClose(() => s);

    it('shows the unread count on the bell, lists the notifications and marks one read on opening it', async () => {
      await signInAt(s.page, '/dashboard', owner);
      const bell = s.page.getByRole('link', { name: 'Notifications, 2 unread' });
      await bell.waitFor();
      // The count is on the bell's badge too, for those who see it.
      await s.page.getByRole('banner').getByText('2', { exact: true }).waitFor();
      await bell.click();
      await s.page.waitForURL((url) => url.pathname === '/notifications');
      const list = s.page.getByRole('list', { name: 'Notifications' });
      await list.getByRole('listitem').nth(1).waitFor();
      const titles = await list.getByRole('listitem').allTextContents();
      expect(titles).toHaveLength(2);
      expect(titles.join('\n')).toContain('Due soon: Oil (Bell tractor)');
      expect(titles.join('\n')).toContain('Due soon: Air filter (Bell tractor)');
      expect(await list.getByText('Unread').count()).toBe(2);
      await s.page.getByText('2 unread').waitFor();
      expect(await seriousViolations(s.page)).toEqual([]);
      await s.shot('01-list');

      // Opening one: it is read, and the app shows the machine's schedules.
      await list.getByRole('link', { name: /Due soon: Oil \(Bell tractor\)/ }).click();
      await s.page.waitForURL((url) => url.pathname === `/machines/${machineId}` && url.search === '?tab=schedules');
      await s.page.getByRole('link', { name: 'Notifications, 1 unread' }).waitFor();
      expect((await api.get('/api/notifications/unread-count', owner.token)).body).toBe(1);
    });

    it('marks all read', async () => {
      await s.page.getByRole('link', { name: 'Notifications, 1 unread' }).click();
      await s.page.waitForURL((url) => url.pathname === '/notifications');
      await s.page.getByText('1 unread').waitFor();
      await s.page.getByRole('button', { name: 'Mark all read' }).click();
      await s.page.getByText('All caught up').waitFor();
      await s.page.getByRole('link', { name: 'Notifications', exact: true }).waitFor();
      expect(await s.page.getByRole('list', { name: 'Notifications' }).getByText('Unread').count()).toBe(0);
      expect((await api.get('/api/notifications/unread-count', owner.token)).body).toBe(0);
    });

    it('saves the notification settings and shows them again after a reload', async () => {
      await s.page.goto('/settings');
      const section = s.page.getByRole('region', { name: 'Notifications' });
      await section.getByRole('checkbox', { name: 'Maintenance reminders: In-app' }).waitFor();
      // The boxes show what the server has (its defaults for a new account), except Browser push and
      // Webhook: with no device and no endpoint yet they are unticked and disabled (issue 38)...
      const before = (await api.get('/api/notifications/preferences', owner.token)).body;
      expect(before.kinds.maintenance).toEqual(expect.arrayContaining(['push', 'webhook']));
      const wanted = { maintenance: ['inapp'], lowStock: [] as string[], weeklyReport: ['email'], work: ['inapp'] };
      const kinds = {
        maintenance: 'Maintenance reminders',
        lowStock: 'Low stock alerts',
        weeklyReport: 'Weekly usage report',
        work: 'Issues and work orders',
      } as const;
      const channels = { inapp: 'In-app', email: 'Email', push: 'Browser push', webhook: 'Webhook' } as const;
      for (const [kind, kindLabel] of Object.entries(kinds) as [keyof typeof kinds, string][]) {
        for (const [channel, channelLabel] of Object.entries(channels)) {
          const box = section.getByRole('checkbox', { name: `${kindLabel}: ${channelLabel}` });
          if (channel === 'push' || channel === 'webhook') {
            await expectEventually(async () => expect([kind, channel, await box.isChecked(), await box.isDisabled()]).toEqual([kind, channel, false, true]));
            continue;
          }
          expect([kind, channel, await box.isChecked()]).toEqual([kind, channel, before.kinds[kind].includes(channel)]);
          // ...and take the user's choice.
          await box.setChecked(wanted[kind].includes(channel));
        }
      }
      await section.getByText('Add a device first').first().waitFor();
      await section.getByText('Add a webhook first').first().waitFor();
      await section.getByLabel('Daily digest time').fill('18:45');
      const zone = section.getByLabel('Time zone', { exact: true });
      await zone.click();
      await zone.fill('New_York');
      await s.page.getByRole('listbox', { name: 'Time zone' }).getByRole('option', { name: 'America/New_York' }).click();
      await s.shot('02-settings');
      await section.getByRole('button', { name: 'Save notification settings' }).click();
      await section.getByText('Notification settings saved.').waitFor();
      expect(await seriousViolations(s.page)).toEqual([]);
      // Push and webhook stay chosen for maintenance (the default), for when a device or an endpoint exists.
      expect((await api.get('/api/notifications/preferences', owner.token)).body).toEqual({
        digestTime: '18:45',
        timeZone: 'America/New_York',
        kinds: { ...wanted, maintenance: ['inapp', 'push', 'webhook'], work: ['inapp', 'push', 'webhook'] },
      });

      await s.page.reload();
      const again = s.page.getByRole('region', { name: 'Notifications' });
      await again.getByRole('checkbox', { name: 'Maintenance reminders: In-app' }).waitFor();
      expect(await again.getByRole('checkbox', { name: 'Maintenance reminders: In-app' }).isChecked()).toBe(true);
      expect(await again.getByRole('checkbox', { name: 'Maintenance reminders: Browser push' }).isChecked()).toBe(false);
      expect(await again.getByRole('checkbox', { name: 'Maintenance reminders: Email' }).isChecked()).toBe(false);
      expect(await again.getByRole('checkbox', { name: 'Low stock alerts: In-app' }).isChecked()).toBe(false);
      expect(await again.getByRole('checkbox', { name: 'Weekly usage report: Email' }).isChecked()).toBe(true);
      expect(await again.getByRole('checkbox', { name: 'Weekly usage report: In-app' }).isChecked()).toBe(false);
      expect(await again.getByLabel('Daily digest time').inputValue()).toBe('18:45');
      expect(await again.getByLabel('Time zone', { exact: true }).inputValue()).toBe('America/New_York');
    });
  });

  describe('webhooks at 1280 px', () => {
    let s: Session;
    let owner: ApprovedUser;
    let receiver: Receiver;

    beforeAll(async () => {
      owner = await createApprovedUser(api, { name: 'Hook Owner' });
      receiver = await startReceiver();
      s = await openSession(browser, { width: 1280, height: 900 }, 'notifications-webhooks');
    });

    afterAll(async () => {
      await s?.close();
      await new Promise((done) => receiver?.server.close(done));
    });

    afterEach(() => {
      // The refused address answers 400 on purpose: the browser logs the 4xx resource, the form its failure.
      expect(s.errors.filter((e) => !/status of 400|Adding the webhook failed/.test(e))).toEqual([]);
    });

    it("adds an endpoint, shows its secret once, and the test ping arrives signed with it; the server's field message shows", async () => {
      await signInAt(s.page, '/settings', owner);
      const section = s.page.getByRole('region', { name: 'Webhooks' });
      await section.getByText('No webhooks yet.').waitFor();
      const url = section.getByLabel('Endpoint URL');
      // A host that does not resolve: the server refuses it, and says why under the field.
      await url.fill('https://wrenchlog-nowhere.invalid/hook');
      await section.getByRole('button', { name: 'Add webhook' }).click();
      await section.getByText('URL host does not resolve').waitFor();

      await url.fill(receiver.url);
      await section.getByRole('button', { name: 'Add webhook' }).click();
      await section.getByText('it is shown only this once').waitFor();
      const secret = (await section.getByText(/^whsec_/).textContent())?.trim() ?? '';
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
      const card = section.getByRole('article', { name: `Webhook ${receiver.url}` });
      await card.waitFor();
      await s.shot('01-added');

      await card.getByRole('button', { name: 'Send test' }).click();
      await card.getByText('Test event sent.').waitFor();
      const table = card.getByRole('table', { name: `Deliveries to ${receiver.url}` });
      await expectEventually(
        async () => {
          await card.getByRole('button', { name: 'Refresh' }).click();
          expect(await table.getByText('200 · delivered').count()).toBe(1);
        },
        20000,
        1000,
      );
      const row = table.getByRole('row').nth(1);
      expect(await row.textContent()).toContain('ping');
      await s.shot('02-delivered');

      // The receiver verifies the ping with the secret the screen showed (Standard Webhooks).
      expect(receiver.received).toHaveLength(1);
      const { headers, body } = receiver.received[0]!;
      const payload = new Webhook(secret).verify(body, headers as Record<string, string>) as { type: string };
      expect(payload.type).toBe('ping');

      // Shown once: after a reload the endpoint is listed without its secret.
      await s.page.reload();
      await section.getByRole('article', { name: `Webhook ${receiver.url}` }).waitFor();
      expect(await section.getByText(/^whsec_/).count()).toBe(0);

      await section.getByRole('button', { name: `Delete webhook ${receiver.url}` }).click();
      await s.page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await section.getByText('No webhooks yet.').waitFor();
      expect((await api.get('/api/webhooks', owner.token)).body).toEqual([]);
    });

    it('shows a failed delivery with its HTTP status, and Retry delivers it once the receiver is back', async () => {
      const flaky = `${receiver.base}/flaky`;
      const section = s.page.getByRole('region', { name: 'Webhooks' });
      await section.getByLabel('Endpoint URL').fill(flaky);
      await section.getByRole('button', { name: 'Add webhook' }).click();
      const card = section.getByRole('article', { name: `Webhook ${flaky}` });
      await card.waitFor();
      receiver.failing = true;
      await card.getByRole('button', { name: 'Send test' }).click();
      const table = card.getByRole('table', { name: `Deliveries to ${flaky}` });
      await expectEventually(
        async () => {
          await card.getByRole('button', { name: 'Refresh' }).click();
          expect(await table.getByText(/^500 · (pending|failed)$/).count()).toBe(1);
        },
        20000,
        1000,
      );
      const row = table.getByRole('row').nth(1);
      expect(await row.getByRole('cell').nth(3).textContent()).toBe('1');
      await s.shot('03-failed');

      receiver.failing = false;
      await row.getByRole('button', { name: /^Retry delivery \d+$/ }).click();
      await expectEventually(
        async () => {
          await card.getByRole('button', { name: 'Refresh' }).click();
          expect(await table.getByText('200 · delivered').count()).toBe(1);
        },
        20000,
        1000,
      );
      expect(await row.getByRole('cell').nth(3).textContent()).toBe('2');
      expect(await row.getByRole('button', { name: /^Retry delivery/ }).count()).toBe(0);
      // The same event twice, under the same webhook-id (at-least-once, as Standard Webhooks has it).
      const attempts = receiver.received.filter((r) => r.path === '/flaky');
      expect(attempts).toHaveLength(2);
      expect(attempts[1].headers['webhook-id']).toBe(attempts[0].headers['webhook-id']);
    });
  });

  describe('the calendar feed at 1280 px', () => {
    let s: Session;
    let owner: ApprovedUser;

    beforeAll(async () => {
      owner = await createApprovedUser(api, { name: 'Calendar Owner' });
      s = await openSession(browser, { width: 1280, height: 900 }, 'notifications-calendar');
      await s.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    });

    expectNoErrorsThenClose(() => s);

    it('gets a private calendar link (webcal and https, copyable) that a calendar app can read, and Rotate ends the old one', async () => {
      await signInAt(s.page, '/settings', owner);
      const section = s.page.getByRole('region', { name: 'Calendar feed' });
      await section.getByText(/Rotate\) makes every earlier link stop working/).waitFor();
      await section.getByRole('button', { name: 'Get calendar link' }).click();
      const https = section.getByText(/^https?:\/\/.+\.ics$/);
      await https.waitFor();
      const first = (await https.textContent())!.trim();
      expect(first.startsWith(`${baseUrl()}/api/calendar/`)).toBe(true);
      expect((await section.getByText(/^webcal:\/\//).textContent())!.trim()).toBe(first.replace(/^https?:/, 'webcal:'));
      // Labelled by the link's own scheme (plain HTTP here), not always "https".
      const scheme = new URL(first).protocol.replace(':', '');
      await section.getByRole('button', { name: `Copy Calendar link (${scheme})` }).click();
      await section.getByRole('button', { name: `Calendar link (${scheme}) copied` }).waitFor();
      expect(
        await s.page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText()),
      ).toBe(first);
      await s.shot('01-link');

      // What a calendar app gets: no sign-in, the token is the credential.
      const feed = await fetch(first);
      expect(feed.status).toBe(200);
      expect(feed.headers.get('content-type')).toContain('text/calendar');
      expect(await feed.text()).toContain('BEGIN:VCALENDAR');

      await section.getByRole('button', { name: 'Rotate' }).click();
      await expectEventually(async () => expect((await https.textContent())!.trim()).not.toBe(first));
      const second = (await https.textContent())!.trim();
      expect((await fetch(first)).status).toBe(404);
      expect((await fetch(second)).status).toBe(200);
    });
  });

  describe('the push service worker', () => {
    let s: Session;

    beforeAll(async () => {
      s = await openSession(browser, { width: 1280, height: 900 }, 'notifications-push');
      await s.context.grantPermissions(['notifications'], { origin: baseUrl() });
    });

    expectNoErrorsThenClose(() => s);

    // Headless Chromium has no push service (PushManager.subscribe fails there), so the push is
    // handed to the real worker through the DevTools protocol, as the push service would.
    it('is served as /sw.js and shows a push with its title, text and link', async () => {
      await s.page.goto('/');
      const cdp = await s.context.newCDPSession(s.page);
      const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
      cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
      await cdp.send('ServiceWorker.enable');
      const scope = await s.page.evaluate(async () => {
        const nav = (
          globalThis as unknown as { navigator: { serviceWorker: { register(url: string, o: object): Promise<unknown>; ready: Promise<{ scope: string }> } } }
        ).navigator;
        await nav.serviceWorker.register('/sw.js', { scope: '/' });
        return (await nav.serviceWorker.ready).scope;
      });
      expect(scope).toBe(`${baseUrl()}/`);
      await expectEventually(() => expect(registrations.some((r) => !r.isDeleted)).toBe(true));
      const registration = registrations.find((r) => !r.isDeleted)!;
      const payload = { id: 77, title: 'Overdue: Oil (Push tractor)', body: 'Due 3 days ago', link: '/machines/3?tab=schedules' };
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: `${baseUrl()}/`,
        registrationId: registration.registrationId,
        data: JSON.stringify(payload),
      });
      await expectEventually(async () => {
        const shown = await s.page.evaluate(async () => {
          const nav = (
            globalThis as unknown as {
              navigator: { serviceWorker: { ready: Promise<{ getNotifications(): Promise<{ title: string; body: string; tag: string; data: unknown }[]> }> } };
            }
          ).navigator;
          return (await (await nav.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data }));
        });
        expect(shown).toEqual([{ title: payload.title, body: payload.body, tag: 'wrenchlog-77', data: { link: payload.link } }]);
      });
    });
  });

  describe('Enable push on this device', () => {
    let s: Session;

    beforeAll(async () => {
      s = await openSession(browser, { width: 1280, height: 900 }, 'notifications-enable-push');
      await s.context.grantPermissions(['notifications'], { origin: baseUrl() });
    });

    afterAll(async () => {
      await s?.close();
    });

    // Chromium registers the worker and takes the server's VAPID key, but a test context (incognito,
    // headless) has no push service and refuses to subscribe: the screen says why and stays usable.
    it("registers the worker with the server's key and shows the browser's refusal", async () => {
      const owner = await createApprovedUser(api, { name: 'Push Owner' });
      await signInAt(s.page, '/settings', owner);
      const section = s.page.getByRole('region', { name: 'Browser push' });
      const keyAnswer = s.page.waitForResponse((r) => r.url().endsWith('/api/push/public-key'));
      await section.getByRole('button', { name: 'Enable push on this device' }).click();
      expect((await keyAnswer).status()).toBe(200);
      await section.getByRole('alert').waitFor();
      expect(await section.getByRole('alert').textContent()).toMatch(/^Could not enable push on this device\. The browser said: .+/);
      expect(await section.getByRole('button', { name: 'Enable push on this device' }).isEnabled()).toBe(true);
      expect(
        await s.page.evaluate(async () =>
          Boolean(
            await (
              globalThis as unknown as { navigator: { serviceWorker: { getRegistration(u: string): Promise<unknown> } } }
            ).navigator.serviceWorker.getRegistration('/sw.js'),
          ),
        ),
      ).toBe(true);
      // The only errors: the one the screen shows (logged by its handler), and Chromium's own note
      // that a test context (incognito) has no Push API.
      expect(s.errors.filter((e) => !e.includes('Could not enable push on this device') && !e.includes('does not support the Push API in incognito'))).toEqual(
        [],
      );
    });
  });

  describe('at 390 px with the keyboard', () => {
    let s: Session;
    let owner: ApprovedUser;

    beforeAll(async () => {
      owner = await createApprovedUser(api, { name: 'Phone Owner' });
      await twoDueSoon(api, owner, 'Phone tractor');
      // A phone in Berlin: the digest's time zone can be taken from the device.
      s = await openSession(browser, { width: 390, height: 844 }, 'notifications-mobile', { timezoneId: 'Europe/Berlin' });
    });

    expectNoErrorsThenClose(() => s);

    it("reaches the bell, the list and the settings by keyboard (taking the phone's time zone), and fits the phone", async () => {
      await signInAt(s.page, '/dashboard', owner);
      // A fresh load, so Tab starts at the top of the page.
      await s.page.goto('/dashboard');
      await s.page.getByRole('link', { name: 'Notifications, 2 unread' }).waitFor();
      // The switcher comes with the accounts' answer, which may follow the bell's.
      await s.page.getByRole('button', { name: 'Account: Phone Owner. Switch account' }).waitFor();
      // Tab from the top of the page: skip link, logo, the account switcher (issue 32), then the bell (before the menu button).
      const focused: string[] = [];
      for (let i = 0; i < 4; i++) {
        await s.page.keyboard.press('Tab');
        focused.push(
          await s.page.evaluate(
            () =>
              (
                globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string | null; textContent: string } } }
              ).document.activeElement.getAttribute('aria-label') ?? '',
          ),
        );
      }
      expect(focused[2]).toBe('Account: Phone Owner. Switch account');
      expect(focused[3]).toBe('Notifications, 2 unread');
      await s.page.keyboard.press('Enter');
      await s.page.waitForURL((url) => url.pathname === '/notifications');
      const first = s.page.getByRole('list', { name: 'Notifications' }).getByRole('link').first();
      await first.focus();
      await s.page.keyboard.press('Enter');
      await s.page.waitForURL((url) => url.pathname.startsWith('/machines/'));
      await s.page.getByRole('link', { name: 'Notifications, 1 unread' }).waitFor();

      // Settings by keyboard: the server started the account on UTC; one key press takes the phone's zone.
      await s.page.goto('/settings');
      const section = s.page.getByRole('region', { name: 'Notifications' });
      const useHere = section.getByRole('button', { name: "Use this device's time zone (Europe/Berlin)" });
      await useHere.focus();
      await s.page.keyboard.press('Enter');
      await expectEventually(async () => expect(await section.getByLabel('Time zone', { exact: true }).inputValue()).toBe('Europe/Berlin'));
      expect(await useHere.count()).toBe(0);
      await section.getByRole('checkbox', { name: 'Low stock alerts: Email' }).focus();
      await s.page.keyboard.press('Space');
      await section.getByRole('button', { name: 'Save notification settings' }).focus();
      await s.page.keyboard.press('Enter');
      await section.getByText('Notification settings saved.').waitFor();
      const saved = (await api.get('/api/notifications/preferences', owner.token)).body;
      expect(saved.timeZone).toBe('Europe/Berlin');
      expect(saved.kinds.lowStock).toContain('email');

      for (const path of ['/notifications', '/settings']) {
        await s.page.goto(path);
        await s.page.getByRole('heading', { level: 1 }).waitFor();
        if (path === '/settings') {
          await s.page.getByRole('button', { name: 'Save notification settings' }).waitFor();
        }
        const { scrollWidth, clientWidth } = await pageWidths(s.page);
        expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
      }
      await s.shot('01-settings');
    });
  });
});
