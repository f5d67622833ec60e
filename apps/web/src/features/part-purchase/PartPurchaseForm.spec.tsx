import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Part } from '@wrenchlog/contracts';
import { routes } from '../../app/routes';
import { json, mockFetch, pending, renderApp, signIn } from '../../test/harness';
import { PURCHASE_TEXT } from './PartPurchaseForm';
import { aPurchase } from './purchase.fixture';

const user = userEvent.setup({ delay: null });

const machines = [{ id: 3, name: 'Blue F-150', type: 'Pickup', status: 'Good', lastUpdated: '2026-03-01T10:00:00Z' }];

const stored = aPurchase();

const belt: Part = {
  id: 21,
  createdBy: null,
  updatedBy: null,
  partNumber: 'BLT-220',
  name: 'Alternator belt',
  description: 'Serpentine, 8 rib',
  category: 'Belts',
  quantity: 1,
  reserved: 0,
  available: 1,
  minStock: 3,
  price: 24.99,
  supplierId: 2,
  supplier: 'Yard Supply',
  brand: null,
  stockStatus: 'low-stock',
};
const partsPage = (content: Part[]) => json({ content, totalPages: 1, totalElements: content.length, number: 0, size: 10 });

const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
const submit = (name: string) => screen.getByRole('button', { name });
const location = (router: { state: { location: { pathname: string; search: string } } }) => `${router.state.location.pathname}${router.state.location.search}`;

beforeEach(() => {
  localStorage.clear();
  signIn();
  (globalThis as { __WIDE__?: boolean }).__WIDE__ = true;
});

