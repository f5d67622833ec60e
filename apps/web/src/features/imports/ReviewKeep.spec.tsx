import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '../../app/routes';
import { json, mockFetch, renderApp, signIn } from '../../test/harness';

const user = userEvent.setup({ delay: null });

const importView = {
  id: 7,
  source: 'lubelogger-fuel',
  fileName: 'fuel.csv',
  state: 'validated',
  progress: { done: 0, total: 2 },
  counts: { valid: 1, warnings: 1, errors: 0, written: 0, skipped: 0, failed: 0 },
  createdAt: '2026-11-24T10:00:00Z',
  finishedAt: null,
  error: null,
};

beforeEach(() => {
  localStorage.clear();
  signIn();
});

describe('the import wizard: Review of duplicate rows', () => {
  it('offers "Import anyway" on a duplicate row only, sends the choice and shows the row as the server has it', async () => {
    let keep = false;
    const duplicate = () => ({ rowNumber: 2, status: 'warning', messages: ['row 2: duplicate of a record already stored'], record: {}, duplicate: true, keep });
    const { calls } = mockFetch({
      'GET /api/imports/7': () => json({ ...importView, duplicatesSkipped: keep ? 0 : 1 }),
      'GET /api/imports/7/rows': () =>
        json({
          content: [duplicate(), { rowNumber: 3, status: 'warning', messages: ['row 3: no store'], record: {} }],
          totalElements: 2,
          totalPages: 1,
          number: 0,
          size: 50,
        }),
      'PUT /api/imports/7/rows/2': (req) => {
        keep = (req.body as { keep: boolean }).keep;
        return json(duplicate());
      },
    });
    renderApp(routes, { url: '/import?id=7' });
    expect(await screen.findByText('row 2: duplicate of a record already stored')).toBeInTheDocument();
    const toggles = screen.getAllByRole('switch', { name: 'Import anyway' });
    expect(toggles).toHaveLength(1);
    expect(toggles[0]).not.toBeChecked();

    await user.click(toggles[0]);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Import anyway' })).toBeChecked());
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.url, c.body])).toEqual([['/api/imports/7/rows/2', { keep: true }]]);
    // The rows are read again after the change.
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/imports/7/rows')).length).toBeGreaterThan(1));
    expect(screen.getByRole('switch', { name: 'Import anyway' })).toBeChecked();
    // The kept duplicate is imported with the other row.
    await user.click(screen.getByRole('button', { name: 'Continue to import' }));
    expect(await screen.findByRole('button', { name: 'Import 2 rows' })).toBeEnabled();
  });

  it('counts the duplicates left skipped out of the rows to import', async () => {
    mockFetch({
      'GET /api/imports/7': json({ ...importView, duplicatesSkipped: 1 }),
      'GET /api/imports/7/rows': json({ content: [], totalElements: 0, totalPages: 1, number: 0, size: 50 }),
    });
    renderApp(routes, { url: '/import?id=7' });
    await user.click(await screen.findByRole('button', { name: 'Continue to import' }));
    expect(await screen.findByRole('button', { name: 'Import 1 row' })).toBeEnabled();
  });
});
