import { jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createAppServices } from '../../app/services';
import { json, mockFetch, pending, renderApp, signIn, type Handler } from '../../test/harness';
import SettingsPage from './SettingsPage';

const user = userEvent.setup({ delay: null });

/** Renders /settings for a signed-in user with the given admin level. */
function renderSettings(adminLevel: number, url = '/settings', role = 'owner') {
  signIn();
  const services = createAppServices({ locks: undefined, onStorage: undefined });
  (services.session as unknown as { set(v: object): void }).set({
    status: 'authenticated',
    user: { id: 42, name: 'Pat Owner', username: 'pat@example.com', adminLevel, accountId: 42, role },
  });
  return renderApp(<SettingsPage />, { url, path: '/settings', services });
}

function backend(imageStats: Handler | Response = json({ imageCount: 12, totalImageSize: 5 * 1048576 + 524288 })) {
  return mockFetch({
    'GET /api/user/42/imageStats': imageStats,
    'GET /api/admin/users': json([]),
    'GET /api/admin/jobs': json([]),
    'GET /api/admin/contacts': json({ content: [], totalPages: 1, totalElements: 0, number: 0, size: 10 }),
    'GET /api/analytics/pageviews/recent': json([]),
    'GET /api/analytics/pageviews/daily': json([]),
    'GET /api/notifications/preferences': json({
      digestTime: '07:00',
      timeZone: 'Europe/Berlin',
      kinds: { maintenance: ['inapp'], lowStock: [], weeklyReport: [] },
    }),
    'GET /api/webhooks': json([]),
  });
}

const accountDetails = () => screen.getByRole('region', { name: 'Account Details' });

beforeEach(() => {
  localStorage.clear();
});

describe('SettingsPage', () => {
  it('shows a normal user (the owner of their account) the Settings, Members, Import, Inspection forms and Job templates tabs (no admin tab), with the account size', async () => {
    backend();
    renderSettings(0);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Settings', 'Members', 'Import', 'Inspection forms', 'Job templates', 'API tokens']);
    expect(await within(accountDetails()).findByText('12 images (5.50 MB)')).toBeInTheDocument();
    expect(within(accountDetails()).getByText('Pat Owner')).toBeInTheDocument();
  });

  it("says 'Loading...' while the account size loads", async () => {
    backend(pending);
    renderSettings(0);
    expect(await within(accountDetails()).findByText('Loading...')).toBeInTheDocument();
  });

  it("says 'Could not load account size.' when it fails", async () => {
    backend(json({ statusCode: 500, message: 'boom' }, 500));
    renderSettings(0);
    expect(await within(accountDetails()).findByText('Could not load account size.')).toBeInTheDocument();
  });

  it('shows an operator neither Members, Import nor Webhooks, and ignores ?tab=members (issue 32)', async () => {
    const { calls } = backend();
    renderSettings(0, '/settings?tab=members', 'operator');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Settings', 'API tokens']);
    await screen.findByRole('region', { name: 'Notifications' });
    expect(screen.queryByRole('region', { name: 'Webhooks' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/accounts'))).toBe(false);
  });

  it('ignores ?tab=admin for a normal user', async () => {
    const { calls } = backend();
    renderSettings(0, '/settings?tab=admin');
    expect(await within(accountDetails()).findByText('12 images (5.50 MB)')).toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/admin/'))).toBe(false);
  });

  it('shows no placeholder sections: no Machine Preferences under COMING SOON, no Parts and Services (issue 38)', async () => {
    backend();
    renderSettings(0);
    await screen.findByRole('region', { name: 'Notifications' });
    expect(screen.queryByText('COMING SOON')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Machine Preferences' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Parts and Services' })).not.toBeInTheDocument();
    expect(screen.queryByText(/will appear here/)).not.toBeInTheDocument();
  });

  it('shows the notification settings as a real section, no longer COMING SOON (issue 24)', async () => {
    backend();
    renderSettings(0);
    const section = screen.getByRole('region', { name: 'Notifications' });
    const box = await within(section).findByRole('checkbox', { name: 'Maintenance reminders: In-app' });
    expect(box).toBeChecked();
    expect(box.closest('[inert]')).toBeNull();
    expect(within(section).queryByText('COMING SOON')).not.toBeInTheDocument();
    for (const name of ['Webhooks', 'Calendar feed', 'Browser push']) {
      expect(screen.getByRole('region', { name })).toBeInTheDocument();
    }
  });

  it('goes to /login on Logout even if the logout call fails', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({
      'GET /api/user/42/imageStats': json({ imageCount: 0, totalImageSize: 0 }),
      'POST /api/auth/logout': () => Promise.reject(new TypeError('network down')),
    });
    const { router } = renderSettings(0);
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('wrenchlog.token')).toBeNull();
    expect(log).toHaveBeenCalledWith('Logout call failed', expect.any(TypeError));
    log.mockRestore();
  });

  it('shows admins the Admin and Analytics tabs, loading each on demand', async () => {
    const { calls } = backend();
    const { router } = renderSettings(1);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Settings',
      'Members',
      'Import',
      'Inspection forms',
      'Job templates',
      'API tokens',
      'Admin',
      'Analytics',
    ]);
    await within(accountDetails()).findByText('12 images (5.50 MB)');
    expect(calls.some((c) => c.url.startsWith('/api/admin/') || c.url.startsWith('/api/analytics/'))).toBe(false);

    await user.click(screen.getByRole('tab', { name: 'Admin' }));
    expect(await screen.findByRole('region', { name: 'User Management' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Background Processes and Jobs' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=admin');

    await user.click(screen.getByRole('tab', { name: 'Analytics' }));
    expect(await screen.findByRole('heading', { name: 'Page Analytics' })).toBeInTheDocument();
    expect(await screen.findByText('No page view data available for the current criteria.')).toBeInTheDocument();
  });
});
