import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Schedule } from '@wrenchlog/contracts';
import { json, mockFetch, renderApp, signIn } from '../../test/harness';
import { ServiceRecordForm } from '../service-record/ServiceRecordForm';
import { aSchedule } from './schedule.fixture';

const user = userEvent.setup({ delay: null });

const record = {
  id: 50,
  title: 'Oil change',
  status: 'Done',
  machineName: 'Kubota',
  machineId: 7,
  serviceDate: '2026-03-14',
  serviceType: 'Maintenance',
  serviceShop: '',
  notes: '',
  price: 0,
  dateCreated: '2026-03-14T10:00:00Z',
  miles: null,
  hours: 1250,
};
const machines = [{ id: 7, name: 'Kubota', type: 'Tractor', status: 'Good', lastUpdated: '2026-03-01T00:00:00Z' }];

const due = (over: Partial<Schedule> = {}) => [
  aSchedule({ id: 1, title: 'Engine oil and filter', status: 'due_soon', reason: '20 h left' }),
  aSchedule({ id: 2, title: 'Annual inspection', status: 'overdue', reason: 'Overdue by 3 days' }),
  aSchedule({ id: 3, title: 'Grease', status: 'upcoming', reason: 'Due in 40 days', ...over }),
];

beforeEach(() => {
  localStorage.clear();
  signIn();
  (globalThis as { __WIDE__?: boolean }).__WIDE__ = true;
});

