import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '../../app/routes';
import { json, mockFetch, pending, renderApp, signIn } from '../../test/harness';

const user = userEvent.setup({ delay: null });

const done = {
  id: 9,
  source: 'fuelly',
  fileName: 'fuelly.csv',
  state: 'done',
  progress: { done: 5, total: 5 },
  counts: { valid: 4, warnings: 1, errors: 0, written: 5, skipped: 0, failed: 0 },
  createdAt: '2026-11-24T10:00:00Z',
  finishedAt: '2026-11-24T10:01:00Z',
  error: null,
};
const reviewed = {
  ...done,
  id: 8,
  source: 'lubelogger-fuel',
  fileName: 'fuel.csv',
  state: 'validated',
  counts: { valid: 3, warnings: 1, errors: 0, written: 0, skipped: 0, failed: 0 },
  finishedAt: null,
};
const history = (content: object[]) => ({ content, totalElements: content.length, totalPages: 1, number: 0, size: 20 });

beforeEach(() => {
  localStorage.clear();
  signIn();
});

describe('Settings > Import', () => {
  it('lists the imports with their counts and state, and reverts one after a dialog saying how many records it deletes', async () => {
    let reverted = false;
    const { calls } = mockFetch({
      'GET /api/user/1/imageStats': json({ imageCount: 0, totalImageSize: 0 }),
      'GET /api/imports': () => json(history([reverted ? { ...done, state: 'reverted' } : done, reviewed])),
      'POST /api/imports/9/revert': () => {
        reverted = true;
        return json({}, 202);
      },
    });
    renderApp(routes, { url: '/settings?tab=import' });
    // A phone (the tests' default width): one card per import.
    const list = await screen.findByRole('list', { name: 'Import history' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('fuelly.csv');
    expect(first).toHaveTextContent('Fuelly');
    expect(first).toHaveTextContent('4 valid, 1 warning, 0 errors');
    expect(first).toHaveTextContent('5 imported, 0 skipped, 0 failed');
    expect(first).toHaveTextContent('Imported');
    expect(second).toHaveTextContent('Reviewed');
    expect(within(second).queryByRole('button', { name: /Revert/ })).not.toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'fuelly.csv' })).toHaveAttribute('href', '/import?id=9');

    await user.click(within(first).getByRole('button', { name: 'Revert the import of fuelly.csv' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('This deletes the 5 records it created');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(first).getByRole('button', { name: 'Revert the import of fuelly.csv' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revert' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Import history' })).getAllByRole('listitem')[0]).toHaveTextContent('Reverted'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/imports/9/revert']);
  });

  it('shows the history as a table on a wide screen', async () => {
    (globalThis as { __WIDE__?: boolean }).__WIDE__ = true;
    try {
      mockFetch({ 'GET /api/user/1/imageStats': json({ imageCount: 0, totalImageSize: 0 }), 'GET /api/imports': json(history([done, reviewed])) });
      renderApp(routes, { url: '/settings?tab=import' });
      const table = await screen.findByRole('table', { name: 'Import history' });
      expect(
        within(table)
          .getAllByRole('row')
          .map((r) => r.textContent),
      ).toEqual(['FileTimeSourceRowsStateActions', expect.stringContaining('fuelly.csv'), expect.stringContaining('fuel.csv')]);
      expect(within(table).getAllByRole('row')[1]).toHaveTextContent('5 imported, 0 skipped, 0 failed');
      expect(within(table).getByRole('button', { name: 'Revert the import of fuelly.csv' })).toBeInTheDocument();
    } finally {
      (globalThis as { __WIDE__?: boolean }).__WIDE__ = false;
    }
  });

  it('shows a loading state while the history loads', async () => {
    mockFetch({ 'GET /api/user/1/imageStats': json({ imageCount: 0, totalImageSize: 0 }), 'GET /api/imports': pending });
    renderApp(routes, { url: '/settings?tab=import' });
    expect(await screen.findByText('Loading imports...')).toBeInTheDocument();
  });

  it('says so when there are no imports, with a way to start', async () => {
    mockFetch({ 'GET /api/user/1/imageStats': json({ imageCount: 0, totalImageSize: 0 }), 'GET /api/imports': json(history([])) });
    renderApp(routes, { url: '/settings?tab=import' });
    expect(await screen.findByText('No imports yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start an import' })).toHaveAttribute('href', '/import');
  });

  it('says the history could not load, with a retry', async () => {
    mockFetch({
      'GET /api/user/1/imageStats': json({ imageCount: 0, totalImageSize: 0 }),
      'GET /api/imports': json({ statusCode: 500, code: 'INTERNAL', message: 'x' }, 500),
    });
    renderApp(routes, { url: '/settings?tab=import' });
    expect(await screen.findByText('Could not load your imports.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('builds an export in the background and offers its link when ready', async () => {
    let reads = 0;
    const { calls } = mockFetch({
      'GET /api/user/1/imageStats': json({ imageCount: 0, totalImageSize: 0 }),
      'GET /api/imports': json(history([])),
      'POST /api/exports': json({ id: 4 }, 202),
      'GET /api/exports/4': () =>
        json(++reads < 2 ? { id: 4, state: 'running', url: null } : { id: 4, state: 'ready', url: '/api/exports/files/u1/4.zip?sig=abc' }),
    });
    renderApp(routes, { url: '/settings?tab=import' });
    await user.click(await screen.findByRole('button', { name: 'Download all my data' }));
    expect(await screen.findByText('Preparing your export...')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Download the ZIP' }, { timeout: 4000 })).toHaveAttribute('href', '/api/exports/files/u1/4.zip?sig=abc');
    expect(calls.filter((c) => c.url === '/api/exports/4').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('link', { name: 'Restore' })).toHaveAttribute('href', '/import?source=wrenchlog-export');
  });
});
