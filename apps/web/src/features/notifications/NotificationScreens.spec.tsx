import { jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '../../app/routes';
import { json, mockFetch, pending, renderApp, signIn } from '../../test/harness';
import { CalendarSection } from './CalendarSection';
import { NotificationPreferencesSection } from './NotificationPreferencesSection';
import { PushSection } from './PushSection';
import { WebhooksSection } from './WebhooksSection';

const user = userEvent.setup({ delay: null });

const page = (content: object[], totalElements = content.length) => ({
  content,
  totalPages: Math.max(1, Math.ceil(totalElements / 20)),
  totalElements,
  number: 0,
  size: 20,
});
const dueSoon = {
  id: 11,
  kind: 'schedule_due_soon',
  title: 'Oil change on Bobcat is due soon',
  machineId: 3,
  link: '/machines/Bobcat?tab=schedules',
  createdAt: '2026-11-20T08:00:00Z',
  readAt: null,
};
const report = {
  id: 10,
  kind: 'weekly_report',
  title: 'Your weekly usage report is ready',
  machineId: null,
  link: null,
  createdAt: '2026-11-19T08:00:00Z',
  readAt: '2026-11-19T09:00:00Z',
};

beforeEach(() => {
  localStorage.clear();
  signIn();
});

describe('the bell and the notifications page', () => {
  it('shows the unread count on the bell and lists the notifications; opening one marks it read and follows its link', async () => {
    let unread = 1;
    const { calls } = mockFetch({
      'GET /api/notifications/unread-count': () => json(unread),
      'GET /api/notifications': json(page([dueSoon, report])),
      'POST /api/notifications/read': () => {
        unread = 0;
        return json({ updated: 1 });
      },
    });
    const { router } = renderApp(routes, { url: '/notifications' });
    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toHaveAttribute('href', '/notifications');
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Oil change on Bobcat is due soon'), expect.stringContaining('Your weekly usage report is ready')]);
    expect(within(list).getAllByText('Unread')).toHaveLength(1);

    await user.click(within(list).getByRole('link', { name: /Oil change on Bobcat/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/machines/Bobcat'));
    expect(router.state.location.search).toBe('?tab=schedules');
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([['/api/notifications/read', { ids: [11] }]]);
    await screen.findByRole('link', { name: 'Notifications' });
  });

  it('shows the work kinds (issue 35) with readable labels, each leading to its machine or work order', async () => {
    const critical = { ...dueSoon, id: 21, kind: 'issue_reported', title: 'Critical issue: Hydraulic leak (Loader 12)', machineId: 12, link: '/machines/12' };
    const assigned = {
      ...dueSoon,
      id: 22,
      kind: 'work_order_assigned',
      title: 'Assigned to you: Fix the leak (Loader 12)',
      machineId: 12,
      link: '/work-orders/7',
    };
    const done = {
      ...report,
      id: 23,
      kind: 'work_order_completed',
      title: 'Work order done: Fix the leak (Loader 12), by Mel',
      machineId: 12,
      link: '/work-orders/7',
    };
    mockFetch({
      'GET /api/notifications/unread-count': json(2),
      'GET /api/notifications': json(page([critical, assigned, done])),
      'POST /api/notifications/read': json({ updated: 1 }),
    });
    const { router } = renderApp(routes, { url: '/notifications' });
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByText(/^(Issue reported|Assigned to you|Work order done)$/).textContent)).toEqual([
      'Issue reported',
      'Assigned to you',
      'Work order done',
    ]);
    expect(within(list).getByRole('link', { name: /Critical issue: Hydraulic leak/ })).toHaveAttribute('href', '/machines/12');
    await user.click(within(list).getByRole('link', { name: /Assigned to you: Fix the leak/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/work-orders/7'));
  });

  it('marks all read with no ids', async () => {
    const { calls } = mockFetch({
      'GET /api/notifications/unread-count': json(3),
      'GET /api/notifications': json(page([dueSoon])),
      'POST /api/notifications/read': json({ updated: 3 }),
    });
    renderApp(routes, { url: '/notifications' });
    await screen.findByText('3 unread');
    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: '/api/notifications/read', body: {} });
  });

  it('shows a loading state while the list loads', async () => {
    mockFetch({ 'GET /api/notifications/unread-count': json(0), 'GET /api/notifications': pending });
    renderApp(routes, { url: '/notifications' });
    expect(await screen.findByText('Loading notifications...')).toBeInTheDocument();
  });

  it('says so when there are none', async () => {
    mockFetch({ 'GET /api/notifications/unread-count': json(0), 'GET /api/notifications': json(page([])) });
    renderApp(routes, { url: '/notifications' });
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Notifications' })).toBeInTheDocument();
  });
});

describe('Settings > Notifications', () => {
  const saved = { digestTime: '07:00', timeZone: 'Europe/Berlin', kinds: { maintenance: ['inapp'], lowStock: [], weeklyReport: ['email'], work: ['inapp'] } };

  it('saves the chosen channels, digest time and time zone', async () => {
    const { calls } = mockFetch({
      'GET /api/notifications/preferences': json(saved),
      'PUT /api/notifications/preferences': (req) => json(req.body),
      'GET /api/webhooks': json([{ id: 1, url: 'https://hooks.example.com/a' }]),
    });
    renderApp(<NotificationPreferencesSection />);
    const email = await screen.findByRole('checkbox', { name: 'Maintenance reminders: Email' });
    await user.click(email);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Low stock alerts: Webhook' })).toBeEnabled());
    await user.click(screen.getByRole('checkbox', { name: 'Low stock alerts: Webhook' }));
    await user.click(screen.getByRole('checkbox', { name: 'Weekly usage report: Email' }));
    await user.click(screen.getByRole('checkbox', { name: 'Issues and work orders: Email' }));
    const time = screen.getByLabelText(/Daily digest time/);
    await user.clear(time);
    await user.type(time, '06:45');
    await user.click(screen.getByRole('button', { name: 'Save notification settings' }));
    expect(await screen.findByText('Notification settings saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      digestTime: '06:45',
      timeZone: 'Europe/Berlin',
      kinds: { maintenance: ['inapp', 'email'], lowStock: ['webhook'], weeklyReport: [], work: ['inapp', 'email'] },
    });
  });

  it('leaves Browser push and Webhook unticked and disabled until a device or an endpoint exists, and keeps their saved choice (issue 38)', async () => {
    // The server's defaults for a new account name push and webhook (so they work once there is one).
    const defaults = {
      digestTime: '08:00',
      timeZone: 'UTC',
      kinds: {
        maintenance: ['inapp', 'email', 'push', 'webhook'],
        lowStock: ['inapp'],
        weeklyReport: ['inapp', 'email'],
        work: ['inapp', 'email', 'push', 'webhook'],
      },
    };
    const { calls } = mockFetch({
      'GET /api/notifications/preferences': json(defaults),
      'PUT /api/notifications/preferences': (req) => json(req.body),
      'GET /api/webhooks': json([]),
    });
    renderApp(<NotificationPreferencesSection />);
    const push = await screen.findByRole('checkbox', { name: 'Maintenance reminders: Browser push' });
    const webhook = screen.getByRole('checkbox', { name: 'Maintenance reminders: Webhook' });
    await waitFor(() => expect(webhook).toBeDisabled());
    expect(push).not.toBeChecked();
    expect(push).toBeDisabled();
    expect(webhook).not.toBeChecked();
    expect(screen.getAllByText('Add a device first')).toHaveLength(4);
    expect(screen.getAllByText('Add a webhook first')).toHaveLength(4);
    expect(screen.getByRole('checkbox', { name: 'Maintenance reminders: Email' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Low stock alerts: Email' }));
    await user.click(screen.getByRole('button', { name: 'Save notification settings' }));
    expect(await screen.findByText('Notification settings saved.')).toBeInTheDocument();
    expect((calls.find((c) => c.method === 'PUT')?.body as { kinds: unknown }).kinds).toEqual({
      maintenance: ['inapp', 'email', 'push', 'webhook'],
      lowStock: ['inapp', 'email'],
      weeklyReport: ['inapp', 'email'],
      work: ['inapp', 'email', 'push', 'webhook'],
    });
  });

  it("shows the server's field messages under their inputs", async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({
      'GET /api/notifications/preferences': json(saved),
      'PUT /api/notifications/preferences': json(
        {
          statusCode: 400,
          code: 'VALIDATION_FAILED',
          message: 'Invalid input',
          errors: [
            { field: 'timeZone', message: 'Unknown time zone' },
            { field: 'other', message: 'Something else is off' },
          ],
        },
        400,
      ),
    });
    renderApp(<NotificationPreferencesSection />);
    await user.click(await screen.findByRole('button', { name: 'Save notification settings' }));
    expect(await screen.findByText('Unknown time zone')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Could not save the notification settings.Something else is off');
    log.mockRestore();
  });

  it('refuses a digest time that is not HH:MM without calling the server', async () => {
    const { calls } = mockFetch({ 'GET /api/notifications/preferences': json(saved) });
    renderApp(<NotificationPreferencesSection />);
    const time = await screen.findByLabelText(/Daily digest time/);
    await user.clear(time);
    await user.click(screen.getByRole('button', { name: 'Save notification settings' }));
    expect(screen.getByText('Digest time must be HH:MM (00:00 to 23:59)')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});

describe('Settings > Webhooks and Calendar feed', () => {
  it('adds a webhook and shows its secret once, then lists it with its delivery log and Retry', async () => {
    let hooks: object[] = [];
    const { calls } = mockFetch({
      'GET /api/webhooks': () => json(hooks),
      'POST /api/webhooks': (req) => {
        hooks = [{ id: 4, ...(req.body as object), createdAt: '2026-11-20T08:00:00Z' }];
        return json({ id: 4, ...(req.body as object), createdAt: '2026-11-20T08:00:00Z', secret: 'whsec_c2VjcmV0LXNlY3JldA==' }, 201);
      },
      'GET /api/webhooks/4/deliveries': json([
        {
          id: 9,
          event: 'ping',
          status: 'failed',
          httpStatus: 500,
          error: 'HTTP 500',
          attempts: 2,
          createdAt: '2026-11-20T08:00:00Z',
          lastAttemptAt: '2026-11-20T08:05:00Z',
        },
      ]),
      'POST /api/webhooks/deliveries/9/retry': json({}, 202),
    });
    renderApp(<WebhooksSection />);
    expect(await screen.findByText('No webhooks yet.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Endpoint URL/), 'ftp://nope');
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(screen.getByText('URL must be an http:// or https:// address')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Endpoint URL/));
    await user.type(screen.getByLabelText(/Endpoint URL/), 'https://hooks.example/in');
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByText('whsec_c2VjcmV0LXNlY3JldA==')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy Signing secret' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ url: 'https://hooks.example/in', events: ['schedule.due_soon', 'schedule.overdue'] });

    const card = await screen.findByRole('article', { name: 'Webhook https://hooks.example/in' });
    await user.click(within(card).getByRole('button', { name: 'Delivery log' }));
    const table = await within(card).findByRole('table', { name: 'Deliveries to https://hooks.example/in' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/ping.*500 · failed.*2/);
    await user.click(within(table).getByRole('button', { name: 'Retry delivery 9' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/webhooks/deliveries/9/retry' && c.method === 'POST')).toBe(true));
  });

  it("offers issue 35's work events in their own group and sends them in the contract's order", async () => {
    const { calls } = mockFetch({
      'GET /api/webhooks': json([]),
      'POST /api/webhooks': (req) => json({ id: 5, ...(req.body as object), createdAt: '2026-11-20T08:00:00Z', secret: 'whsec_c2VjcmV0LXNlY3JldA==' }, 201),
    });
    renderApp(<WebhooksSection />);
    await screen.findByText('No webhooks yet.');
    await user.type(screen.getByLabelText(/Endpoint URL/), 'https://hooks.example/work');
    await user.click(screen.getByRole('combobox', { name: /Events/ }));
    expect(await screen.findByText('Issues, work orders and inspections')).toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'inspection.failed' }));
    await user.click(await screen.findByRole('option', { name: 'issue.created' }));
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      url: 'https://hooks.example/work',
      events: ['schedule.due_soon', 'schedule.overdue', 'issue.created', 'inspection.failed'],
    });
  });

  it('gets a calendar link as webcal and https, and rotates it', async () => {
    let n = 0;
    mockFetch({ 'POST /api/calendar/token': () => json({ url: `https://wrench.example/api/calendar/tok${++n}.ics` }) });
    renderApp(<CalendarSection />);
    expect(screen.getByText(/makes every earlier link stop working/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Get calendar link' }));
    expect(await screen.findByText('webcal://wrench.example/api/calendar/tok1.ics')).toBeInTheDocument();
    expect(screen.getByText('https://wrench.example/api/calendar/tok1.ics')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Rotate' }));
    expect(await screen.findByText('webcal://wrench.example/api/calendar/tok2.ics')).toBeInTheDocument();
  });
});

describe('Settings > Browser push', () => {
  it('says so where the browser has no push (no service worker here), and offers nothing to press', () => {
    const { calls } = mockFetch({});
    renderApp(<PushSection />);
    expect(screen.getByText('This browser does not support push notifications.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enable push on this device' })).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
