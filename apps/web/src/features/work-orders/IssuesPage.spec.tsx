import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '../../app/routes';
import { json, mockFetch, renderApp, signIn } from '../../test/harness';
import { anIssue, pageOf } from './work.fixture';

const user = userEvent.setup({ delay: null });

beforeEach(() => {
  localStorage.clear();
  signIn();
  (globalThis as { __WIDE__?: boolean }).__WIDE__ = true;
});

describe('IssuesPage', () => {
  it("lists the open issues of the dashboard's priority, each with its machine, and filters by status", async () => {
    const { calls } = mockFetch({
      'GET /api/accounts': json([]),
      'GET /api/issues': json(pageOf([anIssue({ id: 3, title: 'Brake leak', priority: 'critical', machineName: 'Loader' })])),
    });
    const { router } = renderApp(routes, { url: '/issues?priority=critical' });
    const item = await screen.findByTestId('issue-item');
    expect(within(item).getByText('Brake leak')).toBeInTheDocument();
    expect(within(item).getByRole('link', { name: 'Loader' })).toHaveAttribute('href', '/machines/7');
    expect(calls.find((c) => c.url.startsWith('/api/issues'))?.url).toBe('/api/issues?status=open%2Cin_progress&priority=critical&page=0&size=20');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'resolved');
    await waitFor(() => expect(router.state.location.search).toBe('?priority=critical&status=resolved'));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/issues?status=resolved&priority=critical&page=0&size=20')).toBe(true));
  });
});
