import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import type { Schedule } from '@wrenchlog/contracts';
import { ScheduleLimits } from '@wrenchlog/contracts/limits';
import { routes } from '../../app/routes';
import { json, mockFetch, renderApp, signIn } from '../../test/harness';
import { SchedulesTab } from './SchedulesTab';
import { aMeter, aSchedule } from './schedule.fixture';

const user = userEvent.setup({ delay: null });

const meters = [aMeter({ id: 10, kind: 'distance', unit: 'km' }), aMeter({ id: 11 })];
const template = {
  key: 'oil',
  title: 'Engine oil and filter',
  serviceType: 'Maintenance',
  intervalDays: null,
  intervalMonths: 12,
  intervalDistance: null,
  intervalHours: 250,
  recurring: true,
  anchor: 'completion',
};

beforeEach(() => {
  localStorage.clear();
  signIn();
  (globalThis as { __WIDE__?: boolean }).__WIDE__ = true;
});

describe('SchedulesTab', () => {
  it('lists schedules most urgent first with status, reason, next due and forecast', async () => {
    mockFetch({
      'GET /api/machines/7/meters': json(meters),
      'GET /api/schedule-templates': json([]),
      'GET /api/machines/7/schedules': json([
        aSchedule({ id: 1, title: 'Grease', status: 'upcoming', reason: 'Due in 40 days', forecastDate: null }),
        aSchedule({
          id: 2,
          title: 'Hydraulic fluid',
          status: 'overdue',
          reason: 'Overdue by 340 km',
          intervalMonths: null,
          intervalHours: null,
          intervalDistance: 5000,
          nextDueDate: null,
          nextDueDistance: 9000,
          nextDueHours: null,
          forecastDate: '2026-01-01',
          distanceUnit: 'km',
        }),
        aSchedule({ id: 3, title: 'Insurance expires', origin: 'insurance', status: 'due_soon', reason: 'Due in 12 days' }),
      ]),
    });
    renderApp(<SchedulesTab machineId={7} machineType="Tractor" />);
    const items = await screen.findAllByTestId('schedule-item');
    expect(items.map((i) => i.getAttribute('aria-label'))).toEqual(['Hydraulic fluid', 'Insurance expires', 'Grease']);
    expect(within(items[0]).getByText('Overdue')).toBeInTheDocument();
    expect(within(items[0]).getByText('Overdue by 340 km')).toBeInTheDocument();
    expect(await within(items[0]).findByText(/Every 5,000 km · Next due: 9,000 km · Forecast: 2026-01-01/)).toBeInTheDocument();
    expect(within(items[1]).getByText('Due soon')).toBeInTheDocument();
    // The machine's own dates are changed on the machine, not here.
    expect(within(items[1]).queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
    expect(within(items[2]).getByText(/Forecast: not enough readings/)).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    mockFetch({ 'GET /api/machines/7/meters': json(meters), 'GET /api/schedule-templates': json([]), 'GET /api/machines/7/schedules': json([]) });
    renderApp(<SchedulesTab machineId={7} />);
    expect(await screen.findByText('No schedules yet')).toBeInTheDocument();
    expect(screen.queryByText(/most urgent schedules/)).not.toBeInTheDocument();
  });

  it('says when the list is at the bound the call answers', async () => {
    const many = Array.from({ length: ScheduleLimits.machineList }, (_, i) => aSchedule({ id: i + 1, title: `Check ${i + 1}` }));
    mockFetch({ 'GET /api/machines/7/meters': json(meters), 'GET /api/schedule-templates': json([]), 'GET /api/machines/7/schedules': json(many) });
    renderApp(<SchedulesTab machineId={7} />);
    expect(await screen.findByText('Showing the 500 most urgent schedules')).toBeInTheDocument();
  }, 30_000);

  it('says when the schedules cannot be loaded', async () => {
    mockFetch({
      'GET /api/machines/7/meters': json(meters),
      'GET /api/schedule-templates': json([]),
      'GET /api/machines/7/schedules': json({ statusCode: 503, code: 'UNAVAILABLE', message: 'x', correlationId: 'c' }, 503),
    });
    renderApp(<SchedulesTab machineId={7} />);
    expect(await screen.findByText('Failed to load schedules')).toBeInTheDocument();
  });

  it('adds a template for the machine type after asking when it was last done, then edits it', async () => {
    let list: Schedule[] = [];
    const { calls } = mockFetch({
      'GET /api/machines/7/meters': json(meters),
      'GET /api/schedule-templates': json([template]),
      'GET /api/machines/7/schedules': () => json(list),
      'POST /api/machines/7/schedules': (req) => {
        list = [aSchedule({ id: 5, ...(req.body as object) })];
        return json(list[0], 201);
      },
      'PUT /api/schedules/5': (req) => {
        list = [aSchedule({ id: 5, ...(req.body as object) })];
        return json(list[0]);
      },
    });
    renderApp(<SchedulesTab machineId={7} machineType="Farm tractor" />);
    await user.click(await screen.findByRole('button', { name: 'Add from template' }));
    await user.click(await screen.findByRole('menuitem', { name: /Engine oil and filter/ }));
    // Issue 38: it asks when the service was last done (today and the current reading filled in) before adding.
    const asked = await screen.findByRole('dialog', { name: 'Add Engine oil and filter' });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(within(asked).getByLabelText('Last done on')).toHaveValue(dayjs().format('YYYY-MM-DD'));
    expect(within(asked).getByLabelText('Last done at (h)')).toHaveValue('1130');
    // The template counts months and hours: no distance to ask for.
    expect(within(asked).queryByLabelText(/Last done at \(km\)/)).not.toBeInTheDocument();
    await user.clear(within(asked).getByLabelText('Last done on'));
    await user.type(within(asked).getByLabelText('Last done on'), '2026-01-15');
    await user.clear(within(asked).getByLabelText('Last done at (h)'));
    await user.type(within(asked).getByLabelText('Last done at (h)'), '1000');
    await user.click(within(asked).getByRole('button', { name: 'Add schedule' }));
    expect(await screen.findByRole('listitem', { name: 'Engine oil and filter' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.url.startsWith('/api/schedule-templates'))!.url).toBe('/api/schedule-templates?type=Farm%20tractor');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      title: 'Engine oil and filter',
      serviceType: 'Maintenance',
      intervalDays: null,
      intervalMonths: 12,
      intervalDistance: null,
      intervalHours: 250,
      recurring: true,
      anchor: 'completion',
      lastDoneDate: '2026-01-15',
      lastDoneDistance: null,
      lastDoneHours: 1000,
    });

    await user.click(screen.getByRole('button', { name: 'Edit Engine oil and filter' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Engine hours (h)')).toHaveValue('250');
    await user.clear(within(dialog).getByLabelText('Engine hours (h)'));
    await user.type(within(dialog).getByLabelText('Engine hours (h)'), '200');
    await user.click(within(dialog).getByRole('radio', { name: /fixed grid/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save schedule' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ intervalHours: 200, intervalMonths: 12, anchor: 'fixed' });
  });

  it('opens the whole schedule form from a template with More settings, keeping the last done values', async () => {
    const { calls } = mockFetch({
      'GET /api/machines/7/meters': json(meters),
      'GET /api/schedule-templates': json([{ ...template, intervalDistance: 8000 }]),
      'GET /api/machines/7/schedules': json([]),
      'POST /api/machines/7/schedules': (req) => json(aSchedule({ id: 5, ...(req.body as object) }), 201),
    });
    renderApp(<SchedulesTab machineId={7} />);
    await user.click(await screen.findByRole('button', { name: 'Add from template' }));
    await user.click(await screen.findByRole('menuitem', { name: /Engine oil and filter/ }));
    const asked = await screen.findByRole('dialog', { name: 'Add Engine oil and filter' });
    expect(within(asked).getByLabelText('Last done at (km)')).toHaveValue('1130');
    await user.clear(within(asked).getByLabelText('Last done at (km)'));
    await user.type(within(asked).getByLabelText('Last done at (km)'), '900');
    await user.click(within(asked).getByRole('button', { name: 'More settings' }));
    const full = await screen.findByRole('dialog', { name: 'New schedule' });
    expect(within(full).getByLabelText(/Title/)).toHaveValue('Engine oil and filter');
    expect(within(full).getByLabelText('At (km)')).toHaveValue('900');
    await user.click(within(full).getByRole('button', { name: 'Add schedule' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ intervalDistance: 8000, lastDoneDistance: 900, lastDoneHours: 1130 }),
    );
  });

  it('shows the server field messages under the fields and keeps what was typed', async () => {
    mockFetch({
      'GET /api/machines/7/meters': json(meters),
      'GET /api/schedule-templates': json([]),
      'GET /api/machines/7/schedules': json([]),
      'POST /api/machines/7/schedules': json(
        {
          statusCode: 400,
          code: 'VALIDATION',
          message: 'Invalid',
          correlationId: 'c',
          errors: [{ field: 'soonDistance', message: 'Due-soon window must not be larger than the interval' }],
        },
        400,
      ),
    });
    renderApp(<SchedulesTab machineId={7} />);
    await user.click(await screen.findByRole('button', { name: 'New schedule' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Add schedule' }));
    expect(within(dialog).getByText('Title is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Set at least one interval: days, months, distance or hours')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Title/), 'Tires');
    await user.type(within(dialog).getByLabelText('Distance (km)'), '10000');
    await user.type(within(dialog).getByLabelText('km before'), '900');
    await user.click(within(dialog).getByRole('button', { name: 'Add schedule' }));
    expect(await within(dialog).findByText('Due-soon window must not be larger than the interval')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Title/)).toHaveValue('Tires');
  });

  it('asks before deleting a schedule', async () => {
    let list = [aSchedule({ id: 5, title: 'Grease' })];
    const { calls } = mockFetch({
      'GET /api/machines/7/meters': json(meters),
      'GET /api/schedule-templates': json([]),
      'GET /api/machines/7/schedules': () => json(list),
      'DELETE /api/schedules/5': () => {
        list = [];
        return new Response(null, { status: 204 });
      },
    });
    renderApp(<SchedulesTab machineId={7} />);
    await user.click(await screen.findByRole('button', { name: 'Delete Grease' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No schedules yet')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('opens from the machine page with ?tab=schedules', async () => {
    mockFetch({
      'GET /api/machines/': json({ id: 7, name: 'Kubota', type: 'Tractor' }),
      'GET /api/machines/7/meters': json(meters),
      'GET /api/machines/7/profile-photo': json(null),
      'GET /api/schedule-templates': json([]),
      'GET /api/machines/7/schedules': json([aSchedule({ id: 5, title: 'Grease' })]),
    });
    renderApp(routes, { url: '/machines/7?tab=schedules' });
    expect(await screen.findByRole('listitem', { name: 'Grease' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Schedules' })).toHaveAttribute('aria-selected', 'true');
  });
});
