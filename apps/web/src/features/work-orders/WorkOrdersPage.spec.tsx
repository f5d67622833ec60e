import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountRole } from '@wrenchlog/contracts/limits';
import { routes } from '../../app/routes';
import { createAppServices } from '../../app/services';
import { json, mockFetch, renderApp, signIn, type Handler } from '../../test/harness';
import { anIssue, aWorkOrder, pageOf } from './work.fixture';

const user = userEvent.setup({ delay: null });

function renderAs(role: AccountRole, url: string, handlers: Record<string, Handler | Response>) {
  signIn();
  const services = createAppServices({ locks: undefined, onStorage: undefined });
  (services.session as unknown as { set(v: object): void }).set({
    status: 'authenticated',
    user: { id: 1, name: 'Pat Owner', username: 'pat@example.com', adminLevel: 0, accountId: 1, role },
  });
  const fetch = mockFetch({ 'GET /api/accounts': json([]), 'GET /api/accounts/1/members': json([]), ...handlers });
  const rendered = renderApp(routes, { url, services });
  return { ...fetch, ...rendered };
}

beforeEach(() => {
  localStorage.clear();
  (globalThis as { __WIDE__?: boolean }).__WIDE__ = true;
});

const board = [
  aWorkOrder({
    id: 5,
    title: '250-hour service',
    state: 'open',
    assignee: { id: 3, name: 'Mia Mechanic' },
    issueIds: [1, 2],
    totals: { labour: 150, parts: 24.8, other: 95, total: 269.8 },
  }),
  aWorkOrder({ id: 6, title: 'Replace mirror', machineName: 'Tractor', state: 'waiting_for_parts', priority: 'high' }),
  aWorkOrder({ id: 7, title: 'Brakes', state: 'done', issueIds: [4] }),
];

describe('work orders board', () => {
  it('shows a column per state with its cards: machine, title, assignee, issues and total', async () => {
    const { calls } = renderAs('manager', '/work-orders', { 'GET /api/work-orders': json(pageOf(board)) });
    const columns = await screen.findAllByTestId('board-column');
    expect(columns.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Open', 'In progress', 'Waiting for parts', 'Done', 'Cancelled']);
    const open = within(columns[0]).getByTestId('work-order-card');
    expect(within(open).getByText('Loader')).toBeInTheDocument();
    expect(within(open).getByText('250-hour service')).toBeInTheDocument();
    expect(within(open).getByText('Assigned to Mia Mechanic')).toBeInTheDocument();
    expect(within(open).getByText('2 issues')).toBeInTheDocument();
    expect(within(open).getByText('$269.80')).toBeInTheDocument();
    expect(within(columns[1]).getByText('None')).toBeInTheDocument();
    expect(within(columns[2]).getByText('Replace mirror')).toBeInTheDocument();
    expect(within(columns[2]).getByText('Unassigned')).toBeInTheDocument();
    expect(within(columns[3]).getByText('1 issue')).toBeInTheDocument();
    // The whole board is one call, never one per card.
    expect(calls.filter((c) => c.url.startsWith('/api/work-orders')).length).toBe(1);
    // The navigation names the page.
    expect(screen.getAllByRole('link', { name: /Work orders/ }).length).toBeGreaterThan(0);
  });

  it('opens a card by keyboard', async () => {
    const { router } = renderAs('manager', '/work-orders', {
      'GET /api/work-orders': json(pageOf(board)),
      'GET /api/work-orders/5': json(board[0]),
      'GET /api/machines/7/issues': json([]),
    });
    const card = (await screen.findAllByTestId('work-order-card'))[0];
    card.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/work-orders/5'));
    expect(await screen.findByRole('heading', { name: '250-hour service' })).toBeInTheDocument();
  });

  it('tells an operator they cannot see work orders, and leaves the page out of their navigation', async () => {
    renderAs('operator', '/work-orders', { 'GET /api/work-orders': json(pageOf(board)) });
    expect(await screen.findByText('Your role cannot see work orders.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Work orders/ })).not.toBeInTheDocument();
  });
});

describe('work order page', () => {
  const order = aWorkOrder({
    id: 5,
    issueIds: [1],
    lines: [
      {
        id: 11,
        kind: 'labour',
        hours: 2.5,
        rate: 60,
        userId: 3,
        userName: 'Mia Mechanic',
        partId: null,
        partName: null,
        quantity: null,
        unitPrice: null,
        description: null,
        cost: null,
        amount: 150,
      },
    ],
    totals: { labour: 150, parts: 0, other: 0, total: 150 },
  });

  it('shows the issues, labour lines and totals, adds a labour line, and shows the stock refusal of Complete', async () => {
    const { calls } = renderAs('mechanic', '/work-orders/5', {
      'GET /api/work-orders/5': json(order),
      'GET /api/machines/7/issues': json([anIssue({ id: 1, title: 'Hydraulic leak', status: 'in_progress', workOrderId: 5 })]),
      'POST /api/work-orders/5/lines': json(order.lines[0], 201),
      'POST /api/work-orders/5/complete': json(
        { statusCode: 409, code: 'CONFLICT', message: 'Not enough stock: Oil filter (6 needed, 5 in stock)', correlationId: 'x' },
        409,
      ),
    });
    expect(await screen.findByRole('heading', { name: '250-hour service' })).toBeInTheDocument();
    expect(within(await screen.findByTestId('order-issue')).getByText('Hydraulic leak')).toBeInTheDocument();
    const labour = screen.getByRole('table', { name: 'Labour' });
    expect(within(labour).getByText('Mia Mechanic')).toBeInTheDocument();
    expect(within(labour).getByText('2.5')).toBeInTheDocument();
    expect(within(labour).getByText('$60.00')).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('$150.00');

    const add = screen.getByRole('form', { name: 'Add line' });
    await user.type(within(add).getByRole('textbox', { name: /Hours/ }), '1.5');
    await user.type(within(add).getByRole('textbox', { name: /Rate/ }), '60');
    await user.click(within(add).getByRole('button', { name: 'Add labour line' }));
    await waitFor(() => expect(calls.find((c) => c.url === '/api/work-orders/5/lines')?.body).toEqual({ kind: 'labour', hours: 1.5, rate: 60, userId: 1 }));

    await user.click(screen.getByRole('button', { name: 'Complete' }));
    const form = await screen.findByRole('form', { name: 'Complete work order' });
    await user.type(within(form).getByRole('textbox', { name: 'Hour meter' }), '1250');
    await user.click(within(form).getByRole('button', { name: 'Complete work order' }));
    expect(await within(form).findByText('Not enough stock: Oil filter (6 needed, 5 in stock)')).toBeInTheDocument();
    expect(within(form).getByRole('checkbox', { name: /Complete with negative stock/ })).toBeInTheDocument();
    const complete = calls.find((c) => c.url === '/api/work-orders/5/complete');
    expect(complete?.body).toMatchObject({ meters: { hours: 1250 } });
    expect(complete?.headers.get('idempotency-key')).toBeTruthy();
  });

  it('links a done order to its service record', async () => {
    renderAs('viewer', '/work-orders/5', {
      'GET /api/work-orders/5': json({ ...order, state: 'done', serviceRecordId: 42, completedAt: '2026-11-20' }),
      'GET /api/machines/7/issues': json([]),
    });
    expect(await screen.findByRole('link', { name: 'Open its service record' })).toHaveAttribute('href', '/service-record/42');
    expect(screen.queryByRole('button', { name: 'Reopen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add line' })).not.toBeInTheDocument();
  });
});
