import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountRole } from '@wrenchlog/contracts/limits';
import { routes } from '../../app/routes';
import { createAppServices } from '../../app/services';
import { json, mockFetch, renderApp, signIn } from '../../test/harness';

// Issue 32: the machine details as each role sees them (the services refuse the rest anyway).
const machine = {
  id: 4,
  name: 'Blue F-150',
  year: 2019,
  make: 'Ford',
  model: 'F-150',
  status: 'Good',
  type: 'Pickup',
  isPermanentLicense: true,
  profilePhoto: null,
  lastUpdated: '2026-05-01T10:00:00Z',
  createdBy: { id: 2, name: 'Maria' },
  updatedBy: { id: 1, name: 'Pat Owner' },
};
// An operator's answer: the money fields are absent, not zero.
const fuel = { id: 1, machineId: 4, amount: 40, dateOfPurchase: '2026-01-10T12:00:00Z', dateCreated: '2026-01-10T12:00:00Z', fullTank: true };
const page = <T,>(content: T[]) => ({ content, totalPages: 1, totalElements: content.length, number: 0, size: 50 });

function renderAs(role: AccountRole) {
  signIn();
  const services = createAppServices({ locks: undefined, onStorage: undefined });
  (services.session as unknown as { set(v: object): void }).set({
    status: 'authenticated',
    user: { id: 1, name: 'Pat Owner', username: 'pat@example.com', adminLevel: 0, accountId: 1, role },
  });
  const fetch = mockFetch({
    'GET /api/machines/': json(machine),
    'GET /api/machines/4/gallery': json([]),
    'GET /api/fuel-records/machine/4': json(page([fuel])),
    'GET /api/accounts': json([]),
  });
  renderApp(routes, { url: '/machines/4', services });
  return fetch;
}

beforeEach(() => {
  localStorage.clear();
  (globalThis as { __WIDE__?: boolean }).__WIDE__ = true;
});

describe('machine details per role', () => {
  it('shows an operator fuel, meters and schedules only, without a cost column, Edit or Delete', async () => {
    const { calls } = renderAs('operator');
    expect(await screen.findByRole('heading', { name: 'Blue F-150' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Fuel History', 'Meters', 'Schedules']);
    const table = await screen.findByRole('table');
    expect(within(table).queryByText('Cost ($)')).not.toBeInTheDocument();
    expect(within(table).getByText('40')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit machine' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete machine' })).not.toBeInTheDocument();
    // An operator adds fuel records.
    expect(screen.getByRole('button', { name: 'Add New' })).toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/services/') || c.url.startsWith('/api/purchases/'))).toBe(false);
  });

  it('shows a viewer every tab with costs but no action', async () => {
    renderAs('viewer');
    expect(await screen.findByRole('heading', { name: 'Blue F-150' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Fuel History', 'Services', 'Parts History', 'Meters', 'Schedules', 'Reports']);
    expect(within(await screen.findByRole('table')).getByText('Cost ($)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add New' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit machine' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Machine status')).toBeDisabled();
  });

  it('says who added and who last changed the machine', async () => {
    renderAs('owner');
    expect(await screen.findByTestId('audit-line')).toHaveTextContent(/^Added by Maria · Changed by you, 2026-05-01/);
    expect(screen.getByRole('button', { name: 'Edit machine' })).toBeInTheDocument();
  });
});

describe('assigned members on the machine details', () => {
  it("lets an owner switch an operator's assignment to this machine on and off", async () => {
    signIn();
    const services = createAppServices({ locks: undefined, onStorage: undefined });
    (services.session as unknown as { set(v: object): void }).set({
      status: 'authenticated',
      user: { id: 1, name: 'Pat Owner', username: 'pat@example.com', adminLevel: 0, accountId: 1, role: 'owner' },
    });
    const { calls } = mockFetch({
      'GET /api/machines/': json(machine),
      'GET /api/machines/4/gallery': json([]),
      'GET /api/fuel-records/machine/4': json(page([])),
      'GET /api/accounts': json([]),
      'GET /api/accounts/1/members': json([
        { userId: 1, name: 'Pat Owner', email: 'pat@example.com', role: 'owner', machineIds: null, joinedAt: '2026-01-01', lastActiveAt: null },
        { userId: 2, name: 'Olga', email: 'olga@example.com', role: 'operator', machineIds: [7], joinedAt: '2026-01-01', lastActiveAt: null },
        { userId: 3, name: 'Mick', email: 'mick@example.com', role: 'mechanic', machineIds: null, joinedAt: '2026-01-01', lastActiveAt: null },
      ]),
      'PUT /api/accounts/1/members/2': (req) => json({ userId: 2, ...(req.body as object) }),
    });
    renderApp(routes, { url: '/machines/4', services });
    const section = await screen.findByRole('region', { name: 'Assigned members' });
    expect(within(section).queryByText('Pat Owner')).not.toBeInTheDocument();
    expect(await within(section).findByText('All machines')).toBeInTheDocument();
    const olga = within(section).getByRole('switch', { name: 'Olga works on this machine' });
    expect(olga).not.toBeChecked();
    await userEvent.setup({ delay: null }).click(olga);
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ machineIds: [7, 4] }));
  });
});
