import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '../../app/routes';
import { json, mockFetch, renderApp, signIn } from '../../test/harness';
import { aSchedule } from './schedule.fixture';

const user = userEvent.setup({ delay: null });

const page = (content: unknown[], totalElements = content.length, number = 0, totalPages = 1) => json({ content, totalPages, totalElements, number, size: 20 });
const machines = [
  { id: 7, name: 'Kubota', type: 'Tractor', status: 'Good', lastUpdated: '2026-01-01T00:00:00Z', lastServicedDate: null },
  { id: 8, name: 'F-150', type: 'Pickup', status: 'Good', lastUpdated: '2026-01-01T00:00:00Z', lastServicedDate: null },
];

beforeEach(() => {
  localStorage.clear();
  signIn();
  (globalThis as { __WIDE__?: boolean }).__WIDE__ = true;
});

describe('DuePage', () => {
  it("lists every machine's schedules with a link to the machine, and filters by status and type through the URL", async () => {
    const { calls } = mockFetch({
      'GET /api/machines/all': json(machines),
      'GET /api/schedules': (req) =>
        req.url.includes('machineType=Tractor')
          ? page([aSchedule({ id: 1, title: 'Grease', status: 'overdue', reason: 'Overdue by 12 h' })])
          : page([
              aSchedule({ id: 1, title: 'Grease', status: 'overdue', reason: 'Overdue by 12 h' }),
              aSchedule({ id: 2, machineId: 8, machineName: 'F-150', machineType: 'Pickup', title: 'Tires', status: 'due_soon', reason: 'Due in 12 days' }),
            ]),
    });
    const { router } = renderApp(routes, { url: '/due?status=overdue,due_soon' });
    const items = await screen.findAllByTestId('schedule-item');
    expect(items.map((i) => i.getAttribute('aria-label'))).toEqual(['Grease', 'Tires']);
    expect(within(items[1]).getByRole('link', { name: 'F-150 · Pickup' })).toHaveAttribute('href', '/machines/8?tab=schedules');
    expect(calls.find((c) => c.url.startsWith('/api/schedules'))!.url).toBe('/api/schedules?page=0&size=20&status=overdue%2Cdue_soon');
    expect(screen.getByRole('checkbox', { name: 'Upcoming' })).not.toBeChecked();

    await user.selectOptions(screen.getByLabelText('Machine type'), 'Tractor');
    await waitFor(() => expect(screen.getAllByTestId('schedule-item')).toHaveLength(1));
    expect(router.state.location.search).toBe('?status=overdue%2Cdue_soon&type=Tractor');
    await user.click(screen.getByRole('checkbox', { name: 'Upcoming' }));
    expect(router.state.location.search).toBe('?type=Tractor');
    expect(calls.at(-1)!.url).toBe('/api/schedules?page=0&size=20&machineType=Tractor');
  });

  it('groups the forecast dates by month (in pages of 100) and says which have none', async () => {
    const { calls } = mockFetch({
      'GET /api/machines/all': json(machines),
      'GET /api/schedules': page([
        aSchedule({ id: 1, title: 'Grease', forecastDate: '2026-04-20' }),
        aSchedule({ id: 2, title: 'Tires', forecastDate: null, nextDueDate: null }),
      ]),
    });
    renderApp(routes, { url: '/due?view=month' });
    const april = await screen.findByRole('region', { name: 'April 2026' });
    expect(calls.find((c) => c.url.startsWith('/api/schedules'))!.url).toBe('/api/schedules?page=0&size=100');
    expect(within(april).getByText('Grease')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Not enough readings' })).getByText('Tires')).toBeInTheDocument();
  });

  it("shows each schedule's distances in its own machine's unit", async () => {
    const byDistance = {
      intervalMonths: null,
      intervalHours: null,
      intervalDistance: 5000,
      nextDueDate: null,
      nextDueHours: null,
      reasonDimension: 'distance' as const,
      forecastDate: null,
    };
    mockFetch({
      'GET /api/machines/all': json(machines),
      'GET /api/schedules': page([
        aSchedule({ ...byDistance, id: 1, title: 'Oil', status: 'overdue', reason: 'Overdue by 340 km', nextDueDistance: 9000, distanceUnit: 'km' }),
        aSchedule({ ...byDistance, id: 2, machineId: 8, title: 'Tires', reason: '4,000 mi left', nextDueDistance: 45000, distanceUnit: 'mi' }),
      ]),
    });
    renderApp(routes, { url: '/due' });
    const items = await screen.findAllByTestId('schedule-item');
    expect(within(items[0]).getByText('Overdue by 340 km')).toBeInTheDocument();
    expect(within(items[0]).getByText('Every 5,000 km · Next due: 9,000 km · Forecast: not enough readings')).toBeInTheDocument();
    expect(within(items[1]).getByText('Every 5,000 mi · Next due: 45,000 mi · Forecast: not enough readings')).toBeInTheDocument();
  });

  it("offers Log service on each item the user can complete, opening the machine's service record form with that schedule ticked (issue 38)", async () => {
    const tires = aSchedule({ id: 2, machineId: 8, machineName: 'F-150', machineType: 'Pickup', title: 'Tires', serviceType: 'Repair', status: 'upcoming' });
    const { calls } = mockFetch({
      'GET /api/machines/all': json(machines),
      'GET /api/schedules': page([
        aSchedule({ id: 1, title: 'Grease', status: 'overdue' }),
        tires,
        aSchedule({ id: 3, machineId: 8, origin: 'license', title: 'License plate expires', status: 'due_soon' }),
      ]),
      'GET /api/machines/8/schedules': json([tires]),
      'POST /api/services/fastCreate': ({ body }) => json({ ...(body as object), id: 90, machineName: 'F-150', dateCreated: '2026-03-01T00:00:00Z' }, 201),
      'GET /api/services/90': json({ id: 90, title: 'Tires', machineId: 8, machineName: 'F-150', status: 'Complete', serviceDate: '2026-03-01' }),
      'GET /api/services/90/images': json([]),
    });
    const { router } = renderApp(routes, { url: '/due' });
    const items = await screen.findAllByTestId('schedule-item');
    // A license date is not completed by a service record: no Log service there.
    expect(items.map((i) => within(i).queryByRole('link', { name: /^Log service/ }) !== null)).toEqual([true, true, false]);

    await user.click(within(items[1]).getByRole('link', { name: 'Log service: Tires, F-150' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/service-record'));
    expect(router.state.location.search).toBe('?machineId=8&mode=full&schedule=2');
    const list = await screen.findByRole('group', { name: 'Completes these schedules' });
    // Still upcoming, yet listed and ticked: the person came to log it.
    expect(await within(list).findByRole('checkbox', { name: /Tires/ })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Service Status' })).toHaveValue('Complete');
    await waitFor(() => expect(screen.getByLabelText(/^Title/)).toHaveValue('Tires'));
    expect(screen.getByRole('combobox', { name: 'Service Type' })).toHaveValue('Repair');

    await user.click(screen.getByRole('button', { name: 'Create Service Record' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ machineId: 8, title: 'Tires', status: 'Complete', completesScheduleIds: [2] }),
    );
  });

  it('loads more', async () => {
    mockFetch({
      'GET /api/machines/all': json(machines),
      'GET /api/schedules': (req) =>
        req.url.includes('page=1') ? page([aSchedule({ id: 2, title: 'Tires' })], 2, 1, 2) : page([aSchedule({ id: 1, title: 'Grease' })], 2, 0, 2),
    });
    renderApp(routes, { url: '/due' });
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Tires')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says when nothing matches', async () => {
    mockFetch({ 'GET /api/machines/all': json(machines), 'GET /api/schedules': page([]) });
    renderApp(routes, { url: '/due' });
    expect(await screen.findByText('Nothing here')).toBeInTheDocument();
  });

  it('says when the list cannot be loaded', async () => {
    mockFetch({
      'GET /api/machines/all': json(machines),
      'GET /api/schedules': json({ statusCode: 500, code: 'INTERNAL', message: 'x', correlationId: 'c' }, 500),
    });
    renderApp(routes, { url: '/due' });
    expect(await screen.findByText('Failed to load schedules')).toBeInTheDocument();
  });
});

describe('DueSummary on the dashboard', () => {
  it('shows the Overdue and Due soon counts, each linking to the Due page filtered to it', async () => {
    mockFetch({
      'GET /api/machines/recentlyserviced': json([]),
      'GET /api/schedules': (req) =>
        req.url.includes('status=overdue') ? page([aSchedule({ status: 'overdue' })], 3) : page([aSchedule({ status: 'due_soon' })], 5),
    });
    renderApp(routes, { url: '/dashboard' });
    expect(await screen.findByRole('link', { name: 'Overdue: 3' })).toHaveAttribute('href', '/due?status=overdue');
    expect(screen.getByRole('link', { name: 'Due soon: 5' })).toHaveAttribute('href', '/due?status=due_soon');
  });

  it('says when the counts cannot be loaded', async () => {
    mockFetch({
      'GET /api/machines/recentlyserviced': json([]),
      'GET /api/schedules': json({ statusCode: 503, code: 'UNAVAILABLE', message: 'x', correlationId: 'c' }, 503),
    });
    renderApp(routes, { url: '/dashboard' });
    expect(await screen.findByText('Failed to load due schedules')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry loading due schedules' })).toBeInTheDocument();
  });
});
