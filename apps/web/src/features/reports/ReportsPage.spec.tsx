import { jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '../../app/routes';
import { json, mockFetch, renderApp, signIn } from '../../test/harness';
import type { CostReport, FleetReport } from './api';

const user = userEvent.setup({ delay: null });

const machines = [
  { id: 3, name: 'Blue F-150', type: 'Pickup', status: 'Good', lastUpdated: '2026-03-01T10:00:00Z', lastServicedDate: null },
  { id: 4, name: 'Atlas crane', type: 'Crane', status: 'Good', lastUpdated: '2026-03-01T10:00:00Z', lastServicedDate: null },
];

const costs: CostReport = {
  months: [
    { month: '2026-01', fuel: 60, service: 100, parts: 0, total: 160 },
    { month: '2026-03', fuel: 40.5, service: 0, parts: 25, total: 65.5 },
  ],
  totals: { fuel: 100.5, service: 100, parts: 25, total: 225.5 },
  usage: { distance: 0, hours: null, distanceUnit: 'mi' },
  costPerDistance: null,
  costPerHour: null,
  covers: { distance: ['Blue F-150'], hours: [] },
};

const fleet: FleetReport = {
  rows: [
    {
      machineId: 3,
      machineName: 'Blue F-150',
      fuel: 100.5,
      service: 0,
      parts: 25,
      total: 125.5,
      distance: 500,
      distanceUnit: 'mi',
      hours: null,
      costPerDistance: 0.251,
      costPerHour: null,
      fuelEconomy: 21.3,
      economyUnit: 'mpg',
    },
    {
      machineId: 4,
      machineName: 'Atlas crane',
      fuel: 0,
      service: 100,
      parts: 0,
      total: 100,
      distance: null,
      distanceUnit: 'mi',
      hours: 40,
      costPerDistance: null,
      costPerHour: 2.5,
      fuelEconomy: null,
      economyUnit: null,
    },
  ],
  totals: {
    fuel: 100.5,
    service: 100,
    parts: 25,
    total: 225.5,
    distance: 500,
    distanceUnit: 'mi',
    hours: 40,
    costPerDistance: 0.251,
    costPerHour: 2.5,
    fuelEconomy: null,
    covers: { distance: ['Blue F-150'], hours: ['Atlas crane'] },
  },
};

const fieldError = (field: string, message: string) =>
  json({ statusCode: 400, code: 'VALIDATION', message: 'Validation failed', correlationId: 'c', errors: [{ field, message }] }, 400);

beforeEach(() => {
  // recharts measures its container, which jsdom does not lay out.
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  localStorage.clear();
  signIn();
  (globalThis as { __WIDE__?: boolean }).__WIDE__ = true;
});

afterEach(() => jest.restoreAllMocks());

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => Array.from(r.querySelectorAll('th,td')).map((c) => c.textContent));

