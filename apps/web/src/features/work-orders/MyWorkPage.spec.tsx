import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountRole } from '@wrenchlog/contracts/limits';
import { routes } from '../../app/routes';
import { createAppServices } from '../../app/services';
import { json, mockFetch, pending, renderApp, signIn, type Handler } from '../../test/harness';
import type { MyWorkItem } from './work-api';
import { aWorkOrder } from './work.fixture';

const user = userEvent.setup({ delay: null });

const ACCOUNTS = [
  { id: 1, name: 'Hill Farm', role: 'mechanic', machineCount: 3, memberCount: 4, current: true },
  { id: 4, name: 'Valley Farm', role: 'mechanic', machineCount: 9, memberCount: 6, current: false },
];

function anItem(over: Partial<MyWorkItem> = {}): MyWorkItem {
  return {
    id: 5,
    account: { id: 1, name: 'Hill Farm', role: 'mechanic' },
    machineId: 7,
    machineName: 'Volvo L60H',
    title: 'Hydraulic leak',
    state: 'open',
    priority: 'high',
    plannedDate: '2026-11-18',
    overdue: true,
    totals: { labour: 100, parts: 0, other: 0, total: 100 },
    updatedAt: '2026-11-20T08:30:00Z',
    ...over,
  };
}

const WORK = {
  truncated: false,
  content: [
    anItem(),
    anItem({
      id: 9,
      account: { id: 4, name: 'Valley Farm', role: 'mechanic' },
      machineId: 12,
      machineName: 'CAT 305',
      title: 'Track tension',
      priority: 'critical',
      plannedDate: null,
      overdue: false,
    }),
    anItem({ id: 6, title: 'Replace mirror', state: 'waiting_for_parts', priority: 'medium', plannedDate: '2026-12-02', overdue: false, totals: undefined }),
  ],
};

/** Mia, a mechanic signed in to Hill Farm (account 1), who also works for Valley Farm (account 4). */
function renderAs(role: AccountRole, handlers: Record<string, Handler | Response>, url = '/my-work') {
  signIn();
  const services = createAppServices({ locks: undefined, onStorage: undefined });
  (services.session as unknown as { set(v: object): void }).set({
    status: 'authenticated',
    user: { id: 3, name: 'Mia Mechanic', username: 'mia@example.com', adminLevel: 0, accountId: 1, role },
  });
  const fetch = mockFetch({ 'GET /api/accounts': json(ACCOUNTS), ...handlers });
  return { ...fetch, ...renderApp(routes, { url, services }), services };
}

beforeEach(() => {
  localStorage.clear();
  (globalThis as { __WIDE__?: boolean }).__WIDE__ = true;
});

describe('My work', () => {
  it("lists the open orders of every account in the server's order, each with its account, machine, priority, date and total, from one call", async () => {
    const { calls } = renderAs('mechanic', { 'GET /api/my-work': json(WORK) });
    const rows = await screen.findAllByTestId('my-work-order');
    expect(rows.map((r) => within(r).getByText(/leak|tension|mirror/).textContent)).toEqual(['Hydraulic leak', 'Track tension', 'Replace mirror']);
    expect(screen.getByText('3 open orders in 2 accounts')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Hill Farm')).toBeInTheDocument();
    expect(within(rows[0]).getByText(/^Overdue since/)).toBeInTheDocument();
    expect(within(rows[0]).getByText('Total 100.00')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Volvo L60H · Mechanic')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Valley Farm')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Critical')).toBeInTheDocument();
    expect(within(rows[1]).getByText('No planned date')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Switches to Valley Farm')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Waiting for parts')).toBeInTheDocument();
    expect(within(rows[2]).getByText(/^Planned/)).toBeInTheDocument();
    // No money where the server left it out (a role without money.read in that account).
    expect(within(rows[2]).queryByText(/^Total/)).not.toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/api/my-work'))).toHaveLength(1);
    expect(screen.getAllByRole('link', { name: /My work/ }).length).toBeGreaterThan(0);
  });

  it('says when nothing is assigned', async () => {
    renderAs('mechanic', { 'GET /api/my-work': json({ content: [], truncated: false }) });
    expect(await screen.findByText('Nothing assigned to you')).toBeInTheDocument();
  });

  it('says it is loading', async () => {
    renderAs('mechanic', { 'GET /api/my-work': pending });
    expect(await screen.findByText('Loading your work...')).toBeInTheDocument();
  });

  it('shows a failure and loads again on Retry', async () => {
    let fail = true;
    renderAs('mechanic', {
      'GET /api/my-work': () => (fail ? json({ statusCode: 503, code: 'UNAVAILABLE', message: 'Down', correlationId: 'c' }, 503) : json(WORK)),
    });
    expect(await screen.findByText('Failed to load your work')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('my-work-order')).toHaveLength(3);
  });

  it('opens an order of the current account straight away, without switching', async () => {
    const { router, calls } = renderAs('mechanic', {
      'GET /api/my-work': json(WORK),
      'GET /api/work-orders/5': json(aWorkOrder({ id: 5, title: 'Hydraulic leak' })),
      'GET /api/machines/7/issues': json([]),
    });
    await user.click((await screen.findAllByTestId('my-work-order'))[0]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/work-orders/5'));
    expect(await screen.findByRole('heading', { name: 'Hydraulic leak' })).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/auth/switch-account')).toBe(false);
  });

  it("opens another account's order by keyboard: switches to that account (its token, its role), then shows the order there", async () => {
    let account = 1;
    const askedIn: number[] = [];
    const { router, calls, services } = renderAs('mechanic', {
      'GET /api/my-work': json(WORK),
      'POST /api/auth/switch-account': () => {
        account = 4;
        return json({ accessToken: 'token-valley', expiresIn: 900_000, type: 'Bearer' });
      },
      'GET /api/user/me': () => json({ id: 3, name: 'Mia Mechanic', username: 'mia@example.com', adminLevel: 0, accountId: account, role: 'mechanic' }),
      'GET /api/work-orders/9': () =>
        askedIn.push(account) && account === 4
          ? json(aWorkOrder({ id: 9, title: 'Track tension', machineId: 12, machineName: 'CAT 305' }))
          : json({ statusCode: 404, code: 'NOT_FOUND', message: 'Work order not found', correlationId: 'c' }, 404),
      'GET /api/machines/12/issues': json([]),
    });
    const valley = (await screen.findAllByTestId('my-work-order'))[1];
    valley.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/work-orders/9'));
    expect(await screen.findByRole('heading', { name: 'Track tension' })).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/auth/switch-account')?.body).toEqual({ accountId: 4 });
    expect(localStorage.getItem('wrenchlog.token')).toBe('token-valley');
    expect(services.session.getSnapshot().user).toMatchObject({ accountId: 4 });
    // Asked for only in the account it belongs to, never in the one left.
    expect(askedIn.length).toBeGreaterThan(0);
    expect(askedIn.every((a) => a === 4)).toBe(true);
  });

  it('says so when the switch is refused, and stays on the list', async () => {
    const { router } = renderAs('mechanic', {
      'GET /api/my-work': json(WORK),
      'POST /api/auth/switch-account': json({ statusCode: 400, code: 'VALIDATION', message: 'You are not a member of this account', correlationId: 'c' }, 400),
    });
    await user.click((await screen.findAllByTestId('my-work-order'))[1]);
    expect(await screen.findByText('Could not switch to Valley Farm. Try again.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/my-work');
    expect(localStorage.getItem('wrenchlog.token')).toBe('token-1');
  });
});
