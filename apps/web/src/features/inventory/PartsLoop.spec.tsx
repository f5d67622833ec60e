import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InventoryStats, Part, ReorderDraft, ReorderItem, StockMovement } from '@wrenchlog/contracts';
import type { AccountRole } from '@wrenchlog/contracts/limits';
import { routes } from '../../app/routes';
import { createAppServices } from '../../app/services';
import { json, mockFetch, pending, renderApp, signIn, type Handler } from '../../test/harness';

// Issue 35's parts loop on the Parts & Inventory screen: the reserved figure, the To reorder tab by
// supplier with Draft orders, and a part's stock ledger.

const user = userEvent.setup({ delay: null });

const seals: Part = {
  id: 7,
  createdBy: null,
  updatedBy: null,
  partNumber: 'SK-2291',
  name: 'Seal kit',
  description: null,
  category: 'Hydraulic',
  quantity: 5,
  reserved: 2,
  available: 3,
  minStock: 4,
  price: 89,
  supplierId: 3,
  supplier: 'Heartland Hydraulics',
  brand: null,
  stockStatus: 'in-stock',
};

const item = (fields: Partial<ReorderItem>): ReorderItem => ({
  partId: 7,
  name: 'Seal kit',
  partNumber: 'SK-2291',
  quantity: 5,
  reserved: 2,
  available: 3,
  minStock: 4,
  onOrder: 0,
  toOrder: 1,
  price: 89,
  supplierId: 3,
  supplier: 'Heartland Hydraulics',
  ...fields,
});
const toReorder = [
  item({ partId: 8, name: 'Oil filter', quantity: 1, reserved: 0, available: 1, minStock: 3, toOrder: 2, supplierId: 4, supplier: 'Filter Depot' }),
  item({}),
];

const stats: InventoryStats = { totalParts: 1, lowStock: 0, outOfStock: 0, suppliers: 2 };
const partsPage = json({ content: [seals], totalPages: 1, totalElements: 1, number: 0, size: 10 });

function renderAs(role: AccountRole, url: string, extra: Record<string, Handler | Response> = {}) {
  signIn();
  const services = createAppServices({ locks: undefined, onStorage: undefined });
  (services.session as unknown as { set(v: object): void }).set({
    status: 'authenticated',
    user: { id: 1, name: 'Pat Owner', username: 'pat@example.com', adminLevel: 0, accountId: 1, role },
  });
  const fetch = mockFetch({ 'GET /api/parts/stats': json(stats), 'GET /api/parts': partsPage, 'GET /api/accounts': json([]), ...extra });
  renderApp(routes, { url, services });
  return fetch;
}

beforeEach(() => {
  localStorage.clear();
  (globalThis as { __WIDE__?: boolean }).__WIDE__ = true;
});

