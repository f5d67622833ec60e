import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '../../app/routes';
import { json, mockFetch, pending, renderApp, signIn } from '../../test/harness';

const user = userEvent.setup({ delay: null });

const machines = [
  { id: 1, name: 'Blue F-150', type: 'Pickup', status: 'Good', lastUpdated: '2026-03-01T10:00:00Z' },
  { id: 2, name: 'Excavator 320', type: 'Excavator', status: 'Maintenance', lastUpdated: '2026-05-01T10:00:00Z' },
  { id: 3, name: 'Zero-turn mower', type: 'Mower', status: 'Error', lastUpdated: '2026-04-01T10:00:00Z' },
];

function names(): string[] {
  return screen
    .getAllByRole('link')
    .filter((a) => /^\/machines\/\d+$/.test(a.getAttribute('href') ?? ''))
    .map((a) => (a.closest('table') ? a.textContent : a.querySelector('p')?.textContent) ?? '');
}

beforeEach(() => {
  localStorage.clear();
  signIn();
  (globalThis as { __WIDE__?: boolean }).__WIDE__ = false;
});

describe('DashboardPage', () => {
  it('shows the loading text while the machines load', async () => {
    mockFetch({ 'GET /api/machines/recentlyserviced': pending });
    renderApp(routes, { url: '/dashboard' });
    expect(await screen.findByText('Loading machines...')).toBeInTheDocument();
  });

  it('shows the error text when the call fails', async () => {
    mockFetch({ 'GET /api/machines/recentlyserviced': json({ statusCode: 500, message: 'boom' }, 500) });
    renderApp(routes, { url: '/dashboard' });
    expect(await screen.findByText('Failed to load machines')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('offers to create the first machine when there is none', async () => {
    mockFetch({ 'GET /api/machines/recentlyserviced': json([]) });
    renderApp(routes, { url: '/dashboard' });
    expect(await screen.findByText('No machines yet')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Create New Machine' })[0]);
    expect(await screen.findByLabelText(/Name/)).toBeInTheDocument();
  });

  it('lists the most recent first, as cards on small screens, and sorts with the buttons', async () => {
    mockFetch({ 'GET /api/machines/recentlyserviced': json(machines) });
    renderApp(routes, { url: '/dashboard' });
    await screen.findByText('Most Recent');
    await screen.findByRole('link', { name: /^Excavator 320/ });
    expect(names()).toEqual(['Excavator 320', 'Zero-turn mower', 'Blue F-150']);
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(names()).toEqual(['Blue F-150', 'Excavator 320', 'Zero-turn mower']);
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(names()).toEqual(['Zero-turn mower', 'Excavator 320', 'Blue F-150']);
  });

  it('shows a sortable table on wide screens with the dashboard status colours', async () => {
    (globalThis as { __WIDE__?: boolean }).__WIDE__ = true;
    mockFetch({ 'GET /api/machines/recentlyserviced': json(machines) });
    renderApp(routes, { url: '/dashboard' });
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Equipment', 'Type', 'Status', 'Last Updated']);
    expect(within(table).getByRole('link', { name: 'Blue F-150' })).toHaveAttribute('href', '/machines/1');
    expect(within(table).getByText('Good').closest('[data-color]')).toHaveAttribute('data-color', 'green');
    expect(within(table).getByText('Maintenance').closest('[data-color]')).toHaveAttribute('data-color', 'yellow');
    expect(within(table).getByText('Error').closest('[data-color]')).toHaveAttribute('data-color', 'red');
    await user.click(within(table).getByRole('button', { name: 'Type' }));
    expect(
      within(table)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Excavator 320', 'Zero-turn mower', 'Blue F-150']);
    expect(within(table).getAllByRole('columnheader')[1]).toHaveAttribute('aria-sort', 'ascending');
  });

  it('searches any field case-insensitively', async () => {
    mockFetch({ 'GET /api/machines/recentlyserviced': json(machines) });
    renderApp(routes, { url: '/dashboard' });
    await screen.findByRole('link', { name: /^Excavator 320/ });
    await user.type(screen.getByPlaceholderText('Search equipment...'), 'MOWER');
    expect(names()).toEqual(['Zero-turn mower']);
    await user.clear(screen.getByPlaceholderText('Search equipment...'));
    await user.type(screen.getByPlaceholderText('Search equipment...'), 'nothing like it');
    expect(await screen.findByText('No matches')).toBeInTheDocument();
  });

  it('shows a large fleet 100 machines at a time, and a search still looks at all of them', async () => {
    const fleet = Array.from({ length: 250 }, (_, i) => ({
      id: i + 1,
      name: `Unit ${String(i + 1).padStart(3, '0')}`,
      type: 'Loader',
      status: 'Good',
      lastUpdated: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
    }));
    mockFetch({ 'GET /api/machines/recentlyserviced': json(fleet) });
    renderApp(routes, { url: '/dashboard' });
    await screen.findByText('150 more not shown');
    expect(names()).toHaveLength(100);
    expect(names()[0]).toBe('Unit 250'); // newest first
    await user.click(screen.getByRole('button', { name: 'Show 100 more' }));
    expect(names()).toHaveLength(200);
    await user.click(screen.getByRole('button', { name: 'Show 50 more' }));
    expect(names()).toHaveLength(250);
    expect(screen.queryByText(/more not shown/)).not.toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('Search equipment...'), 'Unit 007');
    expect(names()).toEqual(['Unit 007']);
  });
});
