import { jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderApp, signIn } from '../../test/harness';
import type { CostReport } from './api';
import { MachineReportsTab } from './MachineReportsTab';

const user = userEvent.setup({ delay: null });

const costs: CostReport = {
  months: [{ month: '2026-02', fuel: 40, service: 0, parts: 0, total: 40 }],
  totals: { fuel: 40, service: 0, parts: 0, total: 40 },
  usage: { distance: 200, hours: 0, distanceUnit: 'km' },
  costPerDistance: 0.2,
  costPerHour: null,
  covers: { distance: ['Loader'], hours: ['Loader'] },
};

const meters = [
  {
    id: 1,
    machineId: 5,
    kind: 'distance',
    unit: 'km',
    label: '',
    currentValue: 1200,
    currentReadAt: '2026-02-20',
    stale: false,
    ratePerDay: null,
    manualRatePerDay: null,
    rolloverValue: null,
  },
];

/** A response body the test feeds chunk by chunk. */
function controlledBody() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  return { stream, push: (n: number) => controller.enqueue(new Uint8Array(n)), close: () => controller.close() };
}

beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  localStorage.clear();
  signIn();
  (globalThis as { __WIDE__?: boolean }).__WIDE__ = true;
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:x'), revokeObjectURL: jest.fn() });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

const url = '/machines/5?tab=reports&period=custom&from=2026-01-01&to=2026-03-31';

describe('MachineReportsTab', () => {
  it("shows the machine's figures in its meter's unit: cost per km, n/a per hour with 0 hours", async () => {
    const { calls } = mockFetch({
      'GET /api/reports/costs': json(costs),
      'GET /api/machines/5/meters': json(meters),
      'GET /api/reports/fuel-economy': json([]),
    });
    renderApp(<MachineReportsTab machineId={5} machineName="Red Loader" />, { url, path: '/machines/:name' });
    const totals = await screen.findByRole('region', { name: 'Totals' });
    expect(await within(totals).findByRole('group', { name: 'Cost per kilometre' })).toHaveTextContent('$0.20 / km');
    expect(within(totals).getByRole('group', { name: 'Cost per engine hour' })).toHaveTextContent('n/a');
    expect(calls.find((c) => c.url.startsWith('/api/reports/costs'))?.url).toBe('/api/reports/costs?from=2026-01-01&to=2026-03-31&machineId=5');
    expect(await screen.findByText('No fuel economy in this period')).toBeInTheDocument();
  });

  it("gives the period's economy as the fleet table does, distance over fuel, and says so (issue 38: a mean of the fills differed)", async () => {
    mockFetch({
      'GET /api/reports/costs': json(costs),
      'GET /api/machines/5/meters': json(meters),
      // 100 mi on 5 gal (20.0) and 400 mi on 17.5 gal (22.9): a mean of 21.4, but 500 mi on 22.5 gal is 22.2.
      'GET /api/reports/fuel-economy': json([
        { date: '2026-02-01', fuelRecordId: 1, machineId: 5, economy: 20, unit: 'mpg', distance: 100, fuel: 5 },
        { date: '2026-02-20', fuelRecordId: 2, machineId: 5, economy: 22.9, unit: 'mpg', distance: 400, fuel: 17.5 },
      ]),
    });
    renderApp(<MachineReportsTab machineId={5} machineName="Red Loader" />, { url, path: '/machines/:name' });
    const economy = await screen.findByRole('region', { name: 'Fuel economy' });
    expect(
      await within(economy).findByText('2 full fills; latest 22.9 MPG, overall 22.2 MPG (the total distance over the total fuel, as in the fleet table).'),
    ).toBeInTheDocument();
    expect(within(economy).queryByText(/21\.4/)).not.toBeInTheDocument();
  });

  it('shows the PDF download progress from its bytes when the size is known, then saves it', async () => {
    const body = controlledBody();
    const { calls } = mockFetch({
      'GET /api/reports/costs': json(costs),
      'GET /api/machines/5/meters': json(meters),
      'GET /api/reports/fuel-economy': json([]),
      'GET /api/machines/5/history.pdf': () =>
        new Response(body.stream, {
          headers: { 'content-type': 'application/pdf', 'content-length': '1000', 'content-disposition': 'attachment; filename="Red-Loader-history.pdf"' },
        }),
    });
    renderApp(<MachineReportsTab machineId={5} machineName="Red Loader" />, { url, path: '/machines/:name' });
    await screen.findByRole('region', { name: 'Totals' });
    await user.click(screen.getByRole('radio', { name: 'With full-size photos' }));
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/machines/5/history.pdf'))).toBe(true));
    expect(calls.find((c) => c.url.startsWith('/api/machines/5/history.pdf'))?.url).toBe(
      '/api/machines/5/history.pdf?from=2026-01-01&to=2026-03-31&photos=full',
    );
    body.push(250);
    expect(await screen.findByText('25%')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeDisabled();
    body.push(750);
    body.close();
    expect(await screen.findByText('Saved Red-Loader-history.pdf')).toBeInTheDocument();
  });

  it('says "Preparing PDF..." while the size is unknown', async () => {
    const body = controlledBody();
    mockFetch({
      'GET /api/reports/costs': json(costs),
      'GET /api/machines/5/meters': json(meters),
      'GET /api/reports/fuel-economy': json([]),
      'GET /api/machines/5/history.pdf': () => new Response(body.stream, { headers: { 'content-type': 'application/pdf' } }),
    });
    renderApp(<MachineReportsTab machineId={5} machineName="Red Loader" />, { url, path: '/machines/:name' });
    await screen.findByRole('region', { name: 'Totals' });
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText('Preparing PDF...')).toBeInTheDocument();
    body.push(10);
    body.close();
    expect(await screen.findByText('Saved Red-Loader-history.pdf')).toBeInTheDocument();
  });

  it("says why a download was refused, in the server's words", async () => {
    mockFetch({
      'GET /api/reports/costs': json(costs),
      'GET /api/machines/5/meters': json(meters),
      'GET /api/reports/fuel-economy': json([]),
      'GET /api/machines/5/history.csv': json(
        {
          statusCode: 400,
          code: 'VALIDATION',
          message: 'The period must be at most 10 years',
          correlationId: 'c',
          errors: [{ field: 'to', message: 'The period must be at most 10 years' }],
        },
        400,
      ),
    });
    renderApp(<MachineReportsTab machineId={5} machineName="Red Loader" />, { url, path: '/machines/:name' });
    await screen.findByRole('region', { name: 'Totals' });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('The period must be at most 10 years')).toBeInTheDocument();
  });
});
