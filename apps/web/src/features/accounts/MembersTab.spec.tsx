import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountRole } from '@wrenchlog/contracts/limits';
import { createAppServices } from '../../app/services';
import { json, mockFetch, renderApp, signIn, type Handler } from '../../test/harness';
import MembersTab from './MembersTab';

const user = userEvent.setup({ delay: null });

const MEMBERS = [
  {
    userId: 1,
    name: 'Pat Owner',
    email: 'pat@example.com',
    role: 'owner',
    machineIds: null,
    joinedAt: '2026-01-05T10:00:00Z',
    lastActiveAt: '2026-11-28T09:00:00Z',
  },
  { userId: 2, name: 'Olga Operator', email: 'olga@example.com', role: 'operator', machineIds: [11], joinedAt: '2026-02-01T10:00:00Z', lastActiveAt: null },
];
const INVITATIONS = [{ id: 5, email: 'vic@example.com', role: 'viewer', expiresAt: '2026-12-05T10:00:00Z' }];
const MACHINES = [
  { id: 11, name: 'Digger', type: null, status: null, lastUpdated: '2026-01-01T00:00:00Z', lastServicedDate: null },
  { id: 12, name: 'Loader', type: null, status: null, lastUpdated: '2026-01-01T00:00:00Z', lastServicedDate: null },
];

function renderMembers(role: AccountRole = 'owner', routes: Record<string, Handler | Response> = {}) {
  signIn();
  const services = createAppServices({ locks: undefined, onStorage: undefined });
  (services.session as unknown as { set(v: object): void }).set({
    status: 'authenticated',
    user: { id: 1, name: 'Pat Owner', username: 'pat@example.com', adminLevel: 0, accountId: 3, role },
  });
  const fetch = mockFetch({
    'GET /api/accounts/3/members': json(MEMBERS),
    'GET /api/accounts/3/invitations': json(INVITATIONS),
    'GET /api/machines/all': json(MACHINES),
    'GET /api/accounts': json([]),
    ...routes,
  });
  renderApp(<MembersTab />, { url: '/settings?tab=members', path: '/settings', services });
  return fetch;
}

const memberCard = (name: string) => screen.findByRole('listitem', { name });

beforeEach(() => localStorage.clear());

describe('MembersTab', () => {
  it('lists the members with role, machines, joined and last activity, and the pending invitations', async () => {
    renderMembers();
    const olga = await memberCard('Olga Operator');
    expect(within(olga).getByText('Operator')).toBeInTheDocument();
    expect(await within(olga).findByText('1 machine: Digger')).toBeInTheDocument();
    expect(within(olga).getByText(/Joined 2026-02-01 · Last active never/)).toBeInTheDocument();
    const pat = await memberCard('Pat Owner');
    expect(within(pat).getByText('you')).toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: 'Invitation for vic@example.com' })).toHaveTextContent('Expires 2026-12-05');
  });

  it("changes an operator's machines to all machines", async () => {
    const { calls } = renderMembers('owner', { 'PUT /api/accounts/3/members/2': json({ ...MEMBERS[1], machineIds: null }) });
    await user.click(within(await memberCard('Olga Operator')).getByRole('button', { name: 'Change Olga Operator' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'All machines' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ role: 'operator', machineIds: null });
  });

  it("shows the server's 409 when the last owner would be demoted", async () => {
    renderMembers('owner', {
      'PUT /api/accounts/3/members/1': json({ statusCode: 409, code: 'CONFLICT', message: 'An account must keep at least one owner', correlationId: 'c' }, 409),
    });
    await user.click(within(await memberCard('Pat Owner')).getByRole('button', { name: 'Change Pat Owner' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: /^Viewer/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('An account must keep at least one owner');
  });

  it('offers a manager no change or removal of an owner, and no owner role', async () => {
    renderMembers('manager');
    const pat = await memberCard('Pat Owner');
    expect(within(pat).queryByRole('button', { name: /Change|Remove/ })).not.toBeInTheDocument();
    expect(within(await memberCard('Olga Operator')).getByRole('button', { name: 'Remove Olga Operator' })).toBeInTheDocument();
  });

  it('invites by email with a role and machines, and shows a field message under the email', async () => {
    let answer: Response = json(
      {
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: 'Validation failed',
        correlationId: 'c',
        errors: [{ field: 'email', message: 'This person is already a member' }],
      },
      400,
    );
    const { calls } = renderMembers('owner', { 'POST /api/accounts/3/invitations': () => answer.clone() });
    const form = await screen.findByRole('form', { name: 'Invite a member' });
    await user.type(within(form).getByRole('textbox', { name: 'Email' }), 'olga@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('This person is already a member')).toBeInTheDocument();

    answer = json({ id: 6, email: 'new@example.com', role: 'mechanic', expiresAt: '2026-12-06T00:00:00Z' }, 201);
    await user.clear(within(form).getByRole('textbox', { name: 'Email' }));
    await user.type(within(form).getByRole('textbox', { name: 'Email' }), 'new@example.com');
    await user.click(within(form).getByRole('radio', { name: 'Only these machines' }));
    await user.click(within(form).getByRole('combobox', { name: 'Assigned machines' }));
    await user.click(await screen.findByRole('option', { name: 'Loader' }));
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('Invitation sent to new@example.com');
    expect(calls.filter((c) => c.method === 'POST').pop()?.body).toEqual({ email: 'new@example.com', role: 'mechanic', machineIds: [12] });
  });

  it('resends an invitation (the same address invited again: a new link) and cancels one', async () => {
    const { calls } = renderMembers('owner', {
      'POST /api/accounts/3/invitations': json(INVITATIONS[0]),
      'DELETE /api/accounts/3/invitations/5': new Response(null, { status: 204 }),
    });
    const invitation = await screen.findByRole('listitem', { name: 'Invitation for vic@example.com' });
    await user.click(within(invitation).getByRole('button', { name: 'Resend' }));
    expect(await within(invitation).findByText('Sent again')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/accounts/3/invitations')?.body).toEqual({ email: 'vic@example.com', role: 'viewer' });
    await user.click(within(invitation).getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel invitation' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/accounts/3/invitations/5')).toBe(true));
  });
});
