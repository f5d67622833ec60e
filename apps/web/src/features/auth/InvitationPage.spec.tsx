import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createAppServices } from '../../app/services';
import { json, mockFetch, renderApp, signIn } from '../../test/harness';
import InvitationPage from './InvitationPage';

const user = userEvent.setup({ delay: null });

const INVITATION = {
  accountId: 4,
  accountName: 'Farm B',
  inviterName: 'Maria',
  role: 'operator',
  email: 'olga@example.com',
  expiresAt: '2026-12-05T00:00:00Z',
};

function renderInvitation(routes: Parameters<typeof mockFetch>[0], signedIn = false) {
  const services = createAppServices({ locks: undefined, onStorage: undefined });
  if (signedIn) {
    signIn();
    (services.session as unknown as { set(v: object): void }).set({
      status: 'authenticated',
      user: { id: 9, name: 'Olga', username: 'olga@example.com', adminLevel: 0, accountId: 9, role: 'owner' },
    });
  } else {
    (services.session as unknown as { set(v: object): void }).set({ status: 'anonymous', user: null });
  }
  const fetch = mockFetch({ 'GET /api/invitations/tok-1': json(INVITATION), ...routes });
  const rendered = renderApp(<InvitationPage />, { url: '/invitations/tok-1', path: '/invitations/:token', services });
  return { ...fetch, ...rendered };
}

beforeEach(() => localStorage.clear());

describe('InvitationPage', () => {
  it('shows the account, the inviter and the role; a new person sets a name and password, accepts and is signed in', async () => {
    const { calls, router } = renderInvitation({
      'POST /api/invitations/tok-1/accept': json({ accessToken: 'token-new', expiresIn: 900_000, type: 'Bearer' }),
      'GET /api/user/me': json({ id: 20, name: 'Olga', username: 'olga@example.com', adminLevel: 0, accountId: 4, role: 'operator' }),
    });
    expect(await screen.findByRole('heading', { name: 'Join Farm B' })).toBeInTheDocument();
    expect(screen.getByText(/Maria invited you as/)).toHaveTextContent('Maria invited you as Operator.');
    await user.click(screen.getByRole('button', { name: 'Accept and sign in' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Your name' }), 'Olga');
    await user.type(screen.getByLabelText(/^Password/), 'long-enough-1');
    await user.click(screen.getByRole('button', { name: 'Accept and sign in' }));
    await waitFor(() => expect(localStorage.getItem('wrenchlog.token')).toBe('token-new'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Olga', password: 'long-enough-1' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('offers a person with a login to sign in first and come back', async () => {
    renderInvitation({});
    const link = await screen.findByRole('link', { name: 'I have a login: sign in first' });
    expect(link).toHaveAttribute('href', `/login?returnUrl=${encodeURIComponent('/invitations/tok-1')}`);
  });

  it('accepts signed in, then switches to the account', async () => {
    const { calls, router } = renderInvitation(
      {
        'POST /api/invitations/tok-1/accept': json({ accountId: 4, role: 'operator' }),
        'POST /api/auth/switch-account': json({ accessToken: 'token-farm', expiresIn: 900_000, type: 'Bearer' }),
        'GET /api/user/me': json({ id: 9, name: 'Olga', username: 'olga@example.com', adminLevel: 0, accountId: 4, role: 'operator' }),
      },
      true,
    );
    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(calls.find((c) => c.url === '/api/auth/switch-account')?.body).toEqual({ accountId: 4 });
    expect(localStorage.getItem('wrenchlog.token')).toBe('token-farm');
  });

  it("says when the invitation is for another address, and shows the server's refusal", async () => {
    renderInvitation(
      {
        'GET /api/invitations/tok-1': json({ ...INVITATION, email: 'someone@example.com' }),
        'POST /api/invitations/tok-1/accept': json(
          { statusCode: 403, code: 'FORBIDDEN', message: 'This invitation is for another email address', correlationId: 'c' },
          403,
        ),
      },
      true,
    );
    expect(await screen.findByRole('note')).toHaveTextContent('This invitation is for someone@example.com; you are signed in as olga@example.com.');
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation is for another email address');
  });

  it('says an expired or spent link is no longer valid', async () => {
    renderInvitation({
      'GET /api/invitations/tok-1': json({ statusCode: 410, code: 'GONE', message: 'This invitation has expired.', correlationId: 'c' }, 410),
    });
    expect(await screen.findByRole('heading', { name: 'This invitation is no longer valid' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This invitation has expired. Ask the person who invited you for a new one.');
  });
});
