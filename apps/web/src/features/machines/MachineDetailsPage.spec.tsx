import { jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '../../app/routes';
import { setReaderFormats } from '../../lib/format';
import { json, mockFetch, pending, renderApp, signIn } from '../../test/harness';

const user = userEvent.setup({ delay: null });

const machine = {
  id: 4,
  name: 'Blue F-150',
  year: 2019,
  make: 'Ford',
  model: 'F-150',
  submodel: null,
  vin: '1FTEW1E4',
  serialNumber: null as string | null,
  color: null,
  description: null,
  status: 'Good',
  type: 'Pickup',
  purchasedDate: '2020-04-02',
  lastServicedDate: null,
  miles: 42000,
  hours: null,
  license: 'ABC-123',
  licenseExpirationDate: null,
  isPermanentLicense: true,
  insuranceProvider: null,
  policyNumber: null,
  insuranceExpirationDate: null,
  profilePhoto: null,
  lastUpdated: '2026-05-01T10:00:00Z',
};

const fuel = Array.from({ length: 10 }, (_, i) => ({
  id: i + 1,
  machineId: 4,
  amount: 10 + i,
  pricePerUnit: 3.5,
  totalPrice: (10 + i) * 3.5,
  dateOfPurchase: `2026-01-${String(i + 10).padStart(2, '0')}T12:00:00Z`,
  dateCreated: '2026-01-01T00:00:00Z',
  notes: null,
  storeName: 'Fuel Stop',
  storeCity: null,
  storeState: null,
  currentHours: null,
  currentMileage: null,
  lastMileage: null,
  mpg: null,
}));

/** One page of a history list as the gateway answers `?page=&size=` (the tabs load pages). */
const page = <T,>(content: T[], number = 0, totalElements = content.length) => ({
  content,
  totalPages: Math.max(1, Math.ceil(totalElements / 50)),
  totalElements,
  number,
  size: 50,
});

const base = () => ({
  'GET /api/machines/': json(machine),
  'GET /api/machines/4/gallery': json([]),
  'GET /api/fuel-records/machine/4': json(page([])),
  'GET /api/services/machine/4': json(page([])),
  'GET /api/purchases/getrecentForMachine/4': json(page([])),
});

beforeEach(() => {
  localStorage.clear();
  signIn();
  (globalThis as { __WIDE__?: boolean }).__WIDE__ = true;
});

describe('MachineDetailsPage', () => {
  it('shows the loading text', async () => {
    mockFetch({ ...base(), 'GET /api/machines/': pending });
    renderApp(routes, { url: '/machines/4' });
    expect(await screen.findByText('Loading machine details...')).toBeInTheDocument();
  });

  it('shows the error text when the machine cannot be loaded', async () => {
    mockFetch({ ...base(), 'GET /api/machines/': json({ statusCode: 500 }, 500) });
    renderApp(routes, { url: '/machines/4' });
    expect(await screen.findByText('Failed to load machine details')).toBeInTheDocument();
  });

  it('shows the basic info, the stock image and n/a for empty values', async () => {
    const { calls } = mockFetch(base());
    renderApp(routes, { url: '/machines/4' });
    expect(await screen.findByRole('heading', { name: 'Blue F-150' })).toBeInTheDocument();
    expect(screen.getByText('2019 Ford F-150')).toBeInTheDocument();
    expect(screen.getByTestId('profile-photo')).toHaveAttribute('alt', 'No photo yet');
    // No profile photo id: no request for it.
    expect(calls.some((c) => c.url.endsWith('/profile-photo'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Expand details' }));
    const panel = screen.getByTestId('basic-info');
    expect(within(panel).getByText('Permanent')).toBeInTheDocument();
    expect(within(panel).getByText('ABC-123')).toBeInTheDocument();
    expect(within(panel).getAllByText('n/a').length).toBeGreaterThan(3);
    expect(within(panel).getByText('42,000')).toBeInTheDocument();
  });

  it('sends the picked status at once and restores the previous one when that fails', async () => {
    const { calls } = mockFetch({ ...base(), 'PUT /api/machines/update': json({ statusCode: 500 }, 500) });
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp(routes, { url: '/machines/4' });
    const status = await screen.findByLabelText('Machine status');
    expect(status).toHaveValue('Good');
    await user.clear(status);
    await user.type(status, 'Under Repair{Enter}');
    expect(await screen.findByText('Failed to update machine status')).toBeInTheDocument();
    expect(status).toHaveValue('Good');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ id: 4, status: 'Under Repair' });
    error.mockRestore();
  });

  it('edits and saves the whole machine, dates at 13:00 local time', async () => {
    const { calls } = mockFetch({ ...base(), 'PUT /api/machines/update': (req) => json({ ...machine, ...(req.body as object), purchasedDate: '2021-06-15' }) });
    renderApp(routes, { url: '/machines/4' });
    await user.click(await screen.findByRole('button', { name: 'Edit machine' }));
    const panel = screen.getByTestId('basic-info');
    const name = within(panel).getByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'Red F-150');
    const purchase = within(panel).getByLabelText('Purchase Date');
    await user.clear(purchase);
    await user.type(purchase, '2021-06-15');
    expect(within(panel).getByLabelText('License Expiration Date')).toBeDisabled();
    expect(within(panel).getByText('Not required for permanent license plates')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));
    await screen.findByRole('heading', { name: 'Red F-150' });
    const body = calls.find((c) => c.method === 'PUT')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ id: 4, name: 'Red F-150', year: 2019, make: 'Ford', isPermanentLicense: true, licenseExpirationDate: null });
    expect(new Date(String(body.purchasedDate)).getHours()).toBe(13);
  });

  it("shows and takes dates in the member's date format, shown and in the inputs (issue 38)", async () => {
    setReaderFormats({ currency: 'USD', dateFormat: 'DD.MM.YYYY' });
    try {
      const { calls } = mockFetch({ ...base(), 'PUT /api/machines/update': (req) => json({ ...machine, ...(req.body as object) }) });
      renderApp(routes, { url: '/machines/4' });
      await user.click(await screen.findByRole('button', { name: 'Expand details' }));
      const panel = screen.getByTestId('basic-info');
      expect(within(panel).getByText('02.04.2020')).toBeInTheDocument();
      expect(within(panel).queryByText('2020-04-02')).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Edit machine' }));
      const purchase = within(screen.getByTestId('basic-info')).getByLabelText('Purchase Date');
      expect(purchase).toHaveValue('02.04.2020');
      await user.clear(purchase);
      await user.type(purchase, '15.06.2021');
      await user.keyboard('{Escape}');
      await user.click(within(screen.getByTestId('basic-info')).getByRole('button', { name: 'Save Changes' }));
      await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
      const body = calls.find((c) => c.method === 'PUT')?.body as Record<string, unknown>;
      const saved = new Date(String(body.purchasedDate));
      expect([saved.getFullYear(), saved.getMonth() + 1, saved.getDate(), saved.getHours()]).toEqual([2021, 6, 15, 13]);
    } finally {
      setReaderFormats({ currency: 'USD', dateFormat: 'YYYY-MM-DD' });
    }
  });

  it('keeps the edits and shows the error text when saving fails', async () => {
    mockFetch({ ...base(), 'PUT /api/machines/update': json({ statusCode: 500 }, 500) });
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp(routes, { url: '/machines/4' });
    await user.click(await screen.findByRole('button', { name: 'Edit machine' }));
    const name = within(screen.getByTestId('basic-info')).getByLabelText(/^Name/);
    await user.type(name, ' XL');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update machine details')).toBeInTheDocument();
    expect(name).toHaveValue('Blue F-150 XL');
    error.mockRestore();
  });

  it('refuses negative miles with a message instead of saving them as 0', async () => {
    const { calls } = mockFetch(base());
    renderApp(routes, { url: '/machines/4' });
    await user.click(await screen.findByRole('button', { name: 'Edit machine' }));
    const miles = within(screen.getByTestId('basic-info')).getByLabelText('Miles');
    await user.clear(miles);
    await user.type(miles, '-5');
    await user.tab();
    expect(miles).toHaveValue('-5');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Miles must be 0 or more')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it("shows the server's field message under the field it names, with the edits kept", async () => {
    mockFetch({
      ...base(),
      'PUT /api/machines/update': json(
        {
          statusCode: 400,
          code: 'VALIDATION',
          message: 'VIN must be at most 32 characters',
          correlationId: 'c',
          errors: [{ field: 'vin', message: 'VIN must be at most 32 characters' }],
        },
        400,
      ),
    });
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp(routes, { url: '/machines/4' });
    await user.click(await screen.findByRole('button', { name: 'Edit machine' }));
    const panel = screen.getByTestId('basic-info');
    expect(within(panel).getByLabelText(/^Name/)).toHaveAttribute('maxlength', '120');
    expect(within(panel).getByLabelText('VIN')).toHaveAttribute('maxlength', '32');
    await user.type(within(panel).getByLabelText('VIN'), '9');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update machine details')).toBeInTheDocument();
    expect(within(panel).getByLabelText('VIN')).toHaveAccessibleDescription('VIN must be at most 32 characters');
    expect(within(panel).getByLabelText('VIN')).toHaveValue('1FTEW1E49');
    error.mockRestore();
  });

  it('shows the serial number beside the VIN, and saves one typed in the form, trimmed', async () => {
    const { calls } = mockFetch({ ...base(), 'PUT /api/machines/update': (req) => json({ ...machine, ...(req.body as object) }) });
    renderApp(routes, { url: '/machines/4' });
    await user.click(await screen.findByRole('button', { name: 'Edit machine' }));
    const panel = screen.getByTestId('basic-info');
    const serial = within(panel).getByLabelText('Serial number');
    expect(serial).toHaveAttribute('maxlength', '32');
    expect(serial).toHaveValue('');
    await user.type(serial, ' CAT0320DKBZX01234 ');
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));
    // Saved, the panel reads again: the serial number beside the VIN.
    expect(await within(panel).findByText('CAT0320DKBZX01234')).toBeInTheDocument();
    expect(within(panel).getByText('Serial number')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ id: 4, vin: '1FTEW1E4', serialNumber: 'CAT0320DKBZX01234' });
  });

  it('cancels editing when the expanded panel is collapsed', async () => {
    mockFetch(base());
    renderApp(routes, { url: '/machines/4' });
    await user.click(await screen.findByRole('button', { name: 'Edit machine' }));
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Collapse details' }));
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
  });

  it('asks before deleting and says so when the delete fails', async () => {
    const { calls } = mockFetch({ ...base(), 'DELETE /api/machines/4': json({ statusCode: 500 }, 500) });
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp(routes, { url: '/machines/4' });
    await user.click(await screen.findByRole('button', { name: 'Delete machine' }));
    expect(await screen.findByText('Are you sure you want to delete this machine? This action cannot be undone.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Delete machine' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText('Failed to delete machine')).toBeInTheDocument();
    error.mockRestore();
  });

  it('deletes after confirmation and returns to the list', async () => {
    mockFetch({ ...base(), 'DELETE /api/machines/4': new Response(null, { status: 204 }), 'GET /api/machines/all': json([]) });
    const { router } = renderApp(routes, { url: '/machines/4' });
    await user.click(await screen.findByRole('button', { name: 'Delete machine' }));
    await screen.findByText(/Are you sure you want to delete this machine/);
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/machines'));
  });

  it('never shows the deleted machine in the cached list while it reloads', async () => {
    let listCalls = 0;
    mockFetch({
      ...base(),
      'DELETE /api/machines/4': new Response(null, { status: 204 }),
      // The first list load answers; the reload after the delete stays pending.
      'GET /api/machines/all': () =>
        ++listCalls === 1
          ? json([
              { id: 4, name: 'Blue F-150', type: null, status: 'Good', lastUpdated: '2026-05-01T10:00:00Z' },
              { id: 5, name: 'Kubota', type: null, status: 'Good', lastUpdated: '2026-05-01T10:00:00Z' },
            ])
          : new Promise<Response>(() => undefined),
    });
    const { router } = renderApp(routes, { url: '/machines' });
    await user.click(await screen.findByRole('link', { name: 'Blue F-150' }));
    await user.click(await screen.findByRole('button', { name: 'Delete machine' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/machines'));
    expect(await screen.findByRole('link', { name: 'Kubota' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Blue F-150' })).not.toBeInTheDocument();
  });

  describe('delete dialog (issue 18)', () => {
    it('says how many records, photos and documents a delete takes, counted by the server', async () => {
      const { calls } = mockFetch({
        ...base(),
        'GET /api/machines/4/history-counts': json({ serviceRecords: 3, fuelRecords: 1, purchases: 2, photos: 4, documents: 1 }),
      });
      renderApp(routes, { url: '/machines/4' });
      await user.click(await screen.findByRole('button', { name: 'Delete machine' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete Blue F-150?' });
      expect(within(dialog).getByText('Are you sure you want to delete this machine? This action cannot be undone.')).toBeInTheDocument();
      expect(
        await within(dialog).findByText('Deleting it also deletes its 3 service records, 1 fuel record, 2 part purchases, 4 photos and 1 document.'),
      ).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Archive instead' })).toBeInTheDocument();
      expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    });

    it('says when there is nothing to lose', async () => {
      mockFetch({ ...base(), 'GET /api/machines/4/history-counts': json({ serviceRecords: 0, fuelRecords: 0, purchases: 0, photos: 0, documents: 0 }) });
      renderApp(routes, { url: '/machines/4' });
      await user.click(await screen.findByRole('button', { name: 'Delete machine' }));
      expect(await screen.findByText('It has no service, fuel or purchase records, no photos and no documents.')).toBeInTheDocument();
    });

    it('says what goes with it when the count fails', async () => {
      mockFetch({ ...base(), 'GET /api/machines/4/history-counts': json({ statusCode: 503 }, 503) });
      renderApp(routes, { url: '/machines/4' });
      await user.click(await screen.findByRole('button', { name: 'Delete machine' }));
      expect(await screen.findByText('Its service, fuel and purchase records, photos and documents are deleted with it.')).toBeInTheDocument();
    });

    it('archives instead of deleting: the machine stays, says it is archived, and can be restored', async () => {
      let archived = false;
      const { calls } = mockFetch({
        ...base(),
        'GET /api/machines/': () => json({ ...machine, archived }),
        'GET /api/machines/4/history-counts': json({ serviceRecords: 1, fuelRecords: 0, purchases: 0, photos: 0, documents: 0 }),
        'PUT /api/machines/update': (req) => {
          archived = (req.body as { archived: boolean }).archived;
          return json({ ...machine, archived });
        },
      });
      renderApp(routes, { url: '/machines/4' });
      await user.click(await screen.findByRole('button', { name: 'Delete machine' }));
      await user.click(await screen.findByRole('button', { name: 'Archive instead' }));

      expect(await screen.findByText('This machine is archived: it is out of your lists and pickers, and its history is kept.')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ id: 4, archived: true });
      expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

      await user.click(screen.getByRole('button', { name: 'Restore Blue F-150' }));
      await waitFor(() => expect(screen.queryByTestId('archived-banner')).not.toBeInTheDocument());
      expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
        { id: 4, archived: true },
        { id: 4, archived: false },
      ]);
    });
  });

  describe('archive (issue 38)', () => {
    it('archives from its own action, without going through Delete, and asks first', async () => {
      let archived = false;
      const { calls } = mockFetch({
        ...base(),
        'GET /api/machines/': () => json({ ...machine, archived }),
        'PUT /api/machines/update': (req) => {
          archived = (req.body as { archived: boolean }).archived;
          return json({ ...machine, archived });
        },
      });
      renderApp(routes, { url: '/machines/4' });
      await user.click(await screen.findByRole('button', { name: 'Archive machine' }));
      const dialog = await screen.findByRole('dialog', { name: 'Archive Blue F-150?' });
      expect(within(dialog).getByText(/its records, photos and documents are kept/)).toBeInTheDocument();
      expect(calls.some((c) => c.method === 'PUT')).toBe(false);

      await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
      expect(await screen.findByTestId('archived-banner')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ id: 4, archived: true }]);
      expect(calls.some((c) => c.url.includes('history-counts') || c.method === 'DELETE')).toBe(false);
      // An archived machine offers Restore (in the banner), not Archive again.
      expect(screen.queryByRole('button', { name: 'Archive machine' })).not.toBeInTheDocument();
    });

    it('says so when the archive fails, and keeps the dialog open', async () => {
      mockFetch({ ...base(), 'PUT /api/machines/update': json({ statusCode: 500 }, 500) });
      renderApp(routes, { url: '/machines/4' });
      await user.click(await screen.findByRole('button', { name: 'Archive machine' }));
      const dialog = await screen.findByRole('dialog', { name: 'Archive Blue F-150?' });
      await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to archive machine');
    });
  });

  describe('history tabs', () => {
    it('shows the loading and error texts of each tab', async () => {
      mockFetch({
        ...base(),
        'GET /api/fuel-records/machine/4': pending,
        'GET /api/services/machine/4': json({ statusCode: 500 }, 500),
        'GET /api/purchases/getrecentForMachine/4': pending,
      });
      renderApp(routes, { url: '/machines/4' });
      expect(await screen.findByText('Loading fuel records...')).toBeInTheDocument();
      await user.click(screen.getByRole('tab', { name: 'Services' }));
      expect(await screen.findByText('Failed to load service records')).toBeInTheDocument();
      await user.click(screen.getByRole('tab', { name: 'Parts History' }));
      expect(await screen.findByText('Loading purchases...')).toBeInTheDocument();
    });

    it('shows the empty state and the fuel and purchase errors', async () => {
      mockFetch({
        ...base(),
        'GET /api/fuel-records/machine/4': json({ statusCode: 500 }, 500),
        'GET /api/purchases/getrecentForMachine/4': json({ statusCode: 500 }, 500),
      });
      renderApp(routes, { url: '/machines/4?tab=service' });
      expect(await screen.findByText('No service records yet')).toBeInTheDocument();
      await user.click(screen.getByRole('tab', { name: 'Fuel History' }));
      expect(await screen.findByText('Failed to load fuel records')).toBeInTheDocument();
      await user.click(screen.getByRole('tab', { name: 'Parts History' }));
      expect(await screen.findByText('Failed to load purchases')).toBeInTheDocument();
    });

    it('pages fuel by 8, newest first, and flips the sort on the same column', async () => {
      mockFetch({ ...base(), 'GET /api/fuel-records/machine/4': json(page(fuel)) });
      renderApp(routes, { url: '/machines/4' });
      await screen.findByText('Page 1 of 2');
      const dates = () =>
        screen
          .getAllByRole('row')
          .slice(1)
          .map((r) => within(r).getAllByRole('cell')[0].textContent);
      expect(dates()).toHaveLength(8);
      expect(dates()[0]).toBe('2026-01-19');
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
      expect(dates()).toEqual(['2026-01-11', '2026-01-10']);
      await user.click(screen.getByRole('button', { name: 'Date' }));
      expect(dates()[0]).toBe('2026-01-18');
      await user.click(screen.getByRole('button', { name: /Cost/ }));
      expect(screen.getAllByRole('columnheader')[4]).toHaveAttribute('aria-sort', 'descending');
    });

    it('marks a partial fill and a fill after a missed one in the fuel history (issue 22)', async () => {
      const flagged = [
        { ...fuel[0], id: 1, fullTank: false, missedPrevious: false },
        { ...fuel[1], id: 2, fullTank: true, missedPrevious: true },
        { ...fuel[2], id: 3, fullTank: true, missedPrevious: false },
      ];
      mockFetch({ ...base(), 'GET /api/fuel-records/machine/4': json(page(flagged)) });
      renderApp(routes, { url: '/machines/4' });
      const amounts = async () => (await screen.findAllByRole('row')).slice(1).map((r) => within(r).getAllByRole('cell')[1].textContent);
      await screen.findByText('Partial');
      expect(await amounts()).toEqual(['12', '11After missed', '10Partial']);
    });

    it("shows each fill's odometer and fuel economy, and says how economy is counted (issue 38)", async () => {
      const fills = [
        { ...fuel[0], id: 1, currentMileage: 47000, mpg: null, fullTank: true },
        { ...fuel[1], id: 2, currentMileage: 47150, mpg: null, fullTank: false },
        { ...fuel[2], id: 3, currentMileage: 47300, mpg: 21.6, fullTank: true },
        { ...fuel[3], id: 4, currentMileage: null, mpg: null, fullTank: true },
      ];
      mockFetch({ ...base(), 'GET /api/fuel-records/machine/4': json(page(fills)) });
      renderApp(routes, { url: '/machines/4' });
      await screen.findByText('47,300');
      const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
      expect(headers).toEqual(['Date', 'Amount (gal)', 'Odometer (mi)', 'Economy (MPG)', 'Cost ($)']);
      const cells = screen
        .getAllByRole('row')
        .slice(1)
        .map((r) =>
          within(r)
            .getAllByRole('cell')
            .slice(2, 4)
            .map((c) => c.textContent),
        );
      expect(cells).toEqual([
        ['n/a', 'n/a'],
        ['47,300', '21.6'],
        ['47,150', 'n/a'],
        ['47,000', 'n/a'],
      ]);
      expect(screen.getByText(/Economy is per full fill: the distance since the previous full fill over the fuel added since/)).toBeInTheDocument();
    });

    it('puts the odometer under the date and the economy under the amount on a phone, so the cost stays in view', async () => {
      (globalThis as { __WIDE__?: boolean }).__WIDE__ = false;
      mockFetch({ ...base(), 'GET /api/fuel-records/machine/4': json(page([{ ...fuel[0], id: 3, currentMileage: 47300, mpg: 21.6 }])) });
      renderApp(routes, { url: '/machines/4' });
      await screen.findByText('21.6 MPG');
      expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Date', 'Amount (gal)', 'Cost ($)']);
      const cells = within(screen.getAllByRole('row')[1]).getAllByRole('cell');
      expect(cells[0]).toHaveTextContent('2026-01-10Odometer 47,300 mi');
      expect(cells[1]).toHaveTextContent('10Economy 21.6 MPG');
    });

    it('loads older fuel records a page at a time with Load more, until all are shown', async () => {
      const many = Array.from({ length: 60 }, (_, i) => ({ ...fuel[0], id: 100 + i, dateOfPurchase: new Date(Date.UTC(2025, 0, 60 - i, 12)).toISOString() }));
      const { calls } = mockFetch({
        ...base(),
        'GET /api/fuel-records/machine/4': ({ url }) => {
          const n = Number(new URL(url, 'http://x').searchParams.get('page'));
          return json(page(many.slice(n * 50, n * 50 + 50), n, many.length));
        },
      });
      renderApp(routes, { url: '/machines/4' });
      expect(await screen.findByText('Showing 50 of 60')).toBeInTheDocument();
      expect(screen.getByText('Page 1 of 7')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Load more' }));

      expect(await screen.findByText('Page 1 of 8')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
      expect(calls.filter((c) => c.url.startsWith('/api/fuel-records/machine/4')).map((c) => c.url)).toEqual([
        '/api/fuel-records/machine/4?page=0&size=50',
        '/api/fuel-records/machine/4?page=1&size=50',
      ]);
    });

    it('filters parts by name from page 1, previews a row read-only and greys the list', async () => {
      const purchases = Array.from({ length: 12 }, (_, i) => ({
        id: i + 1,
        partName: i % 2 ? `Oil filter ${i}` : `Brake pad ${i}`,
        partNumber: null,
        partDescription: null,
        partUrl: null,
        quantity: 1,
        price: 9.5,
        storeName: 'Parts Co',
        storeCity: null,
        storeState: null,
        storeAddress: null,
        partStatus: 'Purchased',
        purchaseDate: `2026-02-${String(i + 10).padStart(2, '0')}T12:00:00Z`,
        createDate: '2026-02-01T00:00:00Z',
        machineId: 4,
        partId: null,
        userId: 1,
        storeId: null,
      }));
      mockFetch({ ...base(), 'GET /api/purchases/getrecentForMachine/4': json(page(purchases)), 'GET /api/purchases/12': json(purchases[11]) });
      const { router } = renderApp(routes, { url: '/machines/4?tab=parts' });
      await screen.findByText('Page 1 of 2');
      await user.click(screen.getByRole('button', { name: 'Next' }));
      await user.type(screen.getByPlaceholderText('Filter by part name'), 'oil');
      expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
      await user.click(screen.getByText('Oil filter 11'));
      const preview = screen.getByTestId('record-preview');
      // The purchase form in fastView: its title, the record's values, every field disabled.
      expect(await within(preview).findByText('Part Details')).toBeInTheDocument();
      expect(within(preview).getByDisplayValue('Oil filter 11')).toBeDisabled();
      expect(screen.getByRole('table', { hidden: true }).closest('[aria-hidden="true"]')).not.toBeNull();
      await user.click(within(preview).getByRole('link', { name: 'Full Details' }));
      await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/part-purchase/12?mode=full'));
    });

    it('shows a purchase line total (quantity x price) with the unit price', async () => {
      const purchase = {
        id: 7,
        partName: 'HF-6673',
        partNumber: null,
        partDescription: null,
        partUrl: null,
        quantity: 5,
        price: 41.5,
        storeName: null,
        storeCity: null,
        storeState: null,
        storeAddress: null,
        partStatus: 'Purchased',
        purchaseDate: '2026-02-10',
        createDate: '2026-02-01T00:00:00Z',
        machineId: 4,
        partId: null,
        userId: 1,
        storeId: null,
      };
      mockFetch({ ...base(), 'GET /api/purchases/getrecentForMachine/4': json({ content: [purchase] }) });
      renderApp(routes, { url: '/machines/4?tab=parts' });
      const row = (await screen.findByText('HF-6673')).closest('tr')!;
      expect(within(row).getAllByRole('cell')[3]).toHaveTextContent('207.50 (41.50 each)');
    });

    it.each([
      ['fuel', 'Fuel History', '/fuel-record?machineId=4&mode=full'],
      ['service', 'Services', '/service-record?machineId=4&mode=full'],
      ['parts', 'Parts History', '/part-purchase?machineId=4&mode=full'],
    ])('opens the %s form from Add New', async (tab, label, target) => {
      mockFetch(base());
      const { router } = renderApp(routes, { url: `/machines/4?tab=${tab}` });
      expect(await screen.findByRole('tab', { name: label })).toHaveAttribute('aria-selected', 'true');
      await user.click(await screen.findByRole('button', { name: 'Add New' }));
      await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(target));
    });
  });
});
