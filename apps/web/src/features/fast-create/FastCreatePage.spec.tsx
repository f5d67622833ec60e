import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '../../app/routes';
import { json, mockFetch, renderApp, signIn } from '../../test/harness';

const user = userEvent.setup({ delay: null });
const MACHINES_LOAD_FAILED = 'Failed to load machines';
const machines = [
  { id: 3, name: 'Blue F-150', type: 'Pickup', status: 'Good', lastUpdated: '2026-03-01T10:00:00Z' },
  { id: 4, name: 'Atlas crane', type: 'Crane', status: 'Good', lastUpdated: '2026-03-01T10:00:00Z' },
];

beforeEach(() => {
  localStorage.clear();
  signIn();
  (globalThis as { __WIDE__?: boolean }).__WIDE__ = true;
});

describe('FastCreatePage', () => {
  it('shows the fuel, service, machine and part forms in fast mode, sharing one machine list', async () => {
    mockFetch({ 'GET /api/machines/all': json(machines) });
    renderApp(routes, { url: '/fast-create' });
    const fuel = await screen.findByRole('form', { name: 'Create Fuel Record' });
    expect(screen.getByRole('form', { name: 'Create New Machine' })).toBeInTheDocument();
    const part = screen.getByRole('form', { name: 'Create Part Purchase' });
    expect(screen.getByRole('heading', { name: 'Create Service Record' })).toBeInTheDocument();
    // Fast mode: the reduced field sets.
    expect(within(fuel).queryByLabelText('Store Name')).not.toBeInTheDocument();
    expect(within(part).queryByLabelText('Part Number')).not.toBeInTheDocument();
    expect(await within(fuel).findByRole('option', { name: 'Atlas crane' })).toBeInTheDocument();
    // Sorted by name, and a machine is optional on a purchase.
    expect(
      within(within(part).getByRole('combobox', { name: 'Machine' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['No machine', 'Atlas crane', 'Blue F-150']);
  });

  it("says 'Failed to load machines' in each machine select when the list cannot be loaded, and retries", async () => {
    let fail = true;
    mockFetch({ 'GET /api/machines/all': () => (fail ? json({ statusCode: 503 }, 503) : json(machines)) });
    renderApp(routes, { url: '/fast-create' });
    const fuel = await screen.findByRole('form', { name: 'Create Fuel Record' });
    const part = screen.getByRole('form', { name: 'Create Part Purchase' });
    expect(await within(fuel).findByText(`${MACHINES_LOAD_FAILED}.`, { exact: false })).toBeInTheDocument();
    expect(within(part).getByText(`${MACHINES_LOAD_FAILED}.`, { exact: false })).toBeInTheDocument();
    fail = false;
    await user.click(within(fuel).getByRole('button', { name: 'Retry' }));
    expect(await within(fuel).findByRole('option', { name: 'Blue F-150' })).toBeInTheDocument();
    expect(within(part).getByRole('option', { name: 'Blue F-150' })).toBeInTheDocument();
    expect(within(fuel).queryByText(MACHINES_LOAD_FAILED, { exact: false })).not.toBeInTheDocument();
  });

  it('says when the Machine select shows only the first 2,000 machines', async () => {
    const many = Array.from({ length: 2000 }, (_, i) => ({ ...machines[0], id: i + 1, name: `Unit ${String(i + 1).padStart(4, '0')}` }));
    mockFetch({ 'GET /api/machines/all': json(many) });
    renderApp(routes, { url: '/fast-create' });
    const fuel = await screen.findByRole('form', { name: 'Create Fuel Record' });
    expect(await within(fuel).findByText('Showing the first 2,000 machines by name')).toBeInTheDocument();
  });
});
