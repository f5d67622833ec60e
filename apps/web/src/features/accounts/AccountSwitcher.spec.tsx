import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { lazy, Suspense, type ReactElement } from 'react';
import { Outlet, useParams } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { createAppServices } from '../../app/services';
import { useApi } from '../../core/context';
import { json, mockFetch, renderApp, signIn } from '../../test/harness';
import AccountSwitcher from './AccountSwitcher';
import { useAccountFollow } from './accounts-api';

const user = userEvent.setup({ delay: null });

const ACCOUNTS = [
  { id: 1, name: 'Home fleet', role: 'owner', machineCount: 3, memberCount: 1, current: true },
  { id: 4, name: 'Farm B', role: 'operator', machineCount: 12, memberCount: 6, current: false },
];

/** A screen with cached data of the current account, as every list is. */
function Probe() {
  useAccountFollow();
  const api = useApi();
  const q = useQuery({ queryKey: ['probe'], queryFn: () => api.get<{ account: number }>('/api/probe') });
  return <p>probe of account {q.data?.account ?? '…'}</p>;
}

/** Pat, signed in as owner of account 1 (the switches' starting point). */
function ownerServices() {
  signIn();
  const services = createAppServices({ locks: undefined, onStorage: undefined });
  (services.session as unknown as { set(v: object): void }).set({
    status: 'authenticated',
    user: { id: 1, name: 'Pat Owner', username: 'pat@example.com', adminLevel: 0, accountId: 1, role: 'owner' },
  });
  return services;
}

/** Account 1's machine page: what must never be asked for again in another account. */
function MachinePage() {
  const api = useApi();
  const { id } = useParams();
  const q = useQuery({ queryKey: ['machine', id], queryFn: () => api.get<{ name: string }>(`/api/machines/${id}`) });
  return <p>machine {q.data?.name ?? q.error?.message ?? '…'}</p>;
}

function renderSwitcher(routes: Parameters<typeof mockFetch>[0] = {}) {
  const services = ownerServices();
  let account = 1;
  const fetch = mockFetch({
    'GET /api/accounts': json(ACCOUNTS),
    'GET /api/probe': () => json({ account }),
    'POST /api/auth/switch-account': () => {
      account = 4;
      return json({ accessToken: 'token-farm', expiresIn: 900_000, type: 'Bearer' });
    },
    'GET /api/user/me': () =>
      json({ id: 1, name: 'Pat Owner', username: 'pat@example.com', adminLevel: 0, accountId: account, role: account === 4 ? 'operator' : 'owner' }),
    ...routes,
  });
  const rendered = renderApp(
    [
      {
        path: '*',
        element: (
          <>
            <AccountSwitcher />
            <Probe />
          </>
        ),
      },
    ],
    { url: '/machines/7', services },
  );
  return { ...fetch, ...rendered };
}

beforeEach(() => localStorage.clear());