describe('ScheduleChecklist in the service record form', () => {
  it("offers the due and due-soon schedules of a new record's machine and sends the checked ones", async () => {
    const { calls } = mockFetch({
      'GET /api/machines/all': json(machines),
      'GET /api/machines/7/schedules': json(due()),
      'POST /api/services/fastCreate': ({ body }) => json({ ...record, ...(body as object), id: 77 }, 201),
    });
    renderApp(<ServiceRecordForm mode="fast" machineId={7} />);
    const list = await screen.findByRole('group', { name: 'Completes these schedules' });
    expect(
      within(list)
        .getAllByRole('checkbox')
        .map((c) => c.closest('.mantine-Checkbox-root')?.textContent),
    ).toEqual(['Annual inspectionOverdueOverdue by 3 days', 'Engine oil and filterDue soon20 h left']);
    await user.click(within(list).getByRole('checkbox', { name: /Engine oil and filter/ }));
    await user.type(screen.getByLabelText(/^Title/), 'Oil change');
    await user.click(screen.getByRole('button', { name: 'Create Service Record' }));
    expect(await screen.findByText('Service record created successfully!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ machineId: 7, title: 'Oil change', completesScheduleIds: [1] });
    // The next record starts with nothing checked.
    expect(within(screen.getByRole('group', { name: 'Completes these schedules' })).getByRole('checkbox', { name: /Engine oil and filter/ })).not.toBeChecked();
  });

  it('shows nothing when no schedule is due', async () => {
    const { fn } = mockFetch({
      'GET /api/machines/all': json(machines),
      'GET /api/machines/7/schedules': json([
        aSchedule({ status: 'upcoming' }),
        aSchedule({ id: 2, status: 'overdue', origin: 'license', title: 'License plate expires' }),
      ]),
    });
    renderApp(<ServiceRecordForm mode="fast" machineId={7} />);
    expect(await screen.findByRole('button', { name: 'Create Service Record' })).toBeInTheDocument();
    // The list has answered (upcoming only, and the machine's own license date, which a record cannot complete).
    await waitFor(() => expect(fn).toHaveBeenCalled());
    await Promise.all(fn.mock.results.map((r) => r.value));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Completes these schedules' })).not.toBeInTheDocument());
  });

  it("saves a change of an existing record's checklist at once, with what it already completes", async () => {
    const { calls } = mockFetch({
      'GET /api/machines/all': json(machines),
      'GET /api/services/50': json(record),
      'GET /api/services/50/images': json([]),
      'GET /api/machines/7/schedules': json(due({ status: 'upcoming', completedBy: [50] })),
      'PUT /api/services/50': ({ body }) => json({ ...record, ...(body as object) }),
    });
    renderApp(<ServiceRecordForm mode="full" recordId={50} />);
    const list = await screen.findByRole('group', { name: 'Completes these schedules' });
    expect(await within(list).findByRole('checkbox', { name: /Grease/ })).toBeChecked();
    await user.click(within(list).getByRole('checkbox', { name: /Annual inspection/ }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect((calls.find((c) => c.method === 'PUT')!.body as { completesScheduleIds: number[] }).completesScheduleIds.sort()).toEqual([2, 3]);
  });

  it('shows what a record completes read-only in the preview', async () => {
    mockFetch({
      'GET /api/services/50': json(record),
      'GET /api/services/50/images/count': json(0),
      'GET /api/machines/7/schedules': json(due({ status: 'upcoming', completedBy: [50] })),
    });
    renderApp(<ServiceRecordForm mode="fastView" recordId={50} machineId={7} />);
    const list = await screen.findByRole('group', { name: 'Completes these schedules' });
    const grease = await within(list).findByRole('checkbox', { name: /Grease/ });
    expect(grease).toBeChecked();
    expect(grease).toBeDisabled();
  });

  describe('status of a record that completes schedules (issue 38: it stayed "New")', () => {
    const putBodies = (calls: { method: string; body: unknown }[]) => calls.filter((c) => c.method === 'PUT').map((c) => c.body as Record<string, unknown>);

    it('turns a new record from New to Complete when a schedule is ticked, and sends it so', async () => {
      const { calls } = mockFetch({
        'GET /api/machines/all': json(machines),
        'GET /api/machines/7/schedules': json(due()),
        'POST /api/services/fastCreate': ({ body }) => json({ ...record, ...(body as object), id: 77 }, 201),
      });
      renderApp(<ServiceRecordForm mode="fast" machineId={7} />);
      const status = await screen.findByRole('combobox', { name: 'Service Status' });
      expect(status).toHaveValue('New');
      await user.click(await screen.findByRole('checkbox', { name: /Engine oil and filter/ }));
      expect(status).toHaveValue('Complete');
      await user.type(screen.getByLabelText(/^Title/), 'Oil change');
      await user.click(screen.getByRole('button', { name: 'Create Service Record' }));
      await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ status: 'Complete', completesScheduleIds: [1] }));
    });

    it("saves an existing New record's ticked schedule with the status Complete, and leaves a status the user chose", async () => {
      const { calls } = mockFetch({
        'GET /api/machines/all': json(machines),
        'GET /api/services/50': json({ ...record, status: 'New' }),
        'GET /api/services/50/images': json([]),
        'GET /api/machines/7/schedules': json(due()),
        'PUT /api/services/50': ({ body }) => json({ ...record, ...(body as object) }),
      });
      renderApp(<ServiceRecordForm mode="full" recordId={50} />);
      const list = await screen.findByRole('group', { name: 'Completes these schedules' });
      await user.click(within(list).getByRole('checkbox', { name: /Engine oil and filter/ }));
      await waitFor(() => expect(putBodies(calls)).toHaveLength(1));
      expect(putBodies(calls)[0]).toMatchObject({ status: 'Complete', completesScheduleIds: [1] });
      const status = screen.getByRole('combobox', { name: 'Service Status' });
      expect(status).toHaveValue('Complete');

      await user.click(status);
      await user.type(status, 'On Hold');
      await user.tab();
      await waitFor(() => expect(putBodies(calls)).toHaveLength(2));
      await user.click(within(list).getByRole('checkbox', { name: /Annual inspection/ }));
      await waitFor(() => expect(putBodies(calls)).toHaveLength(3));
      expect(putBodies(calls)[2]).toMatchObject({ status: 'On Hold' });
    });
  });
});
