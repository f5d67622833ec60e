import { jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PageView } from '@wrenchlog/contracts';
import { json, mockFetch, pending, renderApp, signIn, type Handler } from '../../test/harness';
import AnalyticsTab from './AnalyticsTab';

const user = userEvent.setup({ delay: null });

function view(id: number, fields: Partial<PageView> = {}): PageView {
  return {
    id,
    page: id % 2 ? '/pricing' : '/about',
    referrer: id % 3 ? `https://ref.test/${id}` : null,
    userAgent: 'Mozilla/5.0 Test',
    ipAddress: '127.0.0.1',
    timestamp: '2026-03-01T10:00:00Z',
    country: 'Local',
    ...fields,
  };
}

const views = (n: number) => Array.from({ length: n }, (_, i) => view(n - i));

function backend(extra: Record<string, Handler | Response> = {}) {
  return mockFetch({
    'GET /api/analytics/pageviews/recent': json(views(23)),
    'GET /api/analytics/pageviews/daily': json([]),
    ...extra,
  });
}

const table = () => screen.findByRole('table', { name: 'Page views' });
const records = screen.getByRole.bind(screen, 'region', { name: 'Page view records' });

beforeEach(() => {
  localStorage.clear();
  signIn();
  (globalThis as { __WIDE__?: boolean }).__WIDE__ = true;
});

describe('AnalyticsTab', () => {
  it('shows the 100 most recent views first, 10 rows a page, with every column', async () => {
    const { calls } = backend();
    renderApp(<AnalyticsTab />);
    const t = await table();
    expect(
      within(t)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['ID', 'Page', 'Referrer', 'User Agent', 'IP Address', 'Timestamp', 'Country']);
    expect(within(t).getAllByRole('row')).toHaveLength(1 + 10);
    expect(screen.getByText('Displaying 10 of 23 fetched records.')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/analytics/pageviews/recent?count=100')).toBe(true);
  });

  it("shows 'N/A' for an empty referrer", async () => {
    backend({
      'GET /api/analytics/pageviews/recent': json([view(1, { referrer: 'https://search.test/' }), view(3, { referrer: null }), view(6, { referrer: '' })]),
    });
    renderApp(<AnalyticsTab />);
    const t = await table();
    const referrers = within(t)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[2].textContent);
    expect(referrers).toEqual(['https://search.test/', 'N/A', 'N/A']);
  });

  it('keeps the client page between 1 and the total', async () => {
    backend();
    renderApp(<AnalyticsTab />);
    await table();
    const region = records();
    const prev = within(region).getByRole('button', { name: 'Previous' });
    const next = within(region).getByRole('button', { name: 'Next' });
    expect(prev).toBeDisabled();
    await user.click(next);
    await user.click(next);
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByText('Displaying 3 of 23 fetched records.')).toBeInTheDocument();
    expect(next).toBeDisabled();
    await user.click(prev);
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('fills the page path from a page cell and queries by page with the record count', async () => {
    const { calls } = backend({ 'GET /api/analytics/pageviews/by-page': json([view(7, { page: '/pricing' })]) });
    renderApp(<AnalyticsTab />);
    const t = await table();
    const input = screen.getByLabelText('Page path');
    expect(input).toHaveValue('/');
    await user.click(within(t).getAllByRole('button', { name: '/pricing' })[0]);
    expect(input).toHaveValue('/pricing');
    const form = screen.getByRole('form', { name: 'Views by page' });
    expect(within(form).getByLabelText('Records')).toHaveValue('50');
    await user.click(within(form).getByRole('button', { name: 'Load by Page' }));
    expect(await screen.findByRole('heading', { name: 'Views of /pricing' })).toBeInTheDocument();
    await screen.findByText('Displaying 1 of 1 fetched records.');
    expect(calls.some((c) => c.url === '/api/analytics/pageviews/by-page?page=%2Fpricing&count=50')).toBe(true);
  });

  it('shows the empty text and the failure texts', async () => {
    backend({ 'GET /api/analytics/pageviews/recent': json([]), 'GET /api/analytics/pageviews/by-page': json({ statusCode: 500 }, 500) });
    renderApp(<AnalyticsTab />);
    expect(await screen.findByText('No page view data available for the current criteria.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load by Page' }));
    expect(await screen.findByText('Failed to load page views by page.')).toBeInTheDocument();
  });

  it('shows the recent failure text', async () => {
    backend({ 'GET /api/analytics/pageviews/recent': json({ statusCode: 503 }, 503) });
    renderApp(<AnalyticsTab />);
    expect(await screen.findByText('Failed to load recent page views.')).toBeInTheDocument();
  });

  it('explains an empty chart: daily counts come from the aggregation job', async () => {
    backend({ 'GET /api/analytics/pageviews/recent': pending });
    renderApp(<AnalyticsTab />);
    expect(await screen.findByText('No daily counts yet')).toBeInTheDocument();
    expect(screen.getByText(/Run it in the Admin tab/)).toBeInTheDocument();
  });

  it('sums the daily counts of the last 30 days for the chart', async () => {
    // recharts measures its container, which jsdom does not lay out.
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const today = new Date().toISOString().slice(0, 10);
    const { calls } = backend({
      'GET /api/analytics/pageviews/daily': json([
        { day: today, page: '/', count: 4 },
        { day: today, page: '/pricing', count: 2 },
      ]),
    });
    renderApp(<AnalyticsTab />);
    expect(await screen.findByText(`6 views in the last 30 days; busiest day ${today} with 6.`)).toBeInTheDocument();
    expect(screen.getByText('Top pages: / (4), /pricing (2)')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.url === '/api/analytics/pageviews/daily?days=30')).toBe(true));
    warn.mockRestore();
  });
});