describe('AccountSwitcher', () => {
  it("shows the current account and lists the caller's accounts with their roles", async () => {
    renderSwitcher();
    const button = await screen.findByRole('button', { name: 'Account: Home fleet. Switch account' });
    await user.click(button);
    expect(await screen.findByRole('menuitem', { name: /Farm B/ })).toHaveTextContent('12 machines · 6 members');
    expect(screen.getByRole('menuitem', { name: /Home fleet/ })).toHaveAttribute('aria-current', 'true');
  });

  it('switches: stores the new token, reads the user again, drops every cached answer and opens the dashboard', async () => {
    const { calls, router, services } = renderSwitcher();
    expect(await screen.findByText('probe of account 1')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: /Switch account/ }));
    await user.click(await screen.findByRole('menuitem', { name: /Farm B/ }));
    expect(await screen.findByText('probe of account 4')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/auth/switch-account')?.body).toEqual({ accountId: 4 });
    expect(localStorage.getItem('wrenchlog.token')).toBe('token-farm');
    expect(services.session.getSnapshot().user).toMatchObject({ accountId: 4, role: 'operator' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('says why a switch was refused, and stays in the account', async () => {
    renderSwitcher({
      'POST /api/auth/switch-account': json({ statusCode: 403, code: 'FORBIDDEN', message: 'You are not a member of this account', correlationId: 'c' }, 403),
    });
    await user.click(await screen.findByRole('button', { name: /Switch account/ }));
    await user.click(await screen.findByRole('menuitem', { name: /Farm B/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not a member of this account');
    expect(localStorage.getItem('wrenchlog.token')).toBe('token-1');
  });

  it('creates a new account, then works in it', async () => {
    const { calls } = renderSwitcher({
      'POST /api/accounts': json({ id: 4, name: 'Farm B', role: 'owner', machineCount: 0, memberCount: 1, current: false }, 201),
    });
    await user.click(await screen.findByRole('button', { name: /Switch account/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'New account' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Account name is required')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Account name' }), 'Farm B');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/accounts')?.body).toEqual({ name: 'Farm B' });
    expect(calls.find((c) => c.url === '/api/auth/switch-account')?.body).toEqual({ accountId: 4 });
  });

  it('shows the invitations waiting for the person and joins one in a click, then works in it', async () => {
    const { calls } = renderSwitcher({
      'GET /api/user/invitations': json([
        { id: 31, accountId: 4, accountName: 'Farm B', inviter: 'Dana', role: 'operator', expiresAt: '2026-12-06T10:00:00.000Z' },
      ]),
      'POST /api/user/invitations/31/accept': json({ accountId: 4, name: 'Farm B', role: 'operator' }),
    });
    const button = await screen.findByRole('button', { name: /1 invitation waiting\. Switch account/ });
    await user.click(button);
    expect(await screen.findByText('Invitations')).toBeInTheDocument();
    expect(screen.getByText('Dana invited you as operator')).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: /Join Farm B/ }));
    expect(await screen.findByText('probe of account 4')).toBeInTheDocument();
    const order = calls.filter((c) => c.method === 'POST').map((c) => c.url);
    expect(order).toEqual(['/api/user/invitations/31/accept', '/api/auth/switch-account']);
    expect(calls.find((c) => c.url === '/api/auth/switch-account')?.body).toEqual({ accountId: 4 });
  });

  it("leaves a machine page before switching: the old account's machine is never asked for in the new one", async () => {
    const services = ownerServices();
    let account = 1;
    const { calls } = mockFetch({
      'GET /api/accounts': json(ACCOUNTS),
      // Machine 7 is account 1's: account 4 answers 404.
      'GET /api/machines/7': () =>
        account === 1 ? json({ id: 7, name: 'Loader 7' }) : json({ statusCode: 404, code: 'NOT_FOUND', message: 'Machine not found' }, 404),
      'POST /api/auth/switch-account': () => {
        account = 4;
        return json({ accessToken: 'token-farm', expiresIn: 900_000, type: 'Bearer' });
      },
      'GET /api/user/me': () =>
        json({ id: 1, name: 'Pat Owner', username: 'pat@example.com', adminLevel: 0, accountId: account, role: account === 4 ? 'operator' : 'owner' }),
    });
    // The dashboard's code arrives a moment later, as a lazy route's does: the router keeps the
    // machine page on screen meanwhile (its navigation is a transition).
    const Dashboard = lazy(
      () => new Promise<{ default: () => ReactElement }>((resolve) => setTimeout(() => resolve({ default: () => <p>dashboard</p> }), 150)),
    );
    function Layout() {
      useAccountFollow();
      return (
        <>
          <AccountSwitcher />
          <Suspense fallback={<p>loading page</p>}>
            <Outlet />
          </Suspense>
        </>
      );
    }
    const { router } = renderApp(
      [
        {
          path: '/',
          element: <Layout />,
          children: [
            { path: 'machines/:id', element: <MachinePage /> },
            { path: 'dashboard', element: <Dashboard /> },
          ],
        },
      ],
      { url: '/machines/7', services },
    );
    expect(await screen.findByText('machine Loader 7')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: /Switch account/ }));
    await user.click(await screen.findByRole('menuitem', { name: /Farm B/ }));
    expect(await screen.findByText('dashboard', {}, { timeout: 3000 })).toBeInTheDocument();
    await waitFor(() => expect(services.session.getSnapshot().user).toMatchObject({ accountId: 4 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    // Asked once, in account 1: no refetch of it in account 4 (a 404).
    expect(calls.filter((c) => c.url === '/api/machines/7')).toHaveLength(1);
  });
  it('follows a switch made in another tab from a machine page: to the dashboard, without asking for the machine in the new account', async () => {
    const services = ownerServices();
    let account = 1;
    const { calls } = mockFetch({
      'GET /api/accounts': () => json(ACCOUNTS.map((a) => ({ ...a, current: a.id === account }))),
      'GET /api/probe': () => json({ account }),
      'GET /api/machines/7': () =>
        account === 1 ? json({ id: 7, name: 'Loader 7' }) : json({ statusCode: 404, code: 'NOT_FOUND', message: 'Machine not found' }, 404),
      'GET /api/user/me': () =>
        json({ id: 1, name: 'Pat Owner', username: 'pat@example.com', adminLevel: 0, accountId: account, role: account === 4 ? 'operator' : 'owner' }),
    });
    function Layout() {
      useAccountFollow();
      return <Outlet />;
    }
    const { router } = renderApp(
      [
        {
          path: '/',
          element: <Layout />,
          children: [
            { path: 'machines/:id', element: <MachinePage /> },
            { path: 'dashboard', element: <Probe /> },
          ],
        },
      ],
      { url: '/machines/7', services },
    );
    expect(await screen.findByText('machine Loader 7')).toBeInTheDocument();
    // The other tab switched: its token (for account 4) lands in the shared storage.
    account = 4;
    signIn(`h.${btoa(JSON.stringify({ sub: 1, acc: 4 }))}.s`);
    (services.session as unknown as { handleStorage(e: StorageEvent): void }).handleStorage(new StorageEvent('storage', { key: 'wrenchlog.token' }));
    expect(await screen.findByText('probe of account 4')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(calls.filter((c) => c.url === '/api/machines/7')).toHaveLength(1);
  });
});
