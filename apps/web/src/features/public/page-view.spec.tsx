import { jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { routes } from '../../app/routes';
import { json, mockFetch, renderApp } from '../../test/harness';
import { resetMarketingTagsForTests } from './marketing-tags';
import { PAGE_LOAD, user } from './public-test-kit';

const PUBLIC_PAGES = ['/', '/pricing', '/roadmap', '/about', '/replacespreadsheets', '/signup', '/signup-success', '/contact-sales', '/platinumAccountRequest'];

beforeEach(() => {
  localStorage.clear();
  resetMarketingTagsForTests();
  document.head.querySelectorAll('script').forEach((s) => s.remove());
  const w = window as unknown as Record<string, unknown>;
  delete w.fbq;
  delete w._fbq;
  delete w.dataLayer;
});

describe('page views of the public pages', () => {
  it.each(PUBLIC_PAGES)('records one page view of %s on load', async (url) => {
    const { calls } = mockFetch(PAGE_LOAD);
    renderApp(routes, { url });
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/analytics/pageview')).toHaveLength(1));
    const view = calls.find((c) => c.url === '/api/analytics/pageview')!;
    expect(view.body).toMatchObject({ page: url.split('?')[0], userAgent: navigator.userAgent });
  });

  it('only logs a failed page view: nothing is shown', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockFetch({
      ...PAGE_LOAD,
      'POST /api/analytics/pageview': json({ statusCode: 503, code: 'UNAVAILABLE', message: 'Service unavailable', correlationId: 'c' }, 503),
    });
    renderApp(routes, { url: '/pricing' });
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Page view not recorded', expect.anything()));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/Service unavailable/)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Pricing' })).toBeInTheDocument();
    warn.mockRestore();
  });

  it('does not count a tab switch on the landing page as a new view', async () => {
    const { calls } = mockFetch(PAGE_LOAD);
    renderApp(routes, { url: '/' });
    await user.click(await screen.findByRole('tab', { name: 'Rental fleets' }));
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/analytics/pageview')).toHaveLength(1));
  });

  it('loads no third-party script when the operator configured no ids', async () => {
    const { calls } = mockFetch(PAGE_LOAD);
    renderApp(routes, { url: '/about' });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/public-config')).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(document.querySelectorAll('script[src]')).toHaveLength(0);
    expect((window as unknown as { dataLayer?: unknown }).dataLayer).toBeUndefined();
  });

  it('loads the pixel and the tag manager with the configured ids and reports the view to both', async () => {
    mockFetch({ ...PAGE_LOAD, 'GET /api/public-config': json({ metaPixelId: '1234567890', googleTagManagerId: 'GTM-AB12CD' }) });
    renderApp(routes, { url: '/roadmap' });
    await waitFor(() => expect(document.querySelectorAll('script[src]')).toHaveLength(2));
    const sources = Array.from(document.querySelectorAll('script[src]')).map((s) => s.getAttribute('src'));
    expect(sources).toEqual(['https://connect.facebook.net/en_US/fbevents.js', 'https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD']);
    const w = window as unknown as { fbq: { queue: unknown[] }; dataLayer: Record<string, unknown>[] };
    expect(w.fbq.queue).toEqual([
      ['init', '1234567890'],
      ['track', 'PageView'],
    ]);
    expect(w.dataLayer).toContainEqual({ event: 'wrenchlog.pageview', page: '/roadmap' });
  });
});
