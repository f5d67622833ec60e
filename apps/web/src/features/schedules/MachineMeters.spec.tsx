import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MeterReading } from '@wrenchlog/contracts';
import { json, mockFetch, pending, renderApp, signIn } from '../../test/harness';
import { useUpdateMachine } from '../machines/machine-mutations';
import { MachineMeters } from './MachineMeters';
import { MetersTab } from './MetersTab';
import { aMeter } from './schedule.fixture';

const user = userEvent.setup({ delay: null });

const odometer = aMeter({ id: 10, kind: 'distance', unit: 'mi', currentValue: 48210, currentReadAt: '2025-01-05', stale: true });
const hourMeter = aMeter({ id: 11, kind: 'hours', unit: 'h', currentValue: 1130.5, currentReadAt: '2026-01-02', stale: false });

function aReading(over: Partial<MeterReading>): MeterReading {
  return {
    id: 1,
    createdBy: null,
    updatedBy: null,
    meterId: 11,
    machineId: 7,
    value: 1000,
    lifetimeValue: 1000,
    readAt: '2026-01-01',
    void: false,
    rollover: false,
    replacement: false,
    source: 'manual',
    sourceId: null,
    dateCreated: '2026-01-01T00:00:00Z',
    ...over,
  };
}

beforeEach(() => {
  localStorage.clear();
  signIn();
  (globalThis as { __WIDE__?: boolean }).__WIDE__ = true;
});