describe('PartPurchaseForm', () => {
  it('shows the three sections, with the extra fields in full mode only', async () => {
    mockFetch({ 'GET /api/parts': partsPage([]) });
    renderApp(routes, { url: '/part-purchase?machineId=3&mode=full' });
    expect(await screen.findByRole('heading', { name: 'Create Part Purchase' })).toBeInTheDocument();
    const part = screen.getByRole('group', { name: 'Part Information' });
    for (const label of ['Part Name', 'Part Number', 'Description', 'URL']) {
      expect(within(part).getByLabelText(label, { exact: false })).toBeInTheDocument();
    }
    expect(within(part).getByRole('combobox', { name: 'Inventory Part' })).toBeInTheDocument();
    const purchase = screen.getByRole('group', { name: 'Purchase Information' });
    for (const label of ['Quantity', 'Price', 'Status', 'Purchase Date']) {
      expect(within(purchase).getByLabelText(label, { exact: false })).toBeInTheDocument();
    }
    expect(within(purchase).getByLabelText('Status', { exact: false })).toHaveValue('New');
    const store = screen.getByRole('group', { name: 'Store Information' });
    for (const label of ['Store Name', 'City', 'State']) {
      expect(within(store).getByLabelText(label, { exact: false })).toBeInTheDocument();
    }
    // The machine comes from the query: no select.
    expect(screen.queryByRole('combobox', { name: 'Machine' })).not.toBeInTheDocument();
  });

  it('limits the texts to the server lengths and warns, without refusing, about a purchase date in the future', async () => {
    mockFetch({ 'GET /api/parts': partsPage([]) });
    renderApp(routes, { url: '/part-purchase?machineId=3&mode=full' });
    await screen.findByRole('heading', { name: 'Create Part Purchase' });
    expect(field('Part Name')).toHaveAttribute('maxlength', '200');
    expect(field('Store Name')).toHaveAttribute('maxlength', '120');
    expect(screen.queryByText(PURCHASE_TEXT.futureDate)).not.toBeInTheDocument();
    fireEvent.change(field('Purchase Date'), { target: { value: '2099-01-31' } });
    expect(screen.getByText('This date is in the future.')).toBeInTheDocument();
    expect(field('Purchase Date')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('keeps Create Purchase disabled while invalid and shows messages only after a field is touched', async () => {
    mockFetch({ 'GET /api/machines/all': json(machines) });
    renderApp(routes, { url: '/part-purchase?mode=fast' });
    await screen.findByRole('option', { name: 'Blue F-150' });
    expect(screen.queryByLabelText('Part Number')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('City')).not.toBeInTheDocument();
    expect(submit('Create Purchase')).toBeDisabled();
    expect(screen.queryByText('Part name is required')).not.toBeInTheDocument();
    await user.click(field('Part Name'));
    await user.tab();
    expect(screen.getByText('Part name is required')).toBeInTheDocument();
    expect(screen.queryByText('Store name is required')).not.toBeInTheDocument();
    await user.clear(field('Quantity'));
    await user.tab();
    expect(screen.getByText('Quantity is required')).toBeInTheDocument();
    await user.type(field('Quantity'), '0');
    expect(screen.getByText('Quantity must be at least 1')).toBeInTheDocument();
    await user.click(field('Store Name'));
    await user.tab();
    expect(screen.getByText('Store name is required')).toBeInTheDocument();

    await user.type(field('Part Name'), 'Oil filter');
    await user.clear(field('Quantity'));
    await user.type(field('Quantity'), '2');
    await user.type(field('Price'), '12.50');
    await user.type(field('Store Name'), 'NAPA');
    expect(submit('Create Purchase')).toBeEnabled();
  });

  it('creates a purchase in full mode and goes to the machine parts tab', async () => {
    const { calls } = mockFetch({
      'GET /api/parts': partsPage([]),
      'POST /api/purchases': ({ body }) => json({ ...stored, ...(body as object), id: 30 }, 201),
      'GET /api/machines/': pending,
    });
    const { router } = renderApp(routes, { url: '/part-purchase?machineId=3&mode=full' });
    await user.type(await screen.findByLabelText('Part Name', { exact: false }), 'Oil filter');
    await user.type(field('Price'), '12.5');
    await user.selectOptions(field('Status'), 'Purchased');
    await user.type(field('Store Name'), 'NAPA');
    await user.click(submit('Create Purchase'));
    await waitFor(() => expect(location(router)).toBe('/machines/3?tab=parts'));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      partName: 'Oil filter',
      quantity: 1,
      price: 12.5,
      partStatus: 'Purchased',
      storeName: 'NAPA',
      machineId: 3,
      partId: 0,
      userId: 0,
      storeId: 0,
    });
  });

  it('links the purchase to an inventory part picked from a server search', async () => {
    const { calls } = mockFetch({
      'GET /api/parts': ({ url }) => partsPage(new URL(url, 'http://x').searchParams.get('search') === 'belt' ? [belt] : []),
      'POST /api/purchases': ({ body }) => json({ ...stored, ...(body as object), id: 31 }, 201),
    });
    const { router } = renderApp(routes, { url: '/part-purchase?mode=full' });
    await screen.findByRole('heading', { name: 'Create Part Purchase' });
    await user.type(screen.getByRole('combobox', { name: 'Inventory Part' }), 'belt');
    await user.click(await screen.findByRole('option', { name: 'Alternator belt (BLT-220)' }, { timeout: 3000 }));
    expect(field('Part Name')).toHaveValue('Alternator belt');
    expect(field('Part Number')).toHaveValue('BLT-220');
    expect(field('Price')).toHaveValue(24.99);
    await user.type(field('Store Name'), 'Yard Supply');
    await user.click(submit('Create Purchase'));
    // No machine: back to /parts.
    await waitFor(() => expect(location(router)).toBe('/parts'));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ partId: 21, partName: 'Alternator belt', machineId: 0 });
  });

  it('takes away a shown message when a picked inventory part fills its field', async () => {
    mockFetch({ 'GET /api/parts': ({ url }) => partsPage(new URL(url, 'http://x').searchParams.get('search') === 'belt' ? [belt] : []) });
    renderApp(routes, { url: '/part-purchase?mode=full' });
    await screen.findByRole('heading', { name: 'Create Part Purchase' });
    await user.click(field('Part Name'));
    await user.tab();
    expect(screen.getByText('Part name is required')).toBeInTheDocument();
    await user.type(screen.getByRole('combobox', { name: 'Inventory Part' }), 'belt');
    await user.click(await screen.findByRole('option', { name: 'Alternator belt (BLT-220)' }, { timeout: 3000 }));
    expect(field('Part Name')).toHaveValue('Alternator belt');
    expect(screen.queryByText('Part name is required')).not.toBeInTheDocument();
  });

  it('opens a purchase at /parts/{id}, updates the full purchase and goes to /parts', async () => {
    const { calls } = mockFetch({
      'GET /api/machines/all': json(machines),
      'GET /api/purchases/9': json(stored),
      'PUT /api/purchases/9': ({ body }) => json(body),
      'GET /api/parts': partsPage([]),
    });
    const { router } = renderApp(routes, { url: '/parts/9' });
    expect(await screen.findByRole('heading', { name: 'Part Details' })).toBeInTheDocument();
    expect(field('Part Name')).toHaveValue('Oil filter');
    expect(field('Purchase Date')).toHaveValue('2026-11-20');
    await user.clear(field('Quantity'));
    await user.type(field('Quantity'), '3');
    await user.click(submit('Update Purchase'));
    await waitFor(() => expect(location(router)).toBe('/parts'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      id: 9,
      quantity: 3,
      partStatus: 'Ordered',
      purchaseDate: '2026-11-20T13:00:00.000Z',
      createDate: stored.createDate,
    });
  });

  it("asks in a 'Delete Purchase' dialog and shows a failed delete", async () => {
    mockFetch({
      'GET /api/machines/all': json(machines),
      'GET /api/purchases/9': json(stored),
      'DELETE /api/purchases/9': json({ statusCode: 503 }, 503),
      'GET /api/parts': partsPage([]),
    });
    const { router } = renderApp(routes, { url: '/part-purchase/9?mode=full' });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Purchase' });
    expect(within(dialog).getByText(PURCHASE_TEXT.deleteConfirm)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(PURCHASE_TEXT.deleteFailed)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/part-purchase/9');
  });

  it('deletes and leaves to /parts when the purchase has no machine', async () => {
    mockFetch({
      'GET /api/machines/all': json(machines),
      'GET /api/purchases/9': json(stored),
      'DELETE /api/purchases/9': () => new Response(null, { status: 204 }),
      'GET /api/parts': partsPage([]),
    });
    const { router } = renderApp(routes, { url: '/part-purchase/9' });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete Purchase' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/parts'));
  });

  it('shows a read-only preview in fastView mode with a Full Details link', async () => {
    mockFetch({ 'GET /api/machines/all': json(machines), 'GET /api/purchases/9': json(stored) });
    renderApp(routes, { url: '/part-purchase/9?mode=fastView' });
    expect(await screen.findByRole('heading', { name: 'Part Details' })).toBeInTheDocument();
    for (const label of ['Part Name', 'Quantity', 'Price', 'Status', 'Purchase Date', 'Store Name']) {
      expect(field(label)).toBeDisabled();
    }
    expect(screen.queryByLabelText('Part Number')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update Purchase' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Full Details' })).toHaveAttribute('href', '/part-purchase/9?mode=full');
  });

  it("says a missing record (404: deleted, or another user's) does not exist, with a way back and no connection hint", async () => {
    mockFetch({ 'GET /api/purchases/5': json({ statusCode: 404 }, 404) });
    renderApp(routes, { url: '/part-purchase/5' });
    expect(await screen.findByText('Purchase not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to parts' })).toHaveAttribute('href', '/parts');
    expect(screen.queryByText(/Check your connection/)).not.toBeInTheDocument();
    expect(screen.queryByText(PURCHASE_TEXT.loadFailed)).not.toBeInTheDocument();
  });

  it('says an id no record can have does not exist, without asking the server', async () => {
    const { calls } = mockFetch({});
    renderApp(routes, { url: '/part-purchase/abc' });
    expect(await screen.findByText('Purchase not found')).toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/purchases/'))).toBe(false);
  });

  it('keeps the load failure and its connection hint for a server or network failure', async () => {
    mockFetch({ 'GET /api/purchases/5': json({ statusCode: 503 }, 503) });
    renderApp(routes, { url: '/part-purchase/5' });
    expect(await screen.findByText(PURCHASE_TEXT.loadFailed)).toBeInTheDocument();
    expect(screen.getByText('Check your connection and try again.')).toBeInTheDocument();
  });
});
