import { jest } from '@jest/globals';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ServiceRecord } from '@wrenchlog/contracts';
import { routes } from '../../app/routes';
import { json, mockFetch, pending, renderApp, signIn, type Handler } from '../../test/harness';

const user = userEvent.setup({ delay: null });

// These tests click through several server round trips; give them room on a busy machine.
jest.setTimeout(30_000);
configure({ asyncUtilTimeout: 5_000 });

function record(id: number, fields: Partial<ServiceRecord> = {}): ServiceRecord {
  return {
    id,
    title: `Service ${id}`,
    status: 'New',
    machineName: 'Excavator 320',
    machineId: 7,
    serviceDate: `2026-01-${String(id).padStart(2, '0')}`,
    serviceType: 'Maintenance',
    serviceShop: 'Main Street Garage',
    notes: `Notes of ${id}`,
    price: 100 + id,
    dateCreated: '2026-02-01T10:00:00Z',
    miles: null,
    hours: null,
    ...fields,
  };
}

/** A small in-memory back end for GET /api/services/recent: status, q, sort and paging like the server. */
function server(records: ServiceRecord[]): Handler {
  return ({ url }) => {
    const p = new URL(url, 'http://x').searchParams;
    const page = Number(p.get('page') ?? 0);
    const size = Number(p.get('size') ?? 12);
    const status = p.get('status');
    const q = (p.get('q') ?? '').toLowerCase();
    const [field, dir] = (p.get('sort') ?? 'serviceDate,desc').split(',') as [keyof ServiceRecord, string];
    const found = records
      .filter((r) => !status || r.status.toLowerCase() === status.toLowerCase())
      .filter((r) => !q || [r.title, r.notes, r.serviceShop, r.serviceType, r.status, r.machineName].some((v) => (v ?? '').toLowerCase().includes(q)))
      .sort((a, b) => (dir === 'desc' ? -1 : 1) * String(a[field]).localeCompare(String(b[field])));
    return json({
      content: found.slice(page * size, page * size + size),
      totalPages: Math.max(1, Math.ceil(found.length / size)),
      totalElements: found.length,
      number: page,
      size,
    });
  };
}

const thirty = Array.from({ length: 30 }, (_, i) =>
  record(i + 1, { status: i % 3 === 0 ? 'Complete' : 'New', serviceType: ['Maintenance', 'Repair', 'Inspection', 'Recall', 'Upgrade'][i % 5] }),
);

/** The query of every list call so far. */
const listCalls = (calls: { url: string }[]) =>
  calls.filter((c) => c.url.startsWith('/api/services/recent')).map((c) => Object.fromEntries(new URL(c.url, 'http://x').searchParams));
const titles = () => screen.getAllByTestId('service-row').map((row) => within(row).getAllByText(/^Service \d+|\.\.\.$/)[0].textContent);
const pageLabel = () => screen.getByTestId('page-label').textContent;

beforeEach(() => {
  localStorage.clear();
  signIn();
  (globalThis as { __WIDE__?: boolean }).__WIDE__ = true;
});

