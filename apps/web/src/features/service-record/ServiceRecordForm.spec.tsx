import { jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router-dom';
import { json, mockFetch, renderApp, signIn, type Handler } from '../../test/harness';
import { today } from './service-record-logic';
import { ServiceRecordForm } from './ServiceRecordForm';
import ServiceRecordPage from './ServiceRecordPage';

const user = userEvent.setup({ delay: null });

const record = {
  id: 5,
  title: 'Oil change',
  status: 'In Progress',
  machineName: 'Blue F-150',
  machineId: 4,
  serviceDate: '2026-03-14',
  serviceType: 'Maintenance',
  serviceShop: 'Main Street Garage',
  notes: 'Synthetic 5W-30',
  price: 89.5,
  dateCreated: '2026-03-14T10:00:00Z',
  miles: 12345,
  hours: null,
};

const photo = (id: number) => ({ id, fileName: `photo-${id}.jpg`, thumbnailUrl: `/img/t${id}`, originalUrl: `/img/o${id}`, state: 'processed', error: null });

const machines = [
  { id: 4, name: 'Blue F-150', type: 'Pickup', status: 'Good', lastUpdated: '2026-03-01T00:00:00Z' },
  { id: 9, name: 'Kubota L2501', type: 'Tractor', status: 'Good', lastUpdated: '2026-03-01T00:00:00Z' },
];

const routes = (extra: RouteObject[] = []): RouteObject[] => [
  { path: '/service-record', element: <ServiceRecordPage /> },
  { path: '/service-record/:id', element: <ServiceRecordPage /> },
  { path: '/services', element: <div>services list</div> },
  ...extra,
];

const base = (over: Record<string, Handler | Response> = {}) =>
  mockFetch({
    'GET /api/services/5': json(record),
    'GET /api/services/5/images': json([]),
    'GET /api/machines/all': json(machines),
    ...over,
  });

const putBodies = (calls: { method: string; url: string; body: unknown }[]) =>
  calls.filter((c) => c.method === 'PUT').map((c) => c.body as Record<string, unknown>);

beforeEach(() => {
  localStorage.clear();
  signIn();
  (globalThis as { __WIDE__?: boolean }).__WIDE__ = true;
});

describe('ServiceRecordForm', () => {
  it('loads an existing record in full mode with every field', async () => {
    base();
    renderApp(routes(), { url: '/service-record/5' });
    expect(await screen.findByRole('heading', { name: 'Service Record Details' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Oil change');
    expect(screen.getByRole('combobox', { name: 'Service Status' })).toHaveValue('In Progress');
    expect(screen.getByRole('combobox', { name: 'Service Type' })).toHaveValue('Maintenance');
    expect(screen.getByLabelText(/^Service Date/)).toHaveValue('2026-03-14');
    expect(screen.getByLabelText('Service Shop')).toHaveValue('Main Street Garage');
    // Money with 2 decimals, as everywhere else (issue 38: a saved price showed as '$95.5').
    expect(screen.getByLabelText('Price')).toHaveValue('$89.50');
    expect(screen.getByLabelText('Miles')).toHaveValue('12,345');
    expect(screen.getByLabelText('Hours')).toHaveValue('');
    expect(screen.getByLabelText('Notes')).toHaveAttribute('rows', '8');
    expect(await screen.findByText(/No photos yet/)).toBeInTheDocument();
  });

  it('shows the load error', async () => {
    base({ 'GET /api/services/5': json({ statusCode: 500 }, 500) });
    renderApp(routes(), { url: '/service-record/5' });
    expect(await screen.findByText('Failed to load service record.')).toBeInTheDocument();
  });

  it("says a missing record (404: deleted, or another user's) does not exist, with a way back and no connection hint", async () => {
    base({ 'GET /api/services/5': json({ statusCode: 404, code: 'NOT_FOUND', message: 'Service record not found', correlationId: 'c' }, 404) });
    renderApp(routes(), { url: '/service-record/5' });
    expect(await screen.findByText('Service record not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse services' })).toHaveAttribute('href', '/services');
    expect(screen.queryByText(/Check your connection/)).not.toBeInTheDocument();
  });

  it('says an id like abc is not a service record id, with a way back and no connection hint', async () => {
    const { calls } = base();
    renderApp(routes(), { url: '/service-record/abc' });
    expect(await screen.findByText('Invalid service record ID')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse services' })).toHaveAttribute('href', '/services');
    expect(screen.queryByText(/Check your connection/)).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/services/'))).toBe(false);
  });

  it('clears the status on focus and restores it when left blank, without saving', async () => {
    const { calls } = base();
    renderApp(routes(), { url: '/service-record/5' });
    const status = await screen.findByRole('combobox', { name: 'Service Status' });
    await user.click(status);
    expect(status).toHaveValue('');
    await user.tab();
    expect(status).toHaveValue('In Progress');
    expect(putBodies(calls)).toEqual([]);
  });

  it('takes a typed status and saves the record on blur', async () => {
    const { calls } = base({ 'PUT /api/services/5': ({ body }) => json({ ...record, ...(body as object) }) });
    renderApp(routes(), { url: '/service-record/5' });
    const status = await screen.findByRole('combobox', { name: 'Service Status' });
    await user.click(status);
    await user.type(status, 'Waiting on parts');
    await user.tab();
    await waitFor(() => expect(putBodies(calls)).toHaveLength(1));
    expect(putBodies(calls)[0]).toMatchObject({ id: 5, status: 'Waiting on parts', title: 'Oil change', machineId: 4, serviceDate: '2026-03-14' });
    expect(status).toHaveValue('Waiting on parts');
  });

  it('applies the same focus rule to the service type, taking only a listed type', async () => {
    const { calls } = base({ 'PUT /api/services/5': ({ body }) => json({ ...record, ...(body as object) }) });
    renderApp(routes(), { url: '/service-record/5' });
    const type = await screen.findByRole('combobox', { name: 'Service Type' });
    await user.click(type);
    expect(type).toHaveValue('');
    await user.type(type, 'not a type');
    await user.tab();
    expect(type).toHaveValue('Maintenance');
    await user.click(type);
    await user.type(type, 'repair');
    await user.tab();
    expect(type).toHaveValue('Repair');
    await waitFor(() => expect(putBodies(calls)).toHaveLength(1));
    expect(putBodies(calls)[0]).toMatchObject({ serviceType: 'Repair' });
  });

  it('reverts the local copy and shows the error when a blur save fails', async () => {
    const { calls } = base({ 'PUT /api/services/5': json({ statusCode: 500, message: 'boom' }, 500) });
    renderApp(routes(), { url: '/service-record/5' });
    const title = await screen.findByLabelText(/^Title/);
    await user.clear(title);
    await user.type(title, 'Brake pads');
    await user.tab();
    expect(await screen.findByText('Failed to update service record.')).toBeInTheDocument();
    expect(title).toHaveValue('Oil change');
    expect(putBodies(calls)[0]).toMatchObject({ title: 'Brake pads' });
  });

  it('does not send a record without a title and says what is missing', async () => {
    const { calls } = base();
    renderApp(routes(), { url: '/service-record/5' });
    const title = await screen.findByLabelText(/^Title/);
    await user.clear(title);
    await user.tab();
    expect(await screen.findByText('Service record must have a title, date and status')).toBeInTheDocument();
    expect(putBodies(calls)).toEqual([]);
  });

  it('offers Miles as a normal field, typed into straight from the keyboard (issue 38: it was read only until clicked)', async () => {
    const { calls } = base({ 'PUT /api/services/5': ({ body }) => json({ ...record, ...(body as object) }) });
    renderApp(routes(), { url: '/service-record/5' });
    const miles = await screen.findByLabelText('Miles');
    expect(miles).not.toHaveAttribute('readonly');
    // Keyboard only: Tab from Price lands in Miles, which takes the typing as it is.
    screen.getByLabelText('Price').focus();
    await user.tab();
    expect(miles).toHaveFocus();
    await user.keyboard('{Control>}a{/Control}130500');
    await user.tab();
    expect(screen.getByLabelText('Miles')).toHaveValue('130,500');
    await waitFor(() => expect(putBodies(calls)[0]).toMatchObject({ miles: 130500 }));
  });

  describe('meters the machine has (issue 38)', () => {
    const meter = { machineId: 4, label: '', currentReadAt: null, stale: false, ratePerDay: null, manualRatePerDay: null, rolloverValue: 1000000 };
    const meters = (distance: number | null, hours: number | null) =>
      json([
        { ...meter, id: 1, kind: 'distance', unit: 'mi', currentValue: distance },
        { ...meter, id: 2, kind: 'hours', unit: 'h', currentValue: hours },
      ]);

    it('offers a pickup (odometer readings, no hours) Miles and not Hours', async () => {
      base({ 'GET /api/machines/4/meters': meters(42000, null) });
      renderApp(routes(), { url: '/service-record?machineId=4&mode=full' });
      expect(await screen.findByLabelText('Miles')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByLabelText('Hours')).not.toBeInTheDocument());
    });

    it('offers an excavator (hours readings only) Hours and not Miles', async () => {
      base({ 'GET /api/machines/4/meters': meters(null, 2450) });
      renderApp(routes(), { url: '/service-record?machineId=4&mode=full' });
      expect(await screen.findByLabelText('Hours')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByLabelText('Miles')).not.toBeInTheDocument());
    });

    it('offers both while no meter has a reading', async () => {
      const { calls } = base({ 'GET /api/machines/4/meters': meters(null, null) });
      renderApp(routes(), { url: '/service-record?machineId=4&mode=full' });
      await waitFor(() => expect(calls.some((c) => c.url === '/api/machines/4/meters')).toBe(true));
      expect(await screen.findByLabelText('Miles')).toBeInTheDocument();
      expect(screen.getByLabelText('Hours')).toBeInTheDocument();
    });

    it('always shows a value the record holds', async () => {
      base({ 'GET /api/machines/4/meters': meters(42000, null), 'GET /api/services/5': json({ ...record, hours: 12 }) });
      renderApp(routes(), { url: '/service-record/5' });
      expect(await screen.findByLabelText('Hours')).toHaveValue('12');
    });
  });

  it('edits miles on click, with thousands separators', async () => {
    const { calls } = base({ 'PUT /api/services/5': ({ body }) => json({ ...record, ...(body as object) }) });
    renderApp(routes(), { url: '/service-record/5' });
    await user.click(await screen.findByLabelText('Miles'));
    const editor = screen.getByLabelText('Miles');
    await user.clear(editor);
    await user.type(editor, '130500');
    await user.tab();
    expect(screen.getByLabelText('Miles')).toHaveValue('130,500');
    await waitFor(() => expect(putBodies(calls)[0]).toMatchObject({ miles: 130500 }));
  });

  it('creates a new record on submit, then opens it with the success banner', async () => {
    const { calls } = base({
      'POST /api/services/fastCreate': ({ body }) => json({ ...record, ...(body as object), id: 77 }, 201),
      'GET /api/services/77': json({ ...record, id: 77, title: 'Tire rotation' }),
      'GET /api/services/77/images': json([]),
    });
    const { router } = renderApp(routes(), { url: '/service-record?machineId=4&mode=full' });
    expect(await screen.findByRole('heading', { name: 'Create Service Record' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Service Status' })).toHaveValue('New');
    expect(screen.getByRole('combobox', { name: 'Service Type' })).toHaveValue('Maintenance');
    expect(screen.getByLabelText(/^Service Date/)).toHaveValue(today());
    expect(screen.getByText('Photos can be added once the record is created.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Images' }));
    expect(await screen.findByText('Please save the service record first before adding images')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create Service Record' }));
    expect(await screen.findByText('Service record must have a title, date and status')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(screen.getByLabelText(/^Title/), 'Tire rotation');
    await user.click(screen.getByRole('button', { name: 'Create Service Record' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/service-record/77'));
    expect(await screen.findByText('Service record created successfully!')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Service Record Details' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      machineId: 4,
      title: 'Tire rotation',
      status: 'New',
      serviceDate: today(),
      serviceType: 'Maintenance',
      serviceShop: '',
      price: 0,
      miles: null,
      hours: null,
      notes: '',
    });
  });

  it("keeps the created banner through the blur saves that follow, beside a failed save's banner, until the next save", async () => {
    let fail = true;
    base({
      'POST /api/services/fastCreate': ({ body }) => json({ ...record, ...(body as object), id: 77 }, 201),
      'GET /api/services/77': json({ ...record, id: 77, title: 'Tire rotation' }),
      'GET /api/services/77/images': json([]),
      'PUT /api/services/77': ({ body }) => (fail ? json({ statusCode: 500 }, 500) : json({ ...record, ...(body as object), id: 77 })),
    });
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp(routes(), { url: '/service-record?machineId=4&mode=full' });
    await user.type(await screen.findByLabelText(/^Title/), 'Tire rotation');
    await user.click(screen.getByRole('button', { name: 'Create Service Record' }));
    expect(await screen.findByText('Service record created successfully!')).toBeInTheDocument();
    const title = await screen.findByLabelText(/^Title/);
    await user.type(title, ' and balance');
    await user.tab();
    expect(await screen.findByText('Failed to update service record.')).toBeInTheDocument();
    expect(screen.getByText('Service record created successfully!')).toBeInTheDocument();
    // The next save clears the failure; the created banner stays until it is dismissed.
    fail = false;
    await user.type(title, '!');
    await user.tab();
    await waitFor(() => expect(screen.queryByText('Failed to update service record.')).not.toBeInTheDocument());
    expect(screen.getByText('Service record created successfully!')).toBeInTheDocument();
    error.mockRestore();
  });

  it('shows the save error when the create fails', async () => {
    base({ 'POST /api/services/fastCreate': json({ statusCode: 500 }, 500) });
    renderApp(routes(), { url: '/service-record?machineId=4&mode=full' });
    await user.type(await screen.findByLabelText(/^Title/), 'Tire rotation');
    await user.click(screen.getByRole('button', { name: 'Create Service Record' }));
    expect(await screen.findByText('Failed to save service record. Please try again.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Tire rotation');
  });

  it("shows the server's field message under its field when the create is refused", async () => {
    base({
      'POST /api/services/fastCreate': json(
        {
          statusCode: 400,
          code: 'VALIDATION',
          message: 'Service shop must be at most 200 characters',
          correlationId: 'c',
          errors: [{ field: 'serviceShop', message: 'Service shop must be at most 200 characters' }],
        },
        400,
      ),
    });
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp(routes(), { url: '/service-record?machineId=4&mode=full' });
    await user.type(await screen.findByLabelText(/^Title/), 'Tire rotation');
    expect(screen.getByLabelText(/^Title/)).toHaveAttribute('maxlength', '200');
    await user.click(screen.getByRole('button', { name: 'Create Service Record' }));
    expect(await screen.findByText('Failed to save service record. Please try again.')).toBeInTheDocument();
    expect(screen.getByLabelText('Service Shop')).toHaveAccessibleDescription('Service shop must be at most 200 characters');
    error.mockRestore();
  });

  it('warns, without refusing, that a service date in the future makes a planned service', async () => {
    const { calls } = base({
      'POST /api/services/fastCreate': json({ ...record, id: 77, serviceDate: '2099-05-01' }, 201),
      'GET /api/services/77/images': json([]),
    });
    renderApp(routes(), { url: '/service-record?machineId=4&mode=full' });
    await user.type(await screen.findByLabelText(/^Title/), 'Spring tune-up');
    expect(screen.queryByText(/planned service/)).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Service Date/), { target: { value: '2099-05-01' } });
    expect(screen.getByText('This date is in the future: the record will be a planned service.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Service Record' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && (c.body as { serviceDate?: string }).serviceDate === '2099-05-01')).toBe(true));
  });

  it('clones the record with id 0 and today as the service date', async () => {
    const { calls } = base({
      'POST /api/services/fastCreate': ({ body }) => json({ ...record, ...(body as object), id: 88 }, 201),
      'GET /api/services/88': json({ ...record, id: 88, serviceDate: today() }),
      'GET /api/services/88/images': json([]),
    });
    const { router } = renderApp(routes(), { url: '/service-record/5' });
    await user.click(await screen.findByRole('button', { name: 'Clone Record' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/service-record/88'));
    const post = calls.find((c) => c.method === 'POST')!.body as Record<string, unknown>;
    expect(post).toMatchObject({
      title: 'Oil change',
      status: 'In Progress',
      machineId: 4,
      serviceShop: 'Main Street Garage',
      price: 89.5,
      miles: 12345,
      serviceDate: today(),
    });
    expect(post).not.toHaveProperty('id');
    expect(await screen.findByText('Service record created successfully!')).toBeInTheDocument();
  });

  it('says so when the record to clone cannot be fetched', async () => {
    let gets = 0;
    base({ 'GET /api/services/5': () => (gets++ === 0 ? json(record) : json({ statusCode: 500 }, 500)) });
    renderApp(routes(), { url: '/service-record/5' });
    await user.click(await screen.findByRole('button', { name: 'Clone Record' }));
    expect(await screen.findByText('Failed to fetch full service record for cloning.')).toBeInTheDocument();
  });

  it('deletes after the confirmation and goes to /services', async () => {
    const { calls } = base({ 'DELETE /api/services/5': () => new Response(null, { status: 204 }) });
    const { router } = renderApp(routes(), { url: '/service-record/5' });
    await user.click(await screen.findByRole('button', { name: 'Delete Record' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/This action cannot be undone/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/services'));
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/services/5')).toBe(true);
  });

  it('stays and shows the error when the delete fails', async () => {
    base({ 'DELETE /api/services/5': json({ statusCode: 500 }, 500) });
    const { router } = renderApp(routes(), { url: '/service-record/5' });
    await user.click(await screen.findByRole('button', { name: 'Delete Record' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete service record. Please try again.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/service-record/5');
  });

  it('shows fastView read-only, with the image count and Full Details', async () => {
    base({ 'GET /api/services/5/images/count': json(3) });
    renderApp(<ServiceRecordForm mode="fastView" recordId={5} />, { url: '/machines/4' });
    expect(await screen.findByRole('heading', { name: 'Service Record Details' })).toBeInTheDocument();
    for (const label of ['Machine', 'Title', 'Service Status', 'Service Type', 'Service Date', 'Service Shop', 'Price', 'Miles', 'Hours', 'Notes']) {
      expect(screen.getAllByLabelText(new RegExp(`^${label}`))[0]).toBeDisabled();
    }
    expect(screen.getAllByLabelText(/^Machine/)[0]).toHaveValue('Blue F-150');
    expect(await screen.findByText('3 photos')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Full Details' })).toHaveAttribute('href', '/service-record/5');
    expect(screen.queryByRole('button', { name: /Update Service Record|Clone Record|Delete Record|Add Images/ })).not.toBeInTheDocument();
  });

  it('creates in fast mode, then resets and announces success, with no close button', async () => {
    const saved: number[] = [];
    const { calls } = base({ 'POST /api/services/fastCreate': ({ body }) => json({ ...record, ...(body as object), id: 91 }, 201) });
    renderApp(<ServiceRecordForm mode="fast" onSaved={(r) => saved.push(r.id)} />, { url: '/fast-create' });
    expect(await screen.findByRole('heading', { name: 'Create Service Record' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Notes')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Service Record' }));
    expect(await screen.findByText('Machine is required')).toBeInTheDocument();
    await user.click(screen.getAllByLabelText(/^Machine/)[0]);
    await user.click(await screen.findByRole('option', { name: 'Kubota L2501' }));
    await user.type(screen.getByLabelText(/^Title/), 'Grease fittings');
    await user.click(screen.getByRole('button', { name: 'Create Service Record' }));
    expect(await screen.findByText('Service record created successfully!')).toBeInTheDocument();
    expect(saved).toEqual([91]);
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ machineId: 9, title: 'Grease fittings' });
    expect(screen.getByLabelText(/^Title/)).toHaveValue('');
    expect(screen.getByRole('link', { name: 'View Details' })).toHaveAttribute('href', '/service-record/91');
  });
});

describe('RecordPhotos', () => {
  it('steps through the viewer with arrows hidden at the ends', async () => {
    base({ 'GET /api/services/5/images': json([photo(1), photo(2), photo(3)]) });
    renderApp(routes(), { url: '/service-record/5' });
    await user.click(await screen.findByRole('button', { name: 'Open photo-1.jpg' }));
    const dialog = await screen.findByRole('dialog', { name: 'Photo 1 of 3' });
    expect(within(dialog).queryByRole('button', { name: 'Previous photo' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Next photo' }));
    expect(await screen.findByRole('dialog', { name: 'Photo 2 of 3' })).toBeInTheDocument();
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    const last = await screen.findByRole('dialog', { name: 'Photo 3 of 3' });
    expect(within(last).queryByRole('button', { name: 'Next photo' })).not.toBeInTheDocument();
    expect(within(last).getByRole('img', { name: 'photo-3.jpg' })).toHaveAttribute('src', '/img/o3');
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(await screen.findByRole('dialog', { name: 'Photo 2 of 3' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close viewer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('deletes the selected photos after the n-photos confirmation', async () => {
    let images = [photo(1), photo(2), photo(3)];
    const { calls } = base({
      'GET /api/services/5/images': () => json(images),
      'DELETE /api/services/5/images': ({ body }) => {
        images = images.filter((i) => !(body as number[]).includes(i.id));
        return new Response(null, { status: 204 });
      },
    });
    renderApp(routes(), { url: '/service-record/5' });
    await user.click(await screen.findByRole('button', { name: 'Select' }));
    expect(screen.getByRole('button', { name: 'Delete Images' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Select photo-1.jpg' }));
    await user.click(screen.getByRole('button', { name: 'Select photo-3.jpg' }));
    await user.click(screen.getByRole('button', { name: 'Delete Images (2)' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete 2 photos?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /photo-1.jpg/ })).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'DELETE')!.body).toEqual([1, 3]);
    expect(screen.getByRole('button', { name: 'Open photo-2.jpg' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Select' })).toBeInTheDocument();
  });

  it('asks about one photo in the singular and keeps the photos when the delete fails', async () => {
    base({ 'GET /api/services/5/images': json([photo(1), photo(2)]), 'DELETE /api/services/5/images': json({ statusCode: 500 }, 500) });
    renderApp(routes(), { url: '/service-record/5' });
    await user.click(await screen.findByRole('button', { name: 'Select' }));
    await user.click(screen.getByRole('button', { name: 'Select photo-2.jpg' }));
    await user.click(screen.getByRole('button', { name: 'Delete Images (1)' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this photo?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete images. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Select photo-2.jpg' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('refuses files that are not JPEG, PNG or WebP', async () => {
    const { calls } = base();
    renderApp(routes(), { url: '/service-record/5' });
    await screen.findByText(/No photos yet/);
    const gif = new File([new Uint8Array([71, 73, 70])], 'anim.gif', { type: 'image/gif' });
    fireEvent.change(screen.getByTestId('service-photos-input'), { target: { files: [gif] } });
    expect(await screen.findByText('Invalid file type. Only JPEG, PNG and WebP are allowed.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
