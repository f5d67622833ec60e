import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Meter } from '@wrenchlog/contracts';
import { json, mockFetch, renderApp, signIn } from '../../test/harness';
import { MetersTab } from './MetersTab';
import { aMeter } from './schedule.fixture';

const user = userEvent.setup({ delay: null });

const odometer = aMeter({
  id: 10,
  kind: 'distance',
  unit: 'mi',
  label: 'Odometer',
  currentValue: 48210,
  ratePerDay: null,
  manualRatePerDay: null,
  rolloverValue: 1_000_000,
});
const hourMeter = aMeter({ id: 11, kind: 'hours', unit: 'h', label: 'Engine hours', rolloverValue: 10000 });
const noReadings = json({ content: [], totalPages: 1, totalElements: 0, number: 0, size: 20 });

beforeEach(() => {
  localStorage.clear();
  signIn();
  (globalThis as { __WIDE__?: boolean }).__WIDE__ = true;
});

async function openEdit(title: string) {
  await user.click(await screen.findByRole('button', { name: `More for ${title}` }));
  await user.click(await screen.findByRole('menuitem', { name: 'Edit meter' }));
  return screen.findByRole('dialog', { name: `Edit meter: ${title}` });
}

describe('EditMeterDialog', () => {
  it('switches a distance meter to km with the keyboard, saves it and reads the meters again in km', async () => {
    let meters: Meter[] = [odometer, hourMeter];
    const { calls } = mockFetch({
      'GET /api/machines/7/meters': () => json(meters),
      'GET /api/meters/10/readings': noReadings,
      'GET /api/meters/11/readings': noReadings,
      'PUT /api/meters/10': (req) => {
        const body = req.body as Partial<Meter>;
        meters = [{ ...odometer, ...body }, hourMeter];
        return json(meters[0]);
      },
    });
    renderApp(<MetersTab machineId={7} />);
    expect(await screen.findByText('48,210 mi')).toBeInTheDocument();
    const dialog = await openEdit('Odometer');
    // The label has the focus; the rest is reached with Tab and saved with Enter.
    await waitFor(() => expect(within(dialog).getByLabelText(/Label/)).toHaveFocus());
    await user.tab();
    expect(within(dialog).getByLabelText('Unit')).toHaveFocus();
    await user.selectOptions(within(dialog).getByLabelText('Unit'), 'km');
    expect(within(dialog).getByLabelText(/Manual rate \(km a day\)/)).toBeInTheDocument();
    await user.tab();
    await user.keyboard('40{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ label: 'Odometer', unit: 'km', manualRatePerDay: 40, rolloverValue: 1_000_000 });
    expect(await screen.findByText('48,210 km')).toBeInTheDocument();
  });

  it("shows the server's field message under its field and keeps the dialog open", async () => {
    mockFetch({
      'GET /api/machines/7/meters': json([odometer]),
      'GET /api/meters/10/readings': noReadings,
      'PUT /api/meters/10': json(
        {
          statusCode: 400,
          code: 'VALIDATION_FAILED',
          message: 'Manual rate must be a number, 0 or more',
          correlationId: 'c',
          errors: [{ field: 'meter.manualRatePerDay', message: 'Manual rate must be a number, 0 or more' }],
        },
        400,
      ),
    });
    renderApp(<MetersTab machineId={7} />);
    const dialog = await openEdit('Odometer');
    await user.type(within(dialog).getByLabelText(/Manual rate/), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Save meter' }));
    const rate = within(dialog).getByLabelText(/Manual rate/);
    await waitFor(() => expect(rate).toHaveAccessibleDescription(expect.stringContaining('Manual rate must be a number, 0 or more')));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('checks the values before sending: an empty label, a negative rate, a rollover with decimals on a distance meter', async () => {
    const { calls } = mockFetch({ 'GET /api/machines/7/meters': json([odometer]), 'GET /api/meters/10/readings': noReadings });
    renderApp(<MetersTab machineId={7} />);
    const dialog = await openEdit('Odometer');
    await user.clear(within(dialog).getByLabelText(/Label/));
    await user.type(within(dialog).getByLabelText(/Manual rate/), '-3');
    await user.clear(within(dialog).getByLabelText(/Rolls over at/));
    await user.type(within(dialog).getByLabelText(/Rolls over at/), '99999.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save meter' }));
    expect(within(dialog).getByText('Label must be 1 to 60 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Manual rate must be a number, 0 or more')).toBeInTheDocument();
    expect(within(dialog).getByText('Distance readings must be whole numbers')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('keeps an hours meter in h and sends no unit; full screen at 390 px', async () => {
    (globalThis as { __WIDE__?: boolean }).__WIDE__ = false;
    const { calls } = mockFetch({
      'GET /api/machines/7/meters': json([hourMeter]),
      'GET /api/meters/11/readings': noReadings,
      'PUT /api/meters/11': json({ ...hourMeter, rolloverValue: 100000 }),
    });
    renderApp(<MetersTab machineId={7} />);
    const dialog = await openEdit('Engine hours');
    expect(dialog.closest('[data-full-screen]')).not.toBeNull();
    expect(within(dialog).queryByLabelText('Unit')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Unit: engine hours (h)')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/Rolls over at \(h\)/));
    await user.type(within(dialog).getByLabelText(/Rolls over at \(h\)/), '100000');
    await user.click(within(dialog).getByRole('button', { name: 'Save meter' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ label: 'Engine hours', manualRatePerDay: null, rolloverValue: 100000 });
  });
});