describe('ServiceRecordListPage', () => {
  it('shows the heading and the loading state', async () => {
    mockFetch({ 'GET /api/services/recent': pending });
    renderApp(routes, { url: '/services' });
    expect(await screen.findByRole('heading', { name: 'Recent Machine Services' })).toBeInTheDocument();
    expect(screen.getByText('Loading services...')).toBeInTheDocument();
  });

  it('shows an empty state with a hint when there are no records', async () => {
    mockFetch({ 'GET /api/services/recent': server([]) });
    renderApp(routes, { url: '/services' });
    expect(await screen.findByText('No service records yet')).toBeInTheDocument();
    expect(screen.getByText(/Service records you add for your machines show up here/)).toBeInTheDocument();
    expect(screen.queryByTestId('service-pager')).not.toBeInTheDocument();
  });

  it('shows a clear error with a retry that loads the list', async () => {
    let fail = true;
    const ok = server(thirty);
    mockFetch({ 'GET /api/services/recent': (req) => (fail ? json({ statusCode: 500, message: 'boom' }, 500) : ok(req)) });
    renderApp(routes, { url: '/services' });
    expect(await screen.findByText('Failed to load services')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.queryByText('Failed to load services')).not.toBeInTheDocument();
  });

  it('asks for page 0, size 12, newest service date first, and shows the table with type colours and prices', async () => {
    const { calls } = mockFetch({ 'GET /api/services/recent': server(thirty) });
    renderApp(routes, { url: '/services' });
    const table = await screen.findByRole('table');
    expect(listCalls(calls)).toEqual([{ page: '0', size: '12', sort: 'serviceDate,desc' }]);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Machine', 'Title', 'Date', 'Service Type', 'Status', 'Price']);
    expect(titles().slice(0, 3)).toEqual(['Service 30', 'Service 29', 'Service 28']);
    expect(screen.getAllByTestId('service-row')).toHaveLength(12);
    const row = screen.getAllByTestId('service-row')[0]; // id 30: Upgrade
    expect(within(row).getByText('Upgrade').closest('[data-color]')).toHaveAttribute('data-color', 'gray');
    expect(within(row).getByText('$130.00')).toBeInTheDocument();
    const colours = Object.fromEntries(
      ['Maintenance', 'Repair', 'Inspection', 'Recall'].map((t) => [t, within(table).getAllByText(t)[0].closest('[data-color]')?.getAttribute('data-color')]),
    );
    expect(colours).toEqual({ Maintenance: 'blue', Repair: 'yellow', Inspection: 'green', Recall: 'red' });
  });

  it('cuts long titles at 18 characters plus an ellipsis and keeps the full title in the title attribute', async () => {
    mockFetch({ 'GET /api/services/recent': server([record(1, { title: 'Hydraulic pump replacement' }), record(2, { title: 'Exactly eighteen c' })]) });
    renderApp(routes, { url: '/services' });
    const cut = await screen.findByText('Hydraulic pump rep...');
    expect(cut).toHaveAttribute('title', 'Hydraulic pump replacement');
    expect(screen.getByText('Exactly eighteen c')).toBeInTheDocument();
  });

  it('pages with Previous and Next, disabled at the ends', async () => {
    const { calls } = mockFetch({ 'GET /api/services/recent': server(thirty) });
    renderApp(routes, { url: '/services' });
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pageLabel()).toBe('Page 2 of 3'));
    await waitFor(() => expect(titles()[0]).toBe('Service 18'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(titles()).toHaveLength(6));
    expect(pageLabel()).toBe('Page 3 of 3');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(pageLabel()).toBe('Page 2 of 3'));
    expect(listCalls(calls).map((c) => c.page)).toEqual(['0', '1', '2', '1']);
  });

  it('changes the page size from the Items per page selector and goes back to page 1', async () => {
    const { calls } = mockFetch({ 'GET /api/services/recent': server(thirty) });
    renderApp(routes, { url: '/services' });
    await screen.findByText('Page 1 of 3');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pageLabel()).toBe('Page 2 of 3'));
    const select = screen.getByLabelText('Items per page');
    expect(Array.from((select as HTMLSelectElement).options).map((o) => o.value)).toEqual(['3', '6', '12', '24', '48']);
    expect(select).toHaveValue('12');
    await user.selectOptions(select, '6');
    await waitFor(() => expect(pageLabel()).toBe('Page 1 of 5'));
    await waitFor(() => expect(screen.getAllByTestId('service-row')).toHaveLength(6));
    expect(listCalls(calls).at(-1)).toEqual({ page: '0', size: '6', sort: 'serviceDate,desc' });
  });

  it('keeps search, filter, sort, page and page size in the address, so Back from Full Details restores them', async () => {
    const { calls } = mockFetch({ 'GET /api/services/recent': server(thirty), 'GET /api/services/17': pending });
    const { router } = renderApp(routes, { url: '/services' });
    await screen.findByText('Page 1 of 3');
    await user.selectOptions(screen.getByLabelText('Items per page'), '6');
    await waitFor(() => expect(pageLabel()).toBe('Page 1 of 5'));
    await user.click(screen.getByRole('button', { name: /^Title/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pageLabel()).toBe('Page 2 of 5'));
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await user.click(await screen.findByRole('menuitem', { name: 'New' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(screen.getByPlaceholderText('Search services...'), 'service');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('q')).toBe('service'));
    // A new search starts again at page 1.
    await waitFor(() => expect(pageLabel()).toBe('Page 1 of 4'));
    const search = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(search)).toEqual({ q: 'service', status: 'New', sort: 'title,asc', size: '6' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2'));
    const before = listCalls(calls).at(-1);
    expect(before).toEqual({ page: '1', size: '6', status: 'New', sort: 'title,asc', q: 'service' });

    await act(() => router.navigate('/service-record/17'));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(pageLabel()).toMatch(/^Page 2 of/));
    expect(screen.getByPlaceholderText('Search services...')).toHaveValue('service');
    expect(screen.getByLabelText('Items per page')).toHaveValue('6');
    expect(listCalls(calls).at(-1)).toEqual(before);
  });

  it('opens the list a link describes, and ignores values it does not know', async () => {
    const { calls } = mockFetch({ 'GET /api/services/recent': server(thirty) });
    renderApp(routes, { url: '/services?sort=title,asc&size=48&page=1&status=Bogus' });
    await screen.findByText('Page 1 of 1');
    expect(listCalls(calls)).toEqual([{ page: '0', size: '48', sort: 'title,asc' }]);
  });

  it('toggles a column sort: a new column starts ascending, the active one flips', async () => {
    const { calls } = mockFetch({ 'GET /api/services/recent': server(thirty) });
    renderApp(routes, { url: '/services' });
    const table = await screen.findByRole('table');
    const dateHeader = within(table).getAllByRole('columnheader')[2];
    expect(dateHeader).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(table).getByRole('button', { name: 'Title' }));
    await waitFor(() => expect(within(table).getAllByRole('columnheader')[1]).toHaveAttribute('aria-sort', 'ascending'));
    expect(listCalls(calls).at(-1)).toMatchObject({ sort: 'title,asc', page: '0' });
    await waitFor(() => expect(titles()[0]).toBe('Service 1'));
    await user.click(within(table).getByRole('button', { name: 'Title' }));
    await waitFor(() => expect(within(table).getAllByRole('columnheader')[1]).toHaveAttribute('aria-sort', 'descending'));
    expect(listCalls(calls).at(-1)).toMatchObject({ sort: 'title,desc' });
    await waitFor(() => expect(titles()[0]).toBe('Service 9'));
  });

  it('filters by status on the server and removes the filter when the active status is clicked again', async () => {
    const { calls } = mockFetch({ 'GET /api/services/recent': server(thirty) });
    renderApp(routes, { url: '/services' });
    await screen.findByText('Page 1 of 3');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['New', 'In Progress', 'Cancelled', 'Closed', 'Complete']);
    await user.click(screen.getByRole('menuitem', { name: 'Complete' }));
    await waitFor(() => expect(pageLabel()).toBe('Page 1 of 1'));
    expect(listCalls(calls).at(-1)).toEqual({ page: '0', size: '12', status: 'Complete', sort: 'serviceDate,desc' });
    expect(screen.getAllByTestId('service-row')).toHaveLength(10);
    expect(screen.getByRole('button', { name: /Filter/ })).toHaveTextContent('Complete');
    await user.click(screen.getByRole('button', { name: /Filter/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Complete' }));
    await waitFor(() => expect(pageLabel()).toBe('Page 1 of 3'));
    expect(listCalls(calls).at(-1)).toEqual({ page: '0', size: '12', sort: 'serviceDate,desc' });
  });

  it('searches on the server after a pause, and says so when nothing matches', async () => {
    const { calls } = mockFetch({ 'GET /api/services/recent': server(thirty) });
    renderApp(routes, { url: '/services' });
    await screen.findByText('Page 1 of 3');
    await user.type(screen.getByPlaceholderText('Search services...'), 'service 2');
    await waitFor(() => expect(pageLabel()).toBe('Page 1 of 1'));
    // Debounced: one call for the whole word, not one per key.
    expect(listCalls(calls).map((c) => c.q ?? '')).toEqual(['', 'service 2']);
    expect(titles()).toEqual([
      'Service 29',
      'Service 28',
      'Service 27',
      'Service 26',
      'Service 25',
      'Service 24',
      'Service 23',
      'Service 22',
      'Service 21',
      'Service 20',
      'Service 2',
    ]);
    await user.clear(screen.getByPlaceholderText('Search services...'));
    await user.type(screen.getByPlaceholderText('Search services...'), 'zzz');
    expect(await screen.findByText('No matching service records')).toBeInTheDocument();
    expect(screen.queryByText('No service records yet')).not.toBeInTheDocument();
  });

  it('resets filter, search and sort to service date descending on page 1, and reloads', async () => {
    const { calls } = mockFetch({ 'GET /api/services/recent': server(thirty) });
    renderApp(routes, { url: '/services' });
    const table = await screen.findByRole('table');
    await user.click(within(table).getByRole('button', { name: 'Machine' }));
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await user.click(screen.getByRole('menuitem', { name: 'New' }));
    await user.type(screen.getByPlaceholderText('Search services...'), 'service');
    await waitFor(() => expect(listCalls(calls).at(-1)).toEqual({ page: '0', size: '12', status: 'New', sort: 'machineName,asc', q: 'service' }));
    await waitFor(() => expect(pageLabel()).toBe('Page 1 of 2'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pageLabel()).toBe('Page 2 of 2'));
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(pageLabel()).toBe('Page 1 of 3'));
    expect(listCalls(calls).at(-1)).toEqual({ page: '0', size: '12', sort: 'serviceDate,desc' });
    expect(screen.getByPlaceholderText('Search services...')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Filter' })).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getAllByRole('columnheader')[2]).toHaveAttribute('aria-sort', 'descending');
    // Reset on the default view still asks the server again.
    const before = listCalls(calls).length;
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(listCalls(calls).length).toBe(before + 1));
  });

  it('expands the Service Details panel on a row click, with No notes available, Back to List and Full Details', async () => {
    mockFetch({
      'GET /api/services/recent': server([
        record(4, { title: 'Track tension adjustment', notes: '  ', price: 1234.5, serviceType: 'Repair', status: 'In Progress', serviceShop: null }),
      ]),
    });
    const { router } = renderApp(routes, { url: '/services' });
    const row = await screen.findByTestId('service-row');
    const toggle = within(row).getByRole('button', { name: 'Excavator 320' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(within(row).getByText('$1,234.50'));
    const panel = await screen.findByRole('region', { name: 'Service Details' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(panel).getByText('Service Details')).toBeInTheDocument();
    expect(within(panel).getByText('Track tension adjustment')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Excavator 320' })).toHaveAttribute('href', '/machines/7');
    expect(within(panel).getByText('2026-01-04')).toBeInTheDocument();
    expect(within(panel).getByText('Repair')).toBeInTheDocument();
    expect(within(panel).getByText('n/a')).toBeInTheDocument(); // no shop
    expect(within(panel).getByText('$1,234.50')).toBeInTheDocument();
    expect(within(panel).getByText('No notes available')).toBeInTheDocument();
    expect(within(panel).getByText('In Progress')).toBeInTheDocument();
    expect(within(panel).getByText('Date Created')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Back to List' }));
    expect(screen.queryByRole('region', { name: 'Service Details' })).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // Keyboard: Enter on the row's button opens it too.
    toggle.focus();
    await user.keyboard('{Enter}');
    const again = await screen.findByRole('region', { name: 'Service Details' });
    await user.click(within(again).getByRole('link', { name: 'Full Details' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/service-record/4'));
  });

  it('shows the notes and works as cards on small screens', async () => {
    (globalThis as { __WIDE__?: boolean }).__WIDE__ = false;
    const { calls } = mockFetch({ 'GET /api/services/recent': server(thirty) });
    renderApp(routes, { url: '/services' });
    expect(await screen.findAllByTestId('service-card')).toHaveLength(12);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(within(screen.getByRole('group', { name: 'Sort services' })).getByRole('button', { name: 'Status' }));
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ sort: 'status,asc' }));
    await user.click(screen.getAllByTestId('service-row')[0]);
    const panel = await screen.findByRole('region', { name: 'Service Details' });
    expect(within(panel).getByText(/^Notes of \d+$/)).toBeInTheDocument();
    await act(async () => undefined);
  });
});