describe('MachineMeters', () => {
  it('shows each meter with its value, last reading date and a stale mark for an old one', async () => {
    mockFetch({ 'GET /api/machines/7/meters': json([odometer, hourMeter]) });
    renderApp(<MachineMeters machineId={7} />);
    const miles = await screen.findByTestId('meter-distance');
    expect(within(miles).getByText('48,210 mi')).toBeInTheDocument();
    expect(within(miles).getByText('Read 2025-01-05')).toBeInTheDocument();
    expect(within(miles).getByText('stale')).toBeInTheDocument();
    const hours = screen.getByTestId('meter-hours');
    expect(within(hours).getByText('1,130.5 h')).toBeInTheDocument();
    expect(within(hours).queryByText('stale')).not.toBeInTheDocument();
  });

  it('shows a loading state while the meters load', async () => {
    mockFetch({ 'GET /api/machines/7/meters': pending });
    renderApp(<MachineMeters machineId={7} />);
    expect(await screen.findByLabelText('Loading meters')).toBeInTheDocument();
  });

  it('says when the meters cannot be loaded', async () => {
    mockFetch({ 'GET /api/machines/7/meters': json({ statusCode: 500, code: 'INTERNAL', message: 'boom', correlationId: 'c' }, 500) });
    renderApp(<MachineMeters machineId={7} />);
    expect(await screen.findByText('Failed to load meters')).toBeInTheDocument();
  });

  it('adds a reading by hand and reads the meters again', async () => {
    let meters = [odometer, hourMeter];
    const { calls } = mockFetch({
      'GET /api/machines/7/meters': () => json(meters),
      'POST /api/meters/11/readings': (req) => {
        meters = [odometer, { ...hourMeter, currentValue: 1200, currentReadAt: '2026-02-01' }];
        return json(aReading({ id: 9, value: (req.body as { value: number }).value }), 201);
      },
    });
    renderApp(<MachineMeters machineId={7} />);
    await user.click(await screen.findByRole('button', { name: 'Add reading: Engine hours' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Value \(h\)/), '1200.25');
    await user.click(within(dialog).getByRole('button', { name: 'Save reading' }));
    expect(within(dialog).getByText('Hours readings must have at most 1 decimal')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText(/Value \(h\)/));
    await user.type(within(dialog).getByLabelText(/Value \(h\)/), '1200');
    await user.clear(within(dialog).getByLabelText(/Date/));
    await user.type(within(dialog).getByLabelText(/Date/), '2026-02-01');
    await user.click(within(dialog).getByRole('button', { name: 'Save reading' }));
    expect(await screen.findByText('1,200 h')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ value: 1200, readAt: '2026-02-01' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the neighbours of an out-of-sequence reading and saves it as void', async () => {
    const before = aReading({ id: 4, value: 1130.5, readAt: '2026-01-02' });
    const { calls } = mockFetch({
      'GET /api/machines/7/meters': json([hourMeter]),
      'POST /api/meters/11/readings': (req) =>
        (req.body as { void?: boolean }).void
          ? json(aReading({ id: 9, value: 1000, void: true }), 201)
          : json(
              {
                statusCode: 422,
                code: 'METER_OUT_OF_SEQUENCE',
                message: 'This reading is out of sequence with the readings around it',
                correlationId: 'c',
                neighbours: { before, after: null },
              },
              422,
            ),
    });
    renderApp(<MachineMeters machineId={7} />);
    await user.click(await screen.findByRole('button', { name: 'Add reading: Engine hours' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Value \(h\)/), '1000');
    await user.click(within(dialog).getByRole('button', { name: 'Save reading' }));
    expect(await within(dialog).findByText('This reading is out of sequence')).toBeInTheDocument();
    expect(within(dialog).getByText('Before: 1,130.5 h on 2026-01-02')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save as void' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => (c.body as { void?: boolean }).void)).toEqual([undefined, true]);
  });

  it('voids the offending old reading, then saves the new one', async () => {
    const before = aReading({ id: 4, value: 11305, readAt: '2026-01-02' });
    let voided = false;
    const { calls } = mockFetch({
      'GET /api/machines/7/meters': json([hourMeter]),
      'PUT /api/readings/4': () => {
        voided = true;
        return json({ ...before, void: true });
      },
      'POST /api/meters/11/readings': () =>
        voided
          ? json(aReading({ id: 9, value: 1135 }), 201)
          : json({ statusCode: 422, code: 'METER_OUT_OF_SEQUENCE', message: 'x', correlationId: 'c', neighbours: { before, after: null } }, 422),
    });
    renderApp(<MachineMeters machineId={7} />);
    await user.click(await screen.findByRole('button', { name: 'Add reading: Engine hours' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Value \(h\)/), '1135');
    await user.click(within(dialog).getByRole('button', { name: 'Save reading' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Void 11,305 h on 2026-01-02' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/meters/11/readings',
      'PUT /api/readings/4',
      'POST /api/meters/11/readings',
    ]);
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ void: true });
  });
});

/** The details page's meters beside a save of the machine's miles (useUpdateMachine). */
function WithMiles() {
  const update = useUpdateMachine();
  return (
    <>
      <button onClick={() => update.mutate({ id: 7, miles: 50000 })}>Save machine</button>
      <MachineMeters machineId={7} />
    </>
  );
}

describe('MachineMeters after a machine save', () => {
  it("reads the meters again when the machine's miles change (they become a manual reading)", async () => {
    let meters = [odometer];
    mockFetch({ 'GET /api/machines/7/meters': () => json(meters), 'PUT /api/machines/update': json({ id: 7, miles: 50000 }) });
    renderApp(<WithMiles />);
    expect(await screen.findByText('48,210 mi')).toBeInTheDocument();
    meters = [{ ...odometer, currentValue: 50000, currentReadAt: '2026-02-01', stale: false }];
    await user.click(screen.getByRole('button', { name: 'Save machine' }));
    expect(await screen.findByText('50,000 mi')).toBeInTheDocument();
  });
});

describe('MetersTab', () => {
  it('lists readings newest first with their source, loads more, and voids or unvoids one', async () => {
    const page0 = [
      aReading({ id: 3, value: 1130, readAt: '2026-01-02', source: 'fuel_record' }),
      aReading({ id: 2, value: 1100, readAt: '2025-12-01', source: 'service_record', void: true }),
    ];
    const page1 = [aReading({ id: 1, value: 1000, readAt: '2025-11-01', source: 'import' })];
    const { calls } = mockFetch({
      'GET /api/machines/7/meters': json([hourMeter]),
      'GET /api/meters/11/readings': (req) =>
        req.url.includes('page=1')
          ? json({ content: page1, totalPages: 2, totalElements: 3, number: 1, size: 20 })
          : json({ content: page0, totalPages: 2, totalElements: 3, number: 0, size: 20 }),
      'PUT /api/readings/3': json({ ...page0[0], void: true }),
      'PUT /api/readings/2': json({ ...page0[1], void: false }),
    });
    renderApp(<MetersTab machineId={7} />);
    const table = await screen.findByRole('table', { name: 'Engine hours readings' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(0, 3)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['2026-01-02', '1,130 h', 'Fuel record'],
      ['2025-12-01', '1,100 h', 'Service record'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('Import')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Void reading 1,130 h on 2026-01-02' }));
    await user.click(screen.getByRole('button', { name: 'Unvoid reading 1,100 h on 2025-12-01' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.url, c.body])).toEqual([
        ['/api/readings/3', { void: true }],
        ['/api/readings/2', { void: false }],
      ]),
    );
  });

  it('replaces a meter with a new start value', async () => {
    const { calls } = mockFetch({
      'GET /api/machines/7/meters': json([hourMeter]),
      'GET /api/meters/11/readings': json({ content: [], totalPages: 1, totalElements: 0, number: 0, size: 20 }),
      'POST /api/meters/11/replacement': json(aReading({ id: 20, value: 0, replacement: true }), 201),
    });
    renderApp(<MetersTab machineId={7} />);
    expect(await screen.findByText('No readings yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'More for Engine hours' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Replace meter' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/start value/), '0');
    await user.clear(within(dialog).getByLabelText(/Date/));
    await user.type(within(dialog).getByLabelText(/Date/), '2026-02-01');
    await user.click(within(dialog).getByRole('button', { name: 'Replace meter' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ newStartValue: 0, readAt: '2026-02-01' });
  });
});
