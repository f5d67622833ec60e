import { screen } from '@testing-library/react';
import { json, mockFetch, renderApp, signIn } from '../../test/harness';
import { IssuesSummary } from './IssuesSummary';
import { anIssue } from './work.fixture';

const count = (n: number) => json({ content: n > 0 ? [anIssue()] : [], totalPages: n, totalElements: n, number: 0, size: 1 });

beforeEach(() => {
  localStorage.clear();
  signIn();
});

describe('IssuesSummary', () => {
  it('counts the open issues by priority, each linking to the list filtered to it', async () => {
    const { calls } = mockFetch({
      'GET /api/issues': (req) => {
        const priority = new URL(req.url, 'http://x').searchParams.get('priority');
        return count({ critical: 1, high: 3, medium: 0, low: 2 }[priority ?? ''] ?? 0);
      },
    });
    renderApp(<IssuesSummary />);
    const critical = await screen.findByRole('link', { name: 'Critical: 1' });
    expect(critical).toHaveAttribute('href', '/issues?priority=critical');
    expect(screen.getByRole('link', { name: 'High: 3' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Medium: 0' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Low: 2' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All' })).toHaveAttribute('href', '/issues');
    // Open means open or on a work order not done yet; one row each is enough for a count.
    expect(calls.every((c) => c.url.includes('status=open%2Cin_progress') && c.url.includes('size=1'))).toBe(true);
  });

  it('says when the counts cannot be read, with a retry', async () => {
    mockFetch({ 'GET /api/issues': json({ statusCode: 500, code: 'INTERNAL', message: 'x', correlationId: 'x' }, 500) });
    renderApp(<IssuesSummary />);
    expect(await screen.findByText('Failed to load open issues')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry loading open issues' })).toBeInTheDocument();
  });
});