describe('the parts loop on Parts & Inventory', () => {
  it('shows what open work orders reserve of a part, and its stock ledger newest first', async () => {
    const ledger: StockMovement[] = [
      {
        id: 3,
        kind: 'work-order-take',
        delta: -2,
        quantityAfter: 5,
        purchaseId: null,
        workOrderId: 12,
        label: 'Brake job',
        at: '2026-11-20T10:00:00Z',
        by: null,
      },
      {
        id: 2,
        kind: 'purchase',
        delta: 3,
        quantityAfter: 7,
        purchaseId: 40,
        workOrderId: null,
        label: 'Heartland Hydraulics',
        at: '2026-11-10T10:00:00Z',
        by: null,
      },
      {
        id: 1,
        kind: 'adjustment',
        delta: 4,
        quantityAfter: 4,
        purchaseId: null,
        workOrderId: null,
        label: 'Opening stock',
        at: '2026-11-01T10:00:00Z',
        by: null,
      },
    ];
    renderAs('owner', '/parts', { 'GET /api/parts/7/ledger': json(ledger) });
    const row = (await screen.findByRole('button', { name: 'Seal kit' })).closest('tr')!;
    expect(within(row).getByText('2 reserved')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Stock ledger (SK-2291)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stock ledger: Seal kit' });
    expect(within(dialog).getByText('3 available')).toBeInTheDocument();
    const table = await within(dialog).findByRole('table', { name: 'Stock ledger of Seal kit' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(1)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['-2', '5'],
      ['+3', '7'],
      ['+4', '4'],
    ]);
    expect(within(rows[0]!).getByText('Taken by work order #12: Brake job')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Purchase #40 from Heartland Hydraulics')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Opening stock')).toBeInTheDocument();
  });

  it('says when the ledger cannot be read', async () => {
    renderAs('owner', '/parts', { 'GET /api/parts/7/ledger': json({ statusCode: 503 }, 503) });
    await user.click(await screen.findByRole('button', { name: 'Stock ledger (SK-2291)' }));
    expect(await screen.findByText('Failed to load the stock ledger')).toBeInTheDocument();
  });

  it('lists the parts to reorder by supplier and drafts the orders of every supplier in one click', async () => {
    const drafts: ReorderDraft[] = [
      { supplierId: 4, supplier: 'Filter Depot', purchases: [{ id: 90 } as ReorderDraft['purchases'][number]] },
      { supplierId: 3, supplier: 'Heartland Hydraulics', purchases: [{ id: 91 } as ReorderDraft['purchases'][number]] },
    ];
    const { calls } = renderAs('mechanic', '/parts?tab=reorder', {
      'GET /api/parts/to-reorder': json(toReorder),
      'POST /api/parts/reorder': json(drafts, 201),
    });
    const depot = await screen.findByRole('region', { name: 'Filter Depot' });
    expect(within(depot).getByText('Oil filter')).toBeInTheDocument();
    expect(within(depot).getByText('1 / 3')).toBeInTheDocument();
    const heartland = screen.getByRole('region', { name: 'Heartland Hydraulics' });
    expect(within(heartland).getByText('5 on the shelf, 2 reserved')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Filter Depot', 'Heartland Hydraulics']);

    await user.click(screen.getByRole('button', { name: 'Draft orders' }));
    expect(await screen.findByText(/Drafted 2 purchases \(status Ordered\) for Filter Depot, Heartland Hydraulics\./)).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST' && c.url === '/api/parts/reorder');
    expect(post?.body).toEqual({ supplierIds: [4, 3] });
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/parts/to-reorder').length).toBe(2));
  });

  it('drafts one supplier’s order from its card, and shows the server’s refusal', async () => {
    const { calls } = renderAs('owner', '/parts?tab=reorder', {
      'GET /api/parts/to-reorder': json(toReorder),
      'POST /api/parts/reorder': json({ statusCode: 400, message: 'Each supplier must be one of your suppliers' }, 400),
    });
    const heartland = await screen.findByRole('region', { name: 'Heartland Hydraulics' });
    await user.click(within(heartland).getByRole('button', { name: 'Draft order (1)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Each supplier must be one of your suppliers');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ supplierIds: [3] });
  });

  it('shows a viewer the list without the buttons', async () => {
    renderAs('viewer', '/parts?tab=reorder', { 'GET /api/parts/to-reorder': json(toReorder) });
    expect(await screen.findByRole('region', { name: 'Filter Depot' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Draft/ })).not.toBeInTheDocument();
  });

  it('shows the loading state while the list is read', async () => {
    renderAs('owner', '/parts?tab=reorder', { 'GET /api/parts/to-reorder': pending });
    expect(await screen.findByText('Loading parts to reorder...')).toBeInTheDocument();
  });

  it('says when the list cannot be read', async () => {
    renderAs('owner', '/parts?tab=reorder', { 'GET /api/parts/to-reorder': json({ statusCode: 503 }, 503) });
    expect(await screen.findByText('Failed to load the parts to reorder')).toBeInTheDocument();
  });

  it('says nothing is to reorder when every part has its minimum available', async () => {
    renderAs('owner', '/parts?tab=reorder', { 'GET /api/parts/to-reorder': json([]) });
    expect(await screen.findByText('Nothing to reorder')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Draft orders' })).not.toBeInTheDocument();
  });
});
