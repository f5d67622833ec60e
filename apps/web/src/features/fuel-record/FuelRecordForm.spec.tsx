import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '../../app/routes';
import { createAppServices } from '../../app/services';
import { json, mockFetch, pending, renderApp, signIn } from '../../test/harness';
import { aFuelRecord } from './fuel-record.fixture';

const user = userEvent.setup({ delay: null });

const machines = [
  { id: 3, name: 'Blue F-150', type: 'Pickup', status: 'Good', lastUpdated: '2026-03-01T10:00:00Z' },
  { id: 4, name: 'Atlas crane', type: 'Crane', status: 'Good', lastUpdated: '2026-03-01T10:00:00Z' },
];

const stored = aFuelRecord();

const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;

beforeEach(() => {
  localStorage.clear();
  signIn();
  (globalThis as { __WIDE__?: boolean }).__WIDE__ = true;
});

describe('FuelRecordForm', () => {
  it('calculates the total from amount and price per unit until a total is typed by hand', async () => {
    mockFetch({ 'GET /api/fuel-records/machine/3/latest': json(null) });
    renderApp(routes, { url: '/fuel-record?machineId=3&mode=full' });
    expect(await screen.findByRole('heading', { name: 'Create Fuel Record' })).toBeInTheDocument();
    await user.type(field('Amount (gal)'), '12.5');
    await user.type(field('Price per Unit'), '3.459');
    expect(field('Total Price')).toHaveValue(43.24);
    // Typed by hand: it stays when amount changes.
    await user.clear(field('Total Price'));
    await user.type(field('Total Price'), '40');
    await user.clear(field('Amount (gal)'));
    await user.type(field('Amount (gal)'), '20');
    expect(field('Total Price')).toHaveValue(40);
    expect(screen.getByText('Entered by hand; leave it empty to calculate')).toBeInTheDocument();
    // Left empty: calculated again.
    await user.clear(field('Total Price'));
    await user.tab();
    expect(field('Total Price')).toHaveValue(69.18);
  });

  it("prefills last mileage from the machine's latest record and shows MPG when it can be computed", async () => {
    mockFetch({ 'GET /api/fuel-records/machine/3/latest': json({ ...stored, currentMileage: 10000 }) });
    renderApp(routes, { url: '/fuel-record?machineId=3&mode=full' });
    await waitFor(() => expect(field('Last Mileage')).toHaveValue(10000));
    expect(screen.queryByLabelText('Average MPG')).not.toBeInTheDocument();
    await user.type(field('Amount (gal)'), '12');
    await user.type(field('Current Mileage'), '10333');
    expect(field('Average MPG')).toHaveValue('27.8');
    // Not computable when current is not above last.
    await user.clear(field('Current Mileage'));
    await user.type(field('Current Mileage'), '9000');
    expect(screen.queryByLabelText('Average MPG')).not.toBeInTheDocument();
  });

  it('sends the fill-up switches, full tank by default; a partial fill has no MPG of its own (issue 22)', async () => {
    const { calls } = mockFetch({
      'GET /api/fuel-records/machine/3/latest': json({ ...stored, currentMileage: 10000 }),
      'POST /api/fuel-records': json({ ...stored, id: 11, fullTank: false, missedPrevious: true }, 201),
      'GET /api/fuel-records/11': json({ ...stored, id: 11, fullTank: false, missedPrevious: true }),
    });
    renderApp(routes, { url: '/fuel-record?machineId=3&mode=full' });
    await waitFor(() => expect(field('Last Mileage')).toHaveValue(10000));
    expect(screen.getByRole('switch', { name: /Filled the tank/ })).toBeChecked();
    expect(screen.getByRole('switch', { name: /Missed the previous fill-up/ })).not.toBeChecked();
    await user.type(field('Amount (gal)'), '12');
    await user.type(field('Price per Unit'), '3');
    await user.type(field('Current Mileage'), '10333');
    expect(field('Average MPG')).toHaveValue('27.8');
    await user.click(screen.getByRole('switch', { name: /Filled the tank/ }));
    expect(screen.queryByLabelText('Average MPG')).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: /Missed the previous fill-up/ }));
    await user.click(screen.getByRole('button', { name: 'Save Fuel Record' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/fuel-records')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ fullTank: false, missedPrevious: true, amount: 12 });
  });

  it('shows messages after a field is touched, and every message on submit', async () => {
    mockFetch({ 'GET /api/machines/all': json(machines) });
    renderApp(routes, { url: '/fuel-record?mode=full' });
    await screen.findByRole('option', { name: 'Blue F-150' });
    await user.click(field('Amount (gal)'));
    await user.tab();
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    expect(screen.queryByText('Total Price is required')).not.toBeInTheDocument();
    await user.type(field('Amount (gal)'), '0.05');
    expect(screen.getByText('Value must be at least 0.1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Fuel Record' }));
    expect(screen.getByText('Machine is required')).toBeInTheDocument();
    expect(screen.getByText('Total Price is required')).toBeInTheDocument();
    expect(screen.getAllByText('This field is required')).toHaveLength(1);
  });

  it('creates a record in fast mode as bought now, with empty store fields and null mileage', async () => {
    const { calls } = mockFetch({
      'GET /api/machines/all': json(machines),
      'POST /api/fuel-records': ({ body }) => json({ ...stored, ...(body as object), id: 11 }, 201),
    });
    renderApp(routes, { url: '/fuel-record?mode=fast' });
    await screen.findByRole('option', { name: 'Atlas crane' });
    expect(screen.queryByLabelText('Date and Time of Purchase')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Store Name')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Machine' }), 'Atlas crane');
    await user.type(field('Amount (gal)'), '10');
    await user.type(field('Price per Unit'), '3.5');
    const before = Date.now();
    await user.click(screen.getByRole('button', { name: 'Save Fuel Record' }));
    expect(await screen.findByText('Fuel record created successfully!')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    const body = post.body as Record<string, unknown>;
    expect(body).toMatchObject({
      machineId: 4,
      amount: 10,
      pricePerUnit: 3.5,
      totalPrice: 35,
      storeName: '',
      storeCity: '',
      storeState: '',
      currentHours: null,
      currentMileage: null,
      lastMileage: null,
    });
    expect(Date.parse(body.dateOfPurchase as string)).toBeGreaterThanOrEqual(before - 1000);
    // Ready for the next one.
    expect(field('Amount (gal)')).toHaveValue(null);
    expect(screen.getByRole('link', { name: 'Open the fuel record' })).toHaveAttribute('href', '/fuel-record/11');
  });

  it("names a record's archived machine in the Machine select, which lists only the others", async () => {
    mockFetch({
      'GET /api/machines/all': json(machines),
      'GET /api/fuel-records/7': json({ ...stored, machineId: 9 }),
      'GET /api/machines/': json({ ...machines[0], id: 9, name: 'Old backhoe', archived: true }),
    });
    renderApp(routes, { url: '/fuel-record/7' });
    expect(await screen.findByRole('option', { name: 'Old backhoe (archived)' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Machine' })).toHaveValue('9');
    expect(screen.queryByRole('option', { name: 'Machine #9' })).not.toBeInTheDocument();
  });

  it('opens an existing record, updates it and says so', async () => {
    const { calls } = mockFetch({
      'GET /api/machines/all': json(machines),
      'GET /api/fuel-records/7': json(stored),
      'PUT /api/fuel-records/7': ({ body }) => json({ ...stored, ...(body as object) }),
    });
    renderApp(routes, { url: '/fuel-record/7' });
    expect(await screen.findByRole('heading', { name: 'Fuel Record Details' })).toBeInTheDocument();
    expect(field('Total Price')).toHaveValue(43.24);
    expect(field('Average MPG')).toHaveValue('20.0');
    expect(field('Date Created')).toHaveValue('2026-11-20 15:00');
    await user.clear(field('Store Name'));
    await user.type(field('Store Name'), 'Chevron');
    await user.click(screen.getByRole('button', { name: 'Update Fuel Record' }));
    expect(await screen.findByText('Fuel record updated successfully!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      machineId: 3,
      storeName: 'Chevron',
      totalPrice: 43.24,
      lastMileage: 10000,
      currentMileage: 10250,
    });
  });

  it('lets an operator update their own record without prices: none shown, none sent (the stored ones stay)', async () => {
    const services = createAppServices({ locks: undefined, onStorage: undefined });
    (services.session as unknown as { set(v: object): void }).set({
      status: 'authenticated',
      user: { id: 5, name: 'Otto Operator', username: 'otto@example.com', adminLevel: 0, accountId: 1, role: 'operator' },
    });
    // An operator's answers have no money fields at all.
    const { pricePerUnit: _p, totalPrice: _t, ...withoutMoney } = stored;
    const { calls } = mockFetch({
      'GET /api/machines/all': json(machines),
      'GET /api/fuel-records/7': json(withoutMoney),
      'PUT /api/fuel-records/7': ({ body }) => json({ ...withoutMoney, ...(body as object) }),
    });
    renderApp(routes, { url: '/fuel-record/7', services });
    expect(await screen.findByRole('heading', { name: 'Fuel Record Details' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Price per Unit', { exact: false })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Total Price', { exact: false })).not.toBeInTheDocument();
    await user.clear(field('Amount'));
    await user.type(field('Amount'), '13');
    await user.click(screen.getByRole('button', { name: 'Update Fuel Record' }));
    expect(await screen.findByText('Fuel record updated successfully!')).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'PUT')?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ machineId: 3, amount: 13, lastMileage: 10000, currentMileage: 10250 });
    expect(Object.keys(sent)).not.toContain('pricePerUnit');
    expect(Object.keys(sent)).not.toContain('totalPrice');
    expect(screen.queryByText(/\$/)).not.toBeInTheDocument();
  });

  it('shows a read-only preview in fastView mode with a Full Details link', async () => {
    mockFetch({ 'GET /api/machines/all': json(machines), 'GET /api/fuel-records/7': json(stored) });
    renderApp(routes, { url: '/fuel-record/7?mode=fastView' });
    expect(await screen.findByRole('heading', { name: 'Fuel Record Details' })).toBeInTheDocument();
    for (const label of ['Date and Time of Purchase', 'Amount (gal)', 'Price per Unit', 'Total Price', 'Notes']) {
      expect(field(label)).toBeDisabled();
    }
    expect(screen.queryByLabelText('Store Name')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update Fuel Record' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Full Details' })).toHaveAttribute('href', '/fuel-record/7');
  });

  it('says when saving fails and keeps what was typed', async () => {
    mockFetch({
      'GET /api/fuel-records/machine/3/latest': json(null),
      'POST /api/fuel-records': json({ statusCode: 503, message: 'Service unavailable' }, 503),
    });
    renderApp(routes, { url: '/fuel-record?machineId=3&mode=full' });
    await user.type(await screen.findByLabelText('Amount (gal)', { exact: false }), '10');
    await user.type(field('Price per Unit'), '3.5');
    await user.click(screen.getByRole('button', { name: 'Save Fuel Record' }));
    expect(await screen.findByText('Failed to create fuel record. Please try again.')).toBeInTheDocument();
    expect(field('Amount (gal)')).toHaveValue(10);
  });

  it("asks in a 'Delete Fuel Record' dialog, then deletes and goes to the machine's fuel history", async () => {
    const { calls } = mockFetch({
      'GET /api/machines/all': json(machines),
      'GET /api/fuel-records/7': json(stored),
      'DELETE /api/fuel-records/7': () => new Response(null, { status: 204 }),
      'GET /api/machines/': pending,
    });
    const { router } = renderApp(routes, { url: '/fuel-record/7' });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Fuel Record' });
    expect(within(dialog).getByText('Are you sure you want to delete this fuel record? This action cannot be undone.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete Fuel Record' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/machines/3?tab=fuel'));
  });

  it('shows the delete failure and stays', async () => {
    mockFetch({
      'GET /api/machines/all': json(machines),
      'GET /api/fuel-records/7': json(stored),
      'DELETE /api/fuel-records/7': json({ statusCode: 500 }, 500),
    });
    const { router } = renderApp(routes, { url: '/fuel-record/7' });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete Fuel Record' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete fuel record. Please try again.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/fuel-record/7');
  });

  it('limits the texts to the lengths the server takes', async () => {
    mockFetch({ 'GET /api/machines/all': json([]) });
    renderApp(routes, { url: '/fuel-record?machineId=4&mode=full' });
    expect(await screen.findByLabelText('Store Name')).toHaveAttribute('maxlength', '120');
    expect(screen.getByLabelText('State')).toHaveAttribute('maxlength', '60');
    expect(screen.getByLabelText('Notes')).toHaveAttribute('maxlength', '2000');
  });

  it("says a missing record (404: deleted, or another user's) does not exist, with a way back and no connection hint", async () => {
    mockFetch({ 'GET /api/fuel-records/8': json({ statusCode: 404, message: 'Not found' }, 404) });
    renderApp(routes, { url: '/fuel-record/8' });
    expect(await screen.findByText('Fuel record not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse machines' })).toHaveAttribute('href', '/machines');
    expect(screen.queryByText(/Check your connection/)).not.toBeInTheDocument();
    expect(screen.queryByText('Failed to load fuel record.')).not.toBeInTheDocument();
  });

  it('says an id no record can have does not exist, without asking the server', async () => {
    const { calls } = mockFetch({});
    renderApp(routes, { url: '/fuel-record/abc' });
    expect(await screen.findByText('Fuel record not found')).toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/fuel-records/'))).toBe(false);
  });

  it('keeps the load failure and its connection hint for a server or network failure', async () => {
    mockFetch({ 'GET /api/fuel-records/8': json({ statusCode: 503, message: 'Not found' }, 503) });
    renderApp(routes, { url: '/fuel-record/8' });
    expect(await screen.findByText('Failed to load fuel record.')).toBeInTheDocument();
    expect(screen.getByText('Check your connection and try again.')).toBeInTheDocument();
  });
});
