import { jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MACHINE_LIST_MAX } from '@wrenchlog/contracts/limits';
import { routes } from '../../app/routes';
import { json, mockFetch, pending, renderApp, signIn } from '../../test/harness';

const user = userEvent.setup({ delay: null });

const machines = [
  { id: 1, name: 'blue F-150', type: 'Pickup', status: 'Good', lastUpdated: '2026-03-01T10:00:00Z' },
  { id: 2, name: 'Excavator 320', type: 'Excavator', status: 'Low Fuel', lastUpdated: '2026-05-01T10:00:00Z' },
  { id: 3, name: 'Atlas crane', type: 'Crane', status: 'Needs Service', lastUpdated: '2026-04-01T10:00:00Z' },
];
const cardNames = () =>
  screen
    .getAllByRole('link')
    .filter((a) => /^\/machines\/\d+$/.test(a.getAttribute('href') ?? ''))
    .map((a) => (a.closest('table') ? a.textContent : a.querySelector('p')?.textContent));

beforeEach(() => {
  localStorage.clear();
  signIn();
  (globalThis as { __WIDE__?: boolean }).__WIDE__ = false;
});

describe('MachinesPage', () => {
  it('shows the loading and error states', async () => {
    mockFetch({ 'GET /api/machines/all': pending });
    renderApp(routes, { url: '/machines' });
    expect(await screen.findByText('Loading machines...')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Browse Machines' })).toBeInTheDocument();
    expect(screen.getByText('Full List')).toBeInTheDocument();
  });

  it('shows the error text', async () => {
    mockFetch({ 'GET /api/machines/all': json({ statusCode: 503 }, 503) });
    renderApp(routes, { url: '/machines' });
    expect(await screen.findByText('Failed to load machines')).toBeInTheDocument();
  });

  it('shows an empty state with a way to create the first machine', async () => {
    mockFetch({ 'GET /api/machines/all': json([]) });
    renderApp(routes, { url: '/machines' });
    expect(await screen.findByText('No machines yet')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Create New Machine' }).length).toBeGreaterThan(0);
  });

  it('sorts by name ascending first; Name and Updated buttons on small screens', async () => {
    mockFetch({ 'GET /api/machines/all': json(machines) });
    renderApp(routes, { url: '/machines' });
    await screen.findByRole('link', { name: /^Atlas crane/ });
    expect(cardNames()).toEqual(['Atlas crane', 'blue F-150', 'Excavator 320']);
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(cardNames()).toEqual(['Excavator 320', 'blue F-150', 'Atlas crane']);
    await user.click(screen.getByRole('button', { name: 'Updated' }));
    expect(cardNames()).toEqual(['blue F-150', 'Atlas crane', 'Excavator 320']);
  });

  it('shows the desktop table in the browse column order and palette', async () => {
    (globalThis as { __WIDE__?: boolean }).__WIDE__ = true;
    mockFetch({ 'GET /api/machines/all': json(machines) });
    renderApp(routes, { url: '/machines' });
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Equipment', 'Last Updated', 'Type', 'Status']);
    expect(within(table).getByText('Good').closest('[data-color]')).toHaveAttribute('data-color', 'green');
    expect(within(table).getByText('Low Fuel').closest('[data-color]')).toHaveAttribute('data-color', 'yellow');
    expect(within(table).getByText('Needs Service').closest('[data-color]')).toHaveAttribute('data-color', 'red');
  });

  it('lists archived machines under Show archived, and a restored one goes back to the full list', async () => {
    (globalThis as { __WIDE__?: boolean }).__WIDE__ = true;
    let archived = [{ id: 9, name: 'Old Tractor', type: 'Tractor', status: 'Retired', lastUpdated: '2026-01-01T10:00:00Z' }];
    let active = machines;
    const { calls } = mockFetch({
      'GET /api/machines/all': () => json(active),
      'GET /api/machines/all?archived=true': () => json(archived),
      'PUT /api/machines/update': () => {
        active = [...machines, { ...archived[0] }];
        archived = [];
        return json({ id: 9, name: 'Old Tractor', archived: false });
      },
    });
    renderApp(routes, { url: '/machines' });
    await screen.findByRole('link', { name: 'Atlas crane' });
    expect(screen.queryByRole('link', { name: 'Old Tractor' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('archived=true'))).toBe(false);

    await user.click(screen.getByRole('switch', { name: 'Show archived' }));
    const table = await screen.findByRole('table', { name: 'Archived machines' });
    expect(within(table).getByRole('link', { name: 'Old Tractor' })).toHaveAttribute('href', '/machines/9');

    await user.click(within(table).getByRole('button', { name: 'Restore Old Tractor' }));
    expect(await screen.findByText('No archived machines.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ id: 9, archived: false });
    expect(await screen.findByRole('link', { name: 'Old Tractor' })).toBeInTheDocument();
  });

  describe('Create New Machine', () => {
    async function openForm() {
      await user.click((await screen.findAllByRole('button', { name: 'Create New Machine' }))[0]);
      return screen.findByRole('form', { name: 'Create New Machine' });
    }
    /** Fills in a valid Kubota L2501 from 2019 and submits it. */
    async function createKubota(form: HTMLElement) {
      await user.type(within(form).getByLabelText(/Name/), 'Kubota');
      await user.type(within(form).getByLabelText(/Year/), '2019');
      await user.type(within(form).getByLabelText(/Make/), 'Kubota');
      await user.type(within(form).getByLabelText(/Model/), 'L2501');
      await user.click(within(form).getByRole('button', { name: 'Create New Machine' }));
    }

    it('shows each rule when the form is submitted empty', async () => {
      const { calls } = mockFetch({ 'GET /api/machines/all': json(machines) });
      renderApp(routes, { url: '/machines' });
      const form = await openForm();
      await user.click(within(form).getByRole('button', { name: 'Create New Machine' }));
      for (const text of ['Name is required', 'Year is required', 'Make is required', 'Model is required']) {
        expect(within(form).getByText(text)).toBeInTheDocument();
      }
      await user.type(within(form).getByLabelText(/Year/), '1899');
      expect(within(form).getByText('Year must be 1900 or later')).toBeInTheDocument();
      expect(calls.some((c) => c.url === '/api/machines/create')).toBe(false);
    });

    it('creates the machine and says so', async () => {
      const { calls } = mockFetch({
        'GET /api/machines/all': json(machines),
        'POST /api/machines/create': json({ id: 9, name: 'Kubota', year: 2019, make: 'Kubota', model: 'L2501' }, 201),
      });
      renderApp(routes, { url: '/machines' });
      const form = await openForm();
      await createKubota(form);
      expect(await within(form).findByText('Machine created successfully!')).toBeInTheDocument();
      expect(calls.find((c) => c.url === '/api/machines/create')?.body).toEqual({ name: 'Kubota', year: 2019, make: 'Kubota', model: 'L2501' });
      expect(within(form).getByRole('link', { name: 'Open Kubota' })).toHaveAttribute('href', '/machines/9');
    });

    it("says a year that is not a number must be a number, and limits the texts to the server's lengths", async () => {
      mockFetch({ 'GET /api/machines/all': json(machines) });
      renderApp(routes, { url: '/machines' });
      const form = await openForm();
      expect(within(form).getByLabelText(/Name/)).toHaveAttribute('maxlength', '120');
      expect(within(form).getByLabelText(/Make/)).toHaveAttribute('maxlength', '60');
      expect(within(form).getByLabelText(/Model/)).toHaveAttribute('maxlength', '60');
      await user.type(within(form).getByLabelText(/Year/), 'abcd');
      await user.tab();
      expect(within(form).getByText('Year must be a number, like 2020')).toBeInTheDocument();
      expect(within(form).queryByText('Year must be 1900 or later')).not.toBeInTheDocument();
    });

    it("shows the server's field messages under the fields, each until that field changes", async () => {
      mockFetch({
        'GET /api/machines/all': json(machines),
        'POST /api/machines/create': json(
          {
            statusCode: 400,
            code: 'VALIDATION',
            message: 'Model must be at most 60 characters; VIN is taken',
            correlationId: 'c',
            errors: [
              { field: 'model', message: 'Model must be at most 60 characters' },
              { field: 'vin', message: 'VIN is taken' },
            ],
          },
          400,
        ),
      });
      const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      renderApp(routes, { url: '/machines' });
      const form = await openForm();
      await createKubota(form);
      const alert = await within(form).findByRole('alert');
      expect(alert).toHaveTextContent('Failed to create machine. Please try again.');
      // A message with no input of its own stays in the banner.
      expect(alert).toHaveTextContent('VIN is taken');
      expect(within(form).getByLabelText(/Model/)).toHaveAccessibleDescription('Model must be at most 60 characters');
      await user.type(within(form).getByLabelText(/Model/), 'X');
      expect(within(form).queryByText('Model must be at most 60 characters')).not.toBeInTheDocument();
      error.mockRestore();
    });

    it('starts the dialog on the Name field, so typing a space never closes it', async () => {
      mockFetch({ 'GET /api/machines/all': json(machines) });
      renderApp(routes, { url: '/machines' });
      const form = await openForm();
      await waitFor(() => expect(within(form).getByLabelText(/Name/)).toHaveFocus());
      await user.keyboard('Blue F-150');
      expect(screen.getByRole('form', { name: 'Create New Machine' })).toBeInTheDocument();
      expect(within(form).getByLabelText(/Name/)).toHaveValue('Blue F-150');
    });

    it('gives focus back to the button that opened the dialog when it closes', async () => {
      mockFetch({ 'GET /api/machines/all': json(machines) });
      renderApp(routes, { url: '/machines' });
      const opener = (await screen.findAllByRole('button', { name: 'Create New Machine' }))[0];
      opener.focus();
      await user.click(opener);
      const form = await screen.findByRole('form', { name: 'Create New Machine' });
      await waitFor(() => expect(within(form).getByLabelText(/Name/)).toHaveFocus());
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('form', { name: 'Create New Machine' })).not.toBeInTheDocument());
      await waitFor(() => expect(opener).toHaveFocus());
    });

    it('keeps the values and shows the error text when the create fails', async () => {
      mockFetch({ 'GET /api/machines/all': json(machines), 'POST /api/machines/create': json({ statusCode: 500 }, 500) });
      const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      renderApp(routes, { url: '/machines' });
      const form = await openForm();
      await createKubota(form);
      expect(await within(form).findByText('Failed to create machine. Please try again.')).toBeInTheDocument();
      await waitFor(() => expect(within(form).getByLabelText(/Name/)).toHaveValue('Kubota'));
      error.mockRestore();
    });
  });

  describe('at the bound of GET /api/machines/all', () => {
    const many = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `Machine ${i + 1}`, type: 'Pickup', status: 'Good', lastUpdated: '2026-03-01T10:00:00Z' }));

    it('says that only the first machines are shown', async () => {
      mockFetch({ 'GET /api/machines/all': json(many(MACHINE_LIST_MAX)) });
      renderApp(routes, { url: '/machines' });
      expect(await screen.findByText('Showing the first 2,000 machines')).toBeInTheDocument();
    });

    it('says nothing of a bound below it', async () => {
      mockFetch({ 'GET /api/machines/all': json(many(MACHINE_LIST_MAX - 1)) });
      renderApp(routes, { url: '/machines' });
      expect(await screen.findByText(String(MACHINE_LIST_MAX - 1))).toBeInTheDocument();
      expect(screen.queryByText(/Showing the first/)).not.toBeInTheDocument();
    });
  });
});
