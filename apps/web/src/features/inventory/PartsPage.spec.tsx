import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InventoryStats, Part, Supplier } from '@wrenchlog/contracts';
import { routes } from '../../app/routes';
import { json, mockFetch, pending, renderApp, signIn, type Handler } from '../../test/harness';
import { DELETE_PART_CONFIRM, DELETE_SUPPLIER_CONFIRM } from './InventoryDialogs';
import { recentKey, stockStatus } from './inventory-logic';

const user = userEvent.setup({ delay: null });

const ACME: Supplier = {
  id: 3,
  name: 'ACME Parts',
  contact: 'Ann',
  email: 'ann@acme.test',
  phone: '555-0100',
  address: '1 Main St, Springfield, IL 62701',
  createdBy: null,
  updatedBy: null,
};

function part(id: number, fields: Partial<Part> = {}): Part {
  const p: Part = {
    id,
    createdBy: null,
    updatedBy: null,
    partNumber: `P-${id}`,
    name: `Part ${id}`,
    description: `Description ${id}`,
    category: 'Filters',
    quantity: 10,
    reserved: 0,
    available: 10,
    minStock: 2,
    price: 12.5,
    supplierId: 3,
    supplier: 'ACME Parts',
    brand: null,
    stockStatus: 'in-stock',
    ...fields,
  };
  return { ...p, available: p.quantity - p.reserved, stockStatus: stockStatus(p.quantity, p.minStock) };
}

const stats = (s: Partial<InventoryStats> = {}): InventoryStats => ({ totalParts: 3, lowStock: 1, outOfStock: 1, suppliers: 1, ...s });

/** GET /api/parts like the server: search, stock filter, pages of 10. */
function partsServer(parts: Part[]): Handler {
  return ({ url }) => {
    const p = new URL(url, 'http://x').searchParams;
    const page = Number(p.get('page') ?? 0);
    const size = Number(p.get('size') ?? 10);
    const q = (p.get('search') ?? '').toLowerCase();
    const stock = p.get('stock');
    const found = parts
      .filter((x) => !stock || x.stockStatus === stock)
      .filter((x) => !q || [x.name, x.partNumber, x.description ?? ''].some((v) => v.toLowerCase().includes(q)));
    return json({
      content: found.slice(page * size, page * size + size),
      totalElements: found.length,
      totalPages: Math.max(1, Math.ceil(found.length / size)),
      number: page,
      size,
    });
  };
}

function suppliersServer(suppliers: Supplier[]): Handler {
  return ({ url }) => {
    const p = new URL(url, 'http://x').searchParams;
    const page = Number(p.get('page') ?? 0);
    return json({
      content: suppliers.slice(page * 10, page * 10 + 10),
      totalElements: suppliers.length,
      totalPages: Math.max(1, Math.ceil(suppliers.length / 10)),
      number: page,
      size: 10,
    });
  };
}

const threeParts = [
  part(1, { name: 'Oil filter', quantity: 0, minStock: 2 }),
  part(2, { name: 'Fan belt', quantity: 2, minStock: 2 }),
  part(3, { name: 'Hydraulic hose', quantity: 3, minStock: 2 }),
];

function backend(extra: Record<string, Handler | Response> = {}, parts = threeParts) {
  return mockFetch({
    'GET /api/parts/stats': json(stats()),
    'GET /api/parts': partsServer(parts),
    'GET /api/suppliers': suppliersServer([ACME]),
    'GET /api/suppliers/all': json([ACME]),
    ...extra,
  });
}

const partUrls = (calls: { method: string; url: string }[]) => calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/parts?')).map((c) => c.url);

beforeEach(() => {
  localStorage.clear();
  signIn();
  (globalThis as { __WIDE__?: boolean }).__WIDE__ = true;
});

