import { screen, waitFor } from '@testing-library/react';
import { jest } from '@jest/globals';
import userEvent from '@testing-library/user-event';
import { routes } from '../../app/routes';
import { json, mockFetch, renderApp } from '../../test/harness';

const user = userEvent.setup({ delay: null });

beforeEach(() => localStorage.clear());

const me = { id: 1, name: 'Pat Owner', username: 'pat@example.com', adminLevel: 0 };

describe('LoginPage', () => {
  it('shows the app version, the API version and a Sign Up link', async () => {
    mockFetch({ 'GET /api/root/githash': json({ value: 'abc1234' }) });
    renderApp(routes, { url: '/login' });
    await waitFor(() => expect(screen.getByTestId('api-version')).toHaveTextContent('abc1234'));
    expect(screen.getByTestId('app-version')).toHaveTextContent('test123');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
  });

  it('says the form is invalid when a field is empty, and sends nothing', async () => {
    const { calls } = mockFetch({ 'GET /api/root/githash': json({ value: 'x' }) });
    renderApp(routes, { url: '/login' });
    await user.type(await screen.findByLabelText(/Email Address/), 'pat@example.com');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('The login form is invalid')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/auth/login')).toBe(false);
    // Nothing typed is lost.
    expect(screen.getByLabelText(/Email Address/)).toHaveValue('pat@example.com');
  });

  it('says the account awaits approval when the server says so (right password), not the generic failure', async () => {
    mockFetch({
      'GET /api/root/githash': json({ value: 'x' }),
      'POST /api/auth/login': json({ statusCode: 403, code: 'ACCOUNT_PENDING', message: 'Your account is waiting for approval.', correlationId: 'c' }, 403),
    });
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp(routes, { url: '/login' });
    await user.type(await screen.findByLabelText(/Email Address/), 'new@example.com');
    await user.type(screen.getByLabelText(/Password/), 'secret-1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Your account is waiting for approval')).toBeInTheDocument();
    expect(screen.getByText('An administrator has not approved it yet. You will receive an email when you can sign in.')).toBeInTheDocument();
    expect(screen.queryByText('Login failed, check the console log for details')).not.toBeInTheDocument();
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it('keeps the generic failure text for a wrong password, and links to Forgot password', async () => {
    mockFetch({
      'GET /api/root/githash': json({ value: 'x' }),
      'POST /api/auth/login': json({ statusCode: 401, code: 'UNAUTHORIZED', message: 'Invalid email or password', correlationId: 'c' }, 401),
    });
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp(routes, { url: '/login' });
    await user.type(await screen.findByLabelText(/Email Address/), 'new@example.com');
    await user.type(screen.getByLabelText(/Password/), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Login failed, check the console log for details')).toBeInTheDocument();
    expect(screen.queryByText('Your account is waiting for approval')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    error.mockRestore();
  });

  it('signs in with the email as username and goes to the returnUrl', async () => {
    const { calls } = mockFetch({
      'GET /api/root/githash': json({ value: 'x' }),
      'POST /api/auth/login': json({ accessToken: 'T1', expiresIn: 900000, type: 'Bearer' }),
      'GET /api/user/me': json(me),
      'GET /api/machines/all': json([]),
    });
    const { router } = renderApp(routes, { url: '/login?returnUrl=%2Fmachines' });
    await user.type(await screen.findByLabelText(/Email Address/), 'pat@example.com');
    await user.type(screen.getByLabelText(/Password/), 'secret-1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/machines'));
    expect(calls.find((c) => c.url === '/api/auth/login')?.body).toEqual({ username: 'pat@example.com', password: 'secret-1' });
    expect(localStorage.getItem('wrenchlog.token')).toBe('T1');
    expect(await screen.findByRole('heading', { name: 'Browse Machines' })).toBeInTheDocument();
  });

  it('goes to /dashboard when the return target is another origin', async () => {
    mockFetch({
      'GET /api/root/githash': json({ value: 'x' }),
      'POST /api/auth/login': json({ accessToken: 'T1', expiresIn: 900000, type: 'Bearer' }),
      'GET /api/user/me': json(me),
      'GET /api/machines/recentlyserviced': json([]),
    });
    const { router } = renderApp(routes, { url: '/login?redirect=https%3A%2F%2Fevil.example%2F' });
    await user.type(await screen.findByLabelText(/Email Address/), 'pat@example.com');
    await user.type(screen.getByLabelText(/Password/), 'pw');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
