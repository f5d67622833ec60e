import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderApp, signIn } from '../test/harness';
import { routes } from './routes';

const user = userEvent.setup({ delay: null });

beforeEach(() => localStorage.clear());

describe('routes and guard', () => {
  it.each([
    '/dashboard',
    '/reports?period=last12',
    '/machines',
    '/machines/5?tab=parts',
    '/services',
    '/parts',
    '/fast-create',
    '/settings',
    '/fuel-record?machineId=2&mode=full',
    '/service-record/4',
    '/part-purchase/3',
    '/parts/9',
    '/notifications',
  ])('sends a signed-out visitor of %s to /login with the returnUrl', async (url) => {
    mockFetch({ 'GET /api/root/githash': json({ value: 'x' }) });
    const { router } = renderApp(routes, { url });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('returnUrl')).toBe(url);
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it.each([
    '/',
    '/landing',
    '/pricing',
    '/roadmap',
    '/about',
    '/signup',
    '/signup-success',
    '/replacespreadsheets',
    '/contact-sales',
    '/platinumAccountRequest',
  ])('lets anyone open the public page %s', async (url) => {
    mockFetch({});
    const { router } = renderApp(routes, { url });
    await screen.findByRole('heading', { level: 1 });
    expect(router.state.location.pathname).toBe(url);
  });

  it('shows the signed-out header menu without navigation', async () => {
    mockFetch({});
    renderApp(routes, { url: '/pricing' });
    await screen.findByRole('heading', { name: 'Pricing' });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(Array.from(menu.querySelectorAll('a,button')).map((e) => e.textContent)).toEqual(['Home', 'Login', 'Pricing', 'Roadmap', 'About']);
    expect(screen.queryByRole('navigation', { name: 'Sections' })).not.toBeInTheDocument();
  });

  it('shows the signed-in menu and the bottom bar, whose last item is Create', async () => {
    signIn();
    mockFetch({ 'GET /api/machines/recentlyserviced': json([]) });
    renderApp(routes, { url: '/dashboard' });
    await screen.findByText('No machines yet');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(Array.from(menu.querySelectorAll('a,button')).map((e) => e.textContent)).toEqual([
      'Home',
      'Dashboard',
      'Due',
      'Work orders',
      'My work',
      'Reports',
      'Settings',
      'Pricing',
      'Roadmap',
      'About',
      'Logout',
    ]);
    const bar = screen.getByRole('navigation', { name: 'Sections' });
    expect(Array.from(bar.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Dashboard', '/dashboard'],
      ['Machines', '/machines'],
      ['Services', '/services'],
      ['Parts', '/parts'],
      ['Create', '/fast-create'],
    ]);
  });

  it('logs out from the header menu to /login and tells the server', async () => {
    signIn();
    const { calls } = mockFetch({
      'GET /api/machines/recentlyserviced': json([]),
      'POST /api/auth/logout': new Response('Logged out'),
      'GET /api/root/githash': json({ value: 'x' }),
    });
    const { router } = renderApp(routes, { url: '/dashboard' });
    await screen.findByText('No machines yet');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('wrenchlog.token')).toBeNull();
    await waitFor(() => expect(calls.some((c) => c.url === '/api/auth/logout' && c.method === 'POST')).toBe(true));
  });
  it.each([
    ['the header menu', '/dashboard'],
    ['Settings', '/settings'],
  ])('a deliberate logout from %s lands on plain /login, with no return address', async (_where, url) => {
    signIn();
    mockFetch({
      'GET /api/machines/recentlyserviced': json([]),
      'GET /api/user/1/imageStats': json({ imageCount: 0, totalImageSize: 0 }),
      'POST /api/auth/logout': new Response('Logged out'),
      'GET /api/root/githash': json({ value: 'x' }),
    });
    const { router } = renderApp(routes, { url });
    if (url === '/settings') {
      await user.click(await screen.findByRole('button', { name: 'Logout' }));
    } else {
      await screen.findByText('No machines yet');
      await user.click(screen.getByRole('button', { name: 'Open menu' }));
      await user.click(screen.getByRole('button', { name: 'Logout' }));
    }
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/login');
  });
  it("offers 'Skip to content' as the first stop of Tab, which moves focus to the page", async () => {
    signIn();
    mockFetch({ 'GET /api/machines/recentlyserviced': json([]) });
    renderApp(routes, { url: '/dashboard' });
    await screen.findByText('No machines yet');
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(document.getElementById('main-content')).toHaveFocus();
    expect(document.getElementById('main-content')).toContainElement(screen.getByText('No machines yet'));
  });
});