describe('PartsPage', () => {
  it('shows the loading state, then the error state with a retry', async () => {
    mockFetch({ 'GET /api/parts/stats': json(stats()), 'GET /api/parts': pending });
    renderApp(routes, { url: '/parts' });
    expect(await screen.findByText('Loading parts...')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Parts & Inventory Management' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Part' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Supplier' })).toBeInTheDocument();
  });

  it('shows the error text', async () => {
    mockFetch({ 'GET /api/parts/stats': json(stats()), 'GET /api/parts': json({ statusCode: 503 }, 503) });
    renderApp(routes, { url: '/parts' });
    expect(await screen.findByText('Failed to load parts')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows the parts table with stock badges; Quick Stats closed at first', async () => {
    backend();
    renderApp(routes, { url: '/parts' });
    const table = await screen.findByRole('table', { name: 'Parts' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Part #', 'Name', 'Stock']);
    expect(within(table).getByText('Description 1')).toBeInTheDocument();
    const colors = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelector('[data-color]')?.getAttribute('data-color'));
    expect(colors).toEqual(['red', 'yellow', 'green']);
    expect(within(table).getAllByText('/ 2 min')).toHaveLength(3);
    expect(screen.getByText('page 1 of 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    const toggle = screen.getByRole('button', { name: /Quick Stats/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const box = await screen.findByText('Total Parts');
    expect(box.parentElement).toHaveTextContent('3');
    expect(screen.getByText('Low Stock', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText('Out of Stock', { selector: 'p' })).toBeInTheDocument();
  });

  it('pages, filters by stock and searches on the server, back to page 1 each time', async () => {
    const many = Array.from({ length: 23 }, (_, i) => part(i + 1, { name: `Filter ${i + 1}`, quantity: i % 3 }));
    const { calls } = backend({}, many);
    renderApp(routes, { url: '/parts' });
    await screen.findByText('page 1 of 3');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('page 2 of 3');
    expect(partUrls(calls).at(-1)).toBe('/api/parts?page=1&size=10');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('page 3 of 3');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Stock level' }), 'Out of Stock');
    await waitFor(() => expect(partUrls(calls).at(-1)).toBe('/api/parts?stock=out-of-stock&page=0&size=10'));
    await screen.findByText('page 1 of 1');

    await user.type(screen.getByRole('textbox', { name: 'Search parts by name, part number, or description...' }), 'Filter 2');
    await waitFor(() => expect(partUrls(calls).at(-1)).toBe('/api/parts?search=Filter%202&stock=out-of-stock&page=0&size=10'));
    // Debounced: one request for the whole word, not one per key.
    expect(partUrls(calls).filter((u) => u.includes('search=')).length).toBe(1);
  });

  it('keeps the tab in the URL and resets the lists to page 1 when switching', async () => {
    const many = Array.from({ length: 15 }, (_, i) => part(i + 1));
    const { calls } = backend({}, many);
    const { router } = renderApp(routes, { url: '/parts' });
    await screen.findByText('page 1 of 2');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('page 2 of 2');
    await user.click(screen.getByRole('tab', { name: 'Suppliers' }));
    expect(router.state.location.search).toBe('?tab=suppliers');
    const table = await screen.findByRole('table', { name: 'Suppliers' });
    expect(within(table).getByText('ann@acme.test')).toBeInTheDocument();
    expect(within(table).getByText('Springfield, IL')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search suppliers by name or location...' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Parts Management' }));
    expect(router.state.location.search).toBe('?tab=parts');
    await screen.findByText('page 1 of 2');
    expect(await screen.findByRole('button', { name: 'Part 1' })).toBeInTheDocument();
    expect(partUrls(calls)[0]).toBe('/api/parts?page=0&size=10');
  });

  it('opens the tab named in the URL', async () => {
    backend();
    renderApp(routes, { url: '/parts?tab=recent' });
    expect(await screen.findByText('Nothing viewed yet')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Recently Viewed' })).toHaveAttribute('aria-selected', 'true');
  });

  describe('sample inventory', () => {
    it('is offered on an empty account only when asked', async () => {
      const { calls } = backend(
        {
          'GET /api/parts/stats': json(stats({ totalParts: 0, lowStock: 0, outOfStock: 0, suppliers: 0 })),
          'POST /api/parts/sample': json({ suppliers: [], parts: [] }, 201),
        },
        [],
      );
      renderApp(routes, { url: '/parts' });
      const button = await screen.findByRole('button', { name: 'Load sample inventory' });
      expect(await screen.findByText('No parts yet')).toBeInTheDocument();
      expect(calls.some((c) => c.method === 'POST')).toBe(false);
      await user.click(button);
      await waitFor(() => expect(calls.filter((c) => c.method === 'POST' && c.url === '/api/parts/sample')).toHaveLength(1));
      // Lists and stats are read again.
      await waitFor(() => expect(calls.filter((c) => c.url === '/api/parts/stats').length).toBeGreaterThan(1));
    });

    it('is not offered when the account has parts or suppliers', async () => {
      backend({ 'GET /api/parts/stats': json(stats({ totalParts: 0, lowStock: 0, outOfStock: 0, suppliers: 1 })) }, []);
      renderApp(routes, { url: '/parts' });
      expect(await screen.findByText('No parts yet')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Load sample inventory' })).not.toBeInTheDocument();
    });

    it('shows the server message when loading is refused', async () => {
      backend({
        'GET /api/parts/stats': json(stats({ totalParts: 0, lowStock: 0, outOfStock: 0, suppliers: 0 })),
        'POST /api/parts/sample': json({ statusCode: 409, code: 'CONFLICT', message: 'The sample inventory can only be loaded into an empty account' }, 409),
      });
      renderApp(routes, { url: '/parts' });
      await user.click(await screen.findByRole('button', { name: 'Load sample inventory' }));
      expect(await screen.findByText('The sample inventory can only be loaded into an empty account')).toBeInTheDocument();
    });
  });

  describe('part dialog', () => {
    it('saves only when valid and sends the typed values', async () => {
      const { calls } = backend({ 'POST /api/parts': ({ body }) => json({ ...part(9), ...(body as object), id: 9 }, 201) });
      renderApp(routes, { url: '/parts' });
      await screen.findByRole('table', { name: 'Parts' });
      await user.click(screen.getByRole('button', { name: 'Add Part' }));
      const form = await screen.findByRole('form', { name: 'Add New Part' });
      const save = within(form).getByRole('button', { name: 'Save Part' });
      expect(save).toBeDisabled();
      expect(within(form).queryByRole('button', { name: 'Delete Part' })).not.toBeInTheDocument();
      await user.type(within(form).getByLabelText(/Part Number/), 'FLT-1');
      await user.type(within(form).getByLabelText(/^Name/), 'Fuel filter');
      await user.selectOptions(within(form).getByLabelText(/Category/), 'Filters');
      await user.type(within(form).getByLabelText(/Quantity/), '-1');
      await user.type(within(form).getByLabelText(/Min Stock/), '2');
      await user.type(within(form).getByLabelText(/Price/), '9.99');
      await user.selectOptions(within(form).getByLabelText(/Supplier/), 'ACME Parts');
      await user.click(within(form).getByLabelText(/Part Number/));
      expect(within(form).getByText('Quantity must be at least 0')).toBeInTheDocument();
      expect(save).toBeDisabled();
      await user.clear(within(form).getByLabelText(/Quantity/));
      await user.type(within(form).getByLabelText(/Quantity/), '4');
      expect(within(form).getByLabelText(/Price/)).toHaveAttribute('step', '0.01');
      expect(save).toBeEnabled();
      await user.click(save);
      await waitFor(() => expect(screen.queryByRole('form', { name: 'Add New Part' })).not.toBeInTheDocument());
      expect(calls.find((c) => c.method === 'POST' && c.url === '/api/parts')?.body).toEqual({
        partNumber: 'FLT-1',
        brand: null,
        name: 'Fuel filter',
        description: null,
        category: 'Filters',
        quantity: 4,
        minStock: 2,
        price: 9.99,
        supplierId: 3,
      });
    });

    it('shows server messages on their fields and keeps what was typed', async () => {
      backend({
        'POST /api/parts': json(
          { statusCode: 400, code: 'VALIDATION', message: 'Validation failed', errors: [{ field: 'partNumber', message: 'Part number is already used' }] },
          400,
        ),
      });
      renderApp(routes, { url: '/parts' });
      await user.click(await screen.findByRole('button', { name: 'Add Part' }));
      const form = await screen.findByRole('form', { name: 'Add New Part' });
      await user.type(within(form).getByLabelText(/Part Number/), 'P-1');
      await user.type(within(form).getByLabelText(/^Name/), 'Dup');
      await user.selectOptions(within(form).getByLabelText(/Category/), 'Engine');
      await user.type(within(form).getByLabelText(/Quantity/), '1');
      await user.type(within(form).getByLabelText(/Min Stock/), '1');
      await user.type(within(form).getByLabelText(/Price/), '1');
      await user.selectOptions(within(form).getByLabelText(/Supplier/), 'ACME Parts');
      await user.click(within(form).getByRole('button', { name: 'Save Part' }));
      expect(await within(form).findByText('Part number is already used')).toBeInTheDocument();
      expect(within(form).getByLabelText(/Part Number/)).toHaveValue('P-1');
      expect(within(form).getByLabelText(/^Name/)).toHaveValue('Dup');
    });

    it('opens a part from its name, asks before deleting it and deletes it', async () => {
      const { calls } = backend({ 'DELETE /api/parts/2': new Response(null, { status: 204 }) });
      renderApp(routes, { url: '/parts' });
      await user.click(await screen.findByRole('button', { name: 'Fan belt' }));
      const form = await screen.findByRole('form', { name: 'Edit Part' });
      expect(within(form).getByLabelText(/^Name/)).toHaveValue('Fan belt');
      expect(within(form).getByLabelText(/Supplier/)).toHaveValue('3');
      await user.click(within(form).getByRole('button', { name: 'Delete Part' }));
      expect(within(form).getByText(DELETE_PART_CONFIRM)).toBeInTheDocument();
      expect(DELETE_PART_CONFIRM).toBe('Are you sure you want to delete this part? This action cannot be undone.');
      await user.click(within(form).getByRole('button', { name: 'Cancel' }));
      expect(within(form).queryByText(DELETE_PART_CONFIRM)).not.toBeInTheDocument();
      expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
      await user.click(within(form).getByRole('button', { name: 'Delete Part' }));
      await user.click(within(form).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit Part' })).not.toBeInTheDocument());
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/parts/2']);
      // Deleted: gone from Recently Viewed too.
      expect(JSON.parse(localStorage.getItem(recentKey(1)) ?? '[]')).toEqual([]);
    });

    it('has only one dialog open at a time', async () => {
      backend();
      renderApp(routes, { url: '/parts' });
      await screen.findByRole('table', { name: 'Parts' });
      await user.click(screen.getByRole('button', { name: 'Add Part' }));
      await screen.findByRole('form', { name: 'Add New Part' });
      // The modal hides the page from assistive technology; the header button is still reachable by the test.
      await user.click(screen.getByRole('button', { name: 'Add Supplier', hidden: true }));
      await screen.findByRole('form', { name: 'Add New Supplier' });
      expect(screen.queryByRole('form', { name: 'Add New Part' })).not.toBeInTheDocument();
    });
  });

  describe('supplier dialog', () => {
    it('requires name, contact, email and phone', async () => {
      const { calls } = backend({ 'POST /api/suppliers': ({ body }) => json({ id: 4, ...(body as object) }, 201) });
      renderApp(routes, { url: '/parts' });
      await user.click(await screen.findByRole('button', { name: 'Add Supplier' }));
      const form = await screen.findByRole('form', { name: 'Add New Supplier' });
      const save = within(form).getByRole('button', { name: 'Save Supplier' });
      expect(save).toBeDisabled();
      expect(within(form).getByLabelText(/Email/)).toHaveAttribute('type', 'email');
      await user.type(within(form).getByLabelText(/Company Name/), 'Dock Supply');
      await user.type(within(form).getByLabelText(/Contact Person/), 'Bo');
      await user.type(within(form).getByLabelText(/Email/), 'bo@dock');
      await user.type(within(form).getByLabelText(/Phone/), '555');
      await user.click(within(form).getByLabelText(/Company Name/));
      expect(within(form).getByText('Email must be a valid email address')).toBeInTheDocument();
      expect(save).toBeDisabled();
      await user.type(within(form).getByLabelText(/Email/), '.test');
      await user.type(within(form).getByLabelText(/Address/), '9 Pier Rd, Portland, OR 97201');
      await user.click(save);
      await waitFor(() => expect(screen.queryByRole('form', { name: 'Add New Supplier' })).not.toBeInTheDocument());
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        name: 'Dock Supply',
        contact: 'Bo',
        email: 'bo@dock.test',
        phone: '555',
        address: '9 Pier Rd, Portland, OR 97201',
      });
    });

    it('asks before deleting and shows the server message when parts still use it', async () => {
      const message = 'This supplier is used by 2 parts; change or delete them first';
      backend({ 'DELETE /api/suppliers/3': json({ statusCode: 409, code: 'CONFLICT', message }, 409) });
      renderApp(routes, { url: '/parts?tab=suppliers' });
      await user.click(await screen.findByRole('row', { name: 'Edit supplier ACME Parts' }));
      const form = await screen.findByRole('form', { name: 'Edit Supplier' });
      expect(within(form).getByLabelText(/Company Name/)).toHaveValue('ACME Parts');
      await user.click(within(form).getByRole('button', { name: 'Delete Supplier' }));
      expect(within(form).getByText(DELETE_SUPPLIER_CONFIRM)).toBeInTheDocument();
      expect(DELETE_SUPPLIER_CONFIRM).toBe('Are you sure you want to delete this supplier? This action cannot be undone.');
      await user.click(within(form).getByRole('button', { name: 'Delete' }));
      expect(await within(form).findByText(message)).toBeInTheDocument();
      expect(screen.getByRole('form', { name: 'Edit Supplier' })).toBeInTheDocument();
    });
  });

  describe('recently viewed', () => {
    it('records opened parts per user, newest first, and shows them as cards', async () => {
      localStorage.setItem(recentKey(2), JSON.stringify([part(3)]));
      backend({ 'GET /api/parts/1': json(threeParts[0]), 'GET /api/parts/2': json(threeParts[1]) });
      renderApp(routes, { url: '/parts' });
      await user.click(await screen.findByRole('button', { name: 'Oil filter' }));
      await user.click(await screen.findByRole('button', { name: 'Cancel' }));
      await user.click(screen.getByRole('button', { name: 'Fan belt' }));
      await user.click(await screen.findByRole('button', { name: 'Cancel' }));
      await user.click(screen.getByRole('button', { name: 'Oil filter' }));
      await user.click(await screen.findByRole('button', { name: 'Cancel' }));
      expect(JSON.parse(localStorage.getItem(recentKey(1)) ?? '[]').map((p: Part) => p.id)).toEqual([1, 2]);
      expect(JSON.parse(localStorage.getItem(recentKey(2)) ?? '[]').map((p: Part) => p.id)).toEqual([3]);

      await user.click(screen.getByRole('tab', { name: 'Recently Viewed' }));
      const cards = await screen.findAllByTestId('recent-card');
      expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(['Open Oil filter', 'Open Fan belt']);
      expect(cards[0]).toHaveTextContent('Out of Stock');
      expect(cards[0]).toHaveTextContent('P-1');
      expect(cards[0]).toHaveTextContent('$12.50');
      expect(cards[0]).toHaveTextContent('Qty: 0');
      expect(cards[1]).toHaveTextContent('Low Stock');

      await user.click(cards[1]);
      expect(await screen.findByRole('form', { name: 'Edit Part' })).toBeInTheDocument();
      expect(JSON.parse(localStorage.getItem(recentKey(1)) ?? '[]').map((p: Part) => p.id)).toEqual([2, 1]);
    });

    it('drops entries whose part no longer exists', async () => {
      localStorage.setItem(recentKey(1), JSON.stringify([part(7, { name: 'Gone part' }), part(3, { name: 'Hydraulic hose' })]));
      backend({ 'GET /api/parts/3': json(threeParts[2]) });
      renderApp(routes, { url: '/parts?tab=recent' });
      await waitFor(() => expect(screen.getAllByTestId('recent-card').map((c) => c.getAttribute('aria-label'))).toEqual(['Open Hydraulic hose']));
      expect(JSON.parse(localStorage.getItem(recentKey(1)) ?? '[]').map((p: Part) => p.id)).toEqual([3]);
    });
  });
});
