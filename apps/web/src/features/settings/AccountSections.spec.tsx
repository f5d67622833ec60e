import { jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createAppServices } from '../../app/services';
import { json, mockFetch, renderApp, signIn, type Handler } from '../../test/harness';
import SettingsPage from './SettingsPage';

const user = userEvent.setup({ delay: null });
const me = { id: 42, name: 'Pat Owner', username: 'pat@example.com', adminLevel: 0 };

function renderSettings(routes: Record<string, Handler | Response>) {
  const fetched = mockFetch({ 'GET /api/user/42/imageStats': json({ imageCount: 0, totalImageSize: 0 }), ...routes });
  signIn();
  const services = createAppServices({ locks: undefined, onStorage: undefined });
  (services.session as unknown as { set(v: object): void }).set({ status: 'authenticated', user: me });
  renderApp(<SettingsPage />, { url: '/settings', path: '/settings', services });
  return fetched;
}

beforeEach(() => localStorage.clear());

describe('Settings account sections (issue 18)', () => {
  it('renames the account and shows the new name everywhere on the page', async () => {
    let renamed = me.name;
    const { calls } = renderSettings({
      'PUT /api/user/me': ({ body }) => {
        renamed = (body as { name: string }).name;
        return json({ ...me, name: renamed });
      },
      'GET /api/user/me': () => json({ ...me, name: renamed }),
    });
    const details = screen.getByRole('region', { name: 'User Details' });
    expect(within(details).queryByText('COMING SOON')).not.toBeInTheDocument();
    const name = within(details).getByLabelText(/Account name/);
    expect(name).toHaveValue('Pat Owner');
    expect(name).toHaveAttribute('maxlength', '120');
    expect(within(details).getByLabelText('Email')).toHaveValue('pat@example.com');
    await user.clear(name);
    await user.type(name, 'Reyes Rentals');
    await user.click(within(details).getByRole('button', { name: 'Save name' }));

    expect(await within(details).findByText('Account name saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ name: 'Reyes Rentals' });
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Account Details' })).getByText('Reyes Rentals')).toBeInTheDocument());
  });

  it('shows the server field message for a wrong current password and keeps what was typed', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderSettings({
      'POST /api/auth/change-password': json(
        {
          statusCode: 400,
          code: 'VALIDATION',
          message: 'Current password is incorrect',
          correlationId: 'c',
          errors: [{ field: 'currentPassword', message: 'Current password is incorrect' }],
        },
        400,
      ),
    });
    const section = screen.getByRole('region', { name: 'Password' });
    await user.type(within(section).getByLabelText(/^Current password/, { selector: 'input' }), 'not-it-at-all');
    await user.type(within(section).getByLabelText(/^New password/), 'Brand-new-pass1');
    await user.type(within(section).getByLabelText(/^Confirm new password/), 'Brand-new-pass1');
    await user.click(within(section).getByRole('button', { name: 'Change password' }));

    expect(await within(section).findByRole('alert')).toHaveTextContent('Current password is incorrect');
    // Under the field too, not only in the alert.
    expect(within(section).getAllByText('Current password is incorrect')).toHaveLength(2);
    expect(within(section).getByLabelText(/^New password/)).toHaveValue('Brand-new-pass1');
    error.mockRestore();
  });

  it('refuses a short or unconfirmed new password before sending, then changes it and says how many sessions ended', async () => {
    const { calls } = renderSettings({ 'POST /api/auth/change-password': json({ endedSessions: 2 }) });
    const section = screen.getByRole('region', { name: 'Password' });
    await user.type(within(section).getByLabelText(/^Current password/, { selector: 'input' }), 'Old-password-1');
    await user.type(within(section).getByLabelText(/^New password/), 'short');
    await user.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(within(section).getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(within(section).getByText('The passwords do not match')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/auth/change-password')).toBe(false);

    await user.clear(within(section).getByLabelText(/^New password/));
    await user.type(within(section).getByLabelText(/^New password/), 'Brand-new-pass1');
    await user.type(within(section).getByLabelText(/^Confirm new password/), 'Brand-new-pass1');
    await user.click(within(section).getByRole('button', { name: 'Change password' }));

    expect(await within(section).findByText('Password changed. 2 other sessions were signed out.')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/auth/change-password')?.body).toEqual({ currentPassword: 'Old-password-1', newPassword: 'Brand-new-pass1' });
    expect(within(section).getByLabelText(/^Current password/, { selector: 'input' })).toHaveValue('');
  });
});