describe('ReportsPage', () => {
  it('shows totals per category, n/a for a cost per unit that cannot be computed, and the months of the period', async () => {
    const { calls } = mockFetch({
      'GET /api/machines/all': json(machines),
      'GET /api/reports/costs': json(costs),
      'GET /api/reports/fleet': json(fleet),
      'GET /api/reports/fuel-economy': json([{ date: '2026-03-02', fuelRecordId: 9, economy: 21.3, unit: 'mpg' }]),
    });
    renderApp(routes, { url: '/reports?period=custom&from=2026-01-01&to=2026-04-30' });
    const totals = await screen.findByRole('region', { name: 'Totals' });
    expect(within(totals).getByRole('group', { name: 'Total' })).toHaveTextContent('$225.50');
    expect(within(totals).getByRole('group', { name: 'Fuel' })).toHaveTextContent('$100.50');
    // Usage 0 and usage unknown alike: n/a, never infinity or $0.00.
    expect(within(totals).getByRole('group', { name: 'Cost per mile' })).toHaveTextContent('n/aUsage 0 mi over Blue F-150');
    expect(within(totals).getByRole('group', { name: 'Cost per engine hour' })).toHaveTextContent('n/aUsage n/a');
    const months = screen.getByRole('table', { name: 'Cost by month' });
    expect(rowsOf(months).map((r) => r[0])).toEqual(['Jan 2026', 'Feb 2026', 'Mar 2026', 'Apr 2026', 'Total']);
    expect(rowsOf(months)[1]).toEqual(['Feb 2026', '$0.00', '$0.00', '$0.00', '$0.00']);
    expect(calls.find((c) => c.url.startsWith('/api/reports/costs'))?.url).toBe('/api/reports/costs?from=2026-01-01&to=2026-04-30');
    expect(await screen.findByText(/1 full fill; latest 21.3 MPG/)).toBeInTheDocument();
  });

  it("asks for this year in the account's time zone: in Auckland on 1 January, the new year", async () => {
    // Only the clock is fake: 11:30 UTC on 31 December 2025 is 00:30 on 1 January 2026 in Auckland.
    jest.useFakeTimers({
      now: new Date('2025-12-31T11:30:00Z'),
      doNotFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate', 'nextTick', 'queueMicrotask'],
    });
    try {
      const { calls } = mockFetch({
        'GET /api/notifications/preferences': json({
          digestTime: '07:00',
          timeZone: 'Pacific/Auckland',
          kinds: { maintenance: [], lowStock: [], weeklyReport: [] },
        }),
        'GET /api/machines/all': json(machines),
        'GET /api/reports/costs': json(costs),
        'GET /api/reports/fleet': json(fleet),
        'GET /api/reports/fuel-economy': json([]),
      });
      renderApp(routes, { url: '/reports' });
      await screen.findByRole('table', { name: 'Fleet' });
      // Asked once, after the zone was known (never first with the device's year).
      expect(calls.filter((c) => c.url.startsWith('/api/reports/costs')).map((c) => c.url)).toEqual(['/api/reports/costs?from=2026-01-01&to=2026-01-01']);
      await user.click(screen.getByRole('radio', { name: 'Last 12 months' }));
      await waitFor(() => expect(calls.some((c) => c.url === '/api/reports/fleet?from=2025-02-01&to=2026-01-01')).toBe(true));
    } finally {
      jest.useRealTimers();
    }
  });

  it("labels every distance with its unit and the totals' cost per mile and per hour with the machines they cover", async () => {
    // Issues 36 and 38: a truck in miles, a loader in km, a crane in hours; the server adds the
    // loader's km in miles and divides each figure by the costs of the machines that have it.
    const loader = {
      ...fleet.rows[0]!,
      machineId: 5,
      machineName: 'Loader',
      total: 50,
      fuel: 50,
      parts: 0,
      distance: 1000,
      distanceUnit: 'km' as const,
      costPerDistance: 0.05,
    };
    const totals = {
      ...fleet.totals,
      total: 275.5,
      distance: 1121.4,
      costPerDistance: 0.16,
      covers: { distance: ['Blue F-150', 'Loader'], hours: ['Atlas crane'] },
    };
    mockFetch({
      'GET /api/machines/all': json(machines),
      'GET /api/reports/costs': json({
        ...costs,
        usage: { distance: 1121.4, hours: 40, distanceUnit: 'mi' },
        costPerDistance: 0.16,
        costPerHour: 2.5,
        covers: totals.covers,
      }),
      'GET /api/reports/fleet': json({ rows: [...fleet.rows, loader], totals }),
      'GET /api/reports/fuel-economy': json([]),
    });
    renderApp(routes, { url: '/reports?period=last12' });
    const cards = await screen.findByRole('region', { name: 'Totals' });
    expect(within(cards).getByRole('group', { name: 'Cost per mile' })).toHaveTextContent('$0.16 / miUsage 1,121.4 mi over Blue F-150, Loader');
    expect(within(cards).getByRole('group', { name: 'Cost per engine hour' })).toHaveTextContent('$2.50 / hUsage 40 h over Atlas crane');
    expect(screen.queryByText(/mi\/km/)).not.toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Fleet' });
    const byName = Object.fromEntries(rowsOf(table).map((r) => [r[0], r]));
    expect(byName['Blue F-150']!.slice(5, 8)).toEqual(['500 mi', 'n/a', '$0.25 / mi']);
    expect(byName['Loader']!.slice(5, 8)).toEqual(['1,000 km', 'n/a', '$0.05 / km']);
    expect(byName['Total (3)']!.slice(5, 9)).toEqual(['1,121.4 mi', '40', '$0.16 / mi', '$2.50 / h']);
  });

  it('sorts the fleet table by any column and its totals row is the sum of its rows', async () => {
    mockFetch({
      'GET /api/machines/all': json(machines),
      'GET /api/reports/costs': json(costs),
      'GET /api/reports/fleet': json(fleet),
      'GET /api/reports/fuel-economy': json([]),
    });
    renderApp(routes, { url: '/reports?period=last12' });
    const table = await screen.findByRole('table', { name: 'Fleet' });
    // Largest total first.
    expect(rowsOf(table).map((r) => r[0])).toEqual(['Blue F-150', 'Atlas crane', 'Total (2)']);
    expect(rowsOf(table)[2].slice(0, 7)).toEqual(['Total (2)', '$100.50', '$100.00', '$25.00', '$225.50', '500 mi', '40']);
    expect(rowsOf(table)[1][8]).toBe('$2.50');
    await user.click(within(table).getByRole('button', { name: 'Machine' }));
    expect(rowsOf(table).map((r) => r[0])).toEqual(['Atlas crane', 'Blue F-150', 'Total (2)']);
    await user.click(within(table).getByRole('button', { name: 'Cost / h' }));
    // n/a stays last.
    expect(rowsOf(table).map((r) => r[0])).toEqual(['Atlas crane', 'Blue F-150', 'Total (2)']);
    expect(within(table).getByRole('columnheader', { name: 'Cost / h' })).toHaveAttribute('aria-sort', 'descending');
  });

  it('lists the part purchases that name no machine as their own row, without a link, inside the totals', async () => {
    const unassigned = {
      machineId: null,
      machineName: 'Unassigned',
      fuel: 0,
      service: 0,
      parts: 12.5,
      total: 12.5,
      distance: null,
      distanceUnit: null,
      hours: null,
      costPerDistance: null,
      costPerHour: null,
      fuelEconomy: null,
      economyUnit: null,
    };
    mockFetch({
      'GET /api/machines/all': json(machines),
      'GET /api/reports/costs': json(costs),
      'GET /api/reports/fleet': json({ rows: [...fleet.rows, unassigned], totals: { ...fleet.totals, parts: 37.5, total: 238 } }),
      'GET /api/reports/fuel-economy': json([]),
    });
    renderApp(routes, { url: '/reports' });
    const table = await screen.findByRole('table', { name: 'Fleet' });
    expect(rowsOf(table).map((r) => r[0])).toEqual(['Blue F-150', 'Atlas crane', 'Unassigned', 'Total (3)']);
    expect(within(table).queryByRole('link', { name: 'Unassigned' })).not.toBeInTheDocument();
    expect(rowsOf(table)[3][3]).toBe('$37.50');
  });

  it("shows the server's field message for a period that ends before it starts", async () => {
    mockFetch({
      'GET /api/machines/all': json(machines),
      'GET /api/reports/costs': fieldError('to', 'to must be on or after from'),
      'GET /api/reports/fleet': fieldError('to', 'to must be on or after from'),
    });
    renderApp(routes, { url: '/reports?period=custom&from=2026-05-01&to=2026-01-01' });
    // The costs and the fleet table each say why they cannot be made.
    const alerts = await screen.findAllByRole('alert');
    expect(alerts[0]).toHaveTextContent('to must be on or after from');
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription(/to must be on or after from/);
  });

  it('says when the period has no costs', async () => {
    mockFetch({
      'GET /api/machines/all': json(machines),
      'GET /api/reports/costs': json({
        months: [],
        totals: { fuel: 0, service: 0, parts: 0, total: 0 },
        usage: { distance: null, hours: null, distanceUnit: 'mi' },
        costPerDistance: null,
        costPerHour: null,
        covers: { distance: [], hours: [] },
      }),
      'GET /api/reports/fleet': json({
        rows: [],
        totals: {
          fuel: 0,
          service: 0,
          parts: 0,
          total: 0,
          distance: null,
          distanceUnit: 'mi',
          hours: null,
          costPerDistance: null,
          costPerHour: null,
          fuelEconomy: null,
          covers: { distance: [], hours: [] },
        },
      }),
    });
    renderApp(routes, { url: '/reports' });
    expect(await screen.findByText('No costs in this period')).toBeInTheDocument();
    expect(await screen.findByText('No machine matches these filters.')).toBeInTheDocument();
  });

  it('asks for one machine, and for a type, through the machine filter', async () => {
    const { calls } = mockFetch({
      'GET /api/machines/all': json(machines),
      'GET /api/reports/costs': json(costs),
      'GET /api/reports/fleet': json(fleet),
      'GET /api/reports/fuel-economy': json([]),
    });
    const { router } = renderApp(routes, { url: '/reports' });
    await screen.findByRole('table', { name: 'Fleet' });
    await user.selectOptions(screen.getByLabelText('Machines'), 'Crane');
    await waitFor(() => expect(calls.some((c) => /^\/api\/reports\/costs\?.*type=Crane/.test(c.url))).toBe(true));
    expect(calls.some((c) => /^\/api\/reports\/fleet\?.*type=Crane/.test(c.url))).toBe(true);
    await user.selectOptions(screen.getByLabelText('Machines'), 'Blue F-150');
    await waitFor(() => expect(calls.some((c) => /^\/api\/reports\/costs\?.*machineId=3/.test(c.url))).toBe(true));
    expect(router.state.location.search).toContain('scope=m%3A3');
    // The fleet table keeps the chosen machine's row.
    await waitFor(() => expect(rowsOf(screen.getByRole('table', { name: 'Fleet' })).map((r) => r[0])).toEqual(['Blue F-150', 'Total (1)']));
  });

  it('downloads the fleet CSV with the session token and says where it saved it', async () => {
    const created: Blob[] = [];
    Object.assign(URL, { createObjectURL: jest.fn((b: Blob) => (created.push(b), 'blob:x')), revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { calls } = mockFetch({
      'GET /api/machines/all': json(machines),
      'GET /api/reports/costs': json(costs),
      'GET /api/reports/fleet': json(fleet),
      'GET /api/reports/fuel-economy': json([]),
      'GET /api/reports/fleet.csv': new Response('machine,total\r\nBlue F-150,125.50\r\n', {
        headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="fleet.csv"' },
      }),
    });
    renderApp(routes, { url: '/reports?period=custom&from=2026-01-01&to=2026-04-30' });
    await screen.findByRole('table', { name: 'Fleet' });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('Saved fleet.csv')).toBeInTheDocument();
    const call = calls.find((c) => c.url.startsWith('/api/reports/fleet.csv'));
    expect(call?.url).toBe('/api/reports/fleet.csv?from=2026-01-01&to=2026-04-30');
    expect(call?.headers.get('authorization')).toBe('Bearer token-1');
    expect(created[0].size).toBe('machine,total\r\nBlue F-150,125.50\r\n'.length);
    expect(created[0].type).toBe('text/csv');
    expect(click).toHaveBeenCalled();
    click.mockRestore();
  });
});
