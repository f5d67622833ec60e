import { jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { routes } from '../../app/routes';
import { json, mockFetch, renderApp } from '../../test/harness';
import { PAGE_LOAD, deferred, put, user } from './public-test-kit';
import { SIGNUP_FAILURE } from './SignupPage';

beforeEach(() => localStorage.clear());

describe('SignupPage', () => {
  it('shows the fields with their help texts and a Log In link; Sign Up waits for name and a valid email', async () => {
    mockFetch(PAGE_LOAD);
    renderApp(routes, { url: '/signup' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign Up' })).toBeInTheDocument();
    expect(screen.getByText(/You can change it later/)).toBeInTheDocument();
    expect(
      screen.getByText('Your login credentials will be sent to this address: a link to set your password, once your account is approved.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/referral code/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('type', 'email');
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    const button = screen.getByRole('button', { name: 'Sign Up' });
    expect(button).toBeDisabled();
    await put(/Account Name/, 'Reyes Rentals');
    await put(/^Email/, 'dana@');
    await user.click(screen.getByLabelText(/How will you use/));
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('data-error');
    expect(button).toBeDisabled();
    await put(/^Email/, 'reyes.example');
    expect(button).toBeEnabled();
  });

  it('sends the new-user payload, shows the check-your-email panel, then goes to /signup-success with email and name', async () => {
    const reply = deferred();
    const { calls } = mockFetch({ ...PAGE_LOAD, 'POST /api/admin/createuser': reply.handler });
    const { router } = renderApp(routes, { url: '/signup' });
    await put(/Account Name/, 'Reyes Rentals');
    await put(/^Email/, 'dana@reyes.example');
    await put(/How will you use/, 'Trailers. Code FRIEND-42');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    const body = calls.find((c) => c.url === '/api/admin/createuser')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ username: 'dana@reyes.example', name: 'Reyes Rentals', userSelfDescription: 'Trailers. Code FRIEND-42', enabled: 1 });
    expect(Date.parse(body.createDate as string)).not.toBeNaN();
    reply.resolve(json({ id: 7, name: 'Reyes Rentals', username: 'dana@reyes.example', enabled: 0 }, 201));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup-success'));
    const params = new URLSearchParams(router.state.location.search);
    expect([params.get('email'), params.get('name')]).toEqual(['dana@reyes.example', 'Reyes Rentals']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you, Reyes Rentals!' })).toBeInTheDocument();
    expect(screen.getByTestId('signup-email')).toHaveTextContent('dana@reyes.example');
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });

  it('keeps the form and says so when the signup fails', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({ ...PAGE_LOAD, 'POST /api/admin/createuser': json({ statusCode: 503, code: 'UNAVAILABLE', message: 'down', correlationId: 'c' }, 503) });
    const { router } = renderApp(routes, { url: '/signup' });
    await put(/Account Name/, 'Reyes Rentals');
    await put(/^Email/, 'dana@reyes.example');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SIGNUP_FAILURE);
    expect(screen.getByLabelText(/Account Name/)).toHaveValue('Reyes Rentals');
    expect(router.state.location.pathname).toBe('/signup');
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it('greets without a name when none is given', async () => {
    mockFetch(PAGE_LOAD);
    renderApp(routes, { url: '/signup-success?email=pat%40example.com' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for signing up!' })).toBeInTheDocument();
    expect(screen.getByTestId('signup-email')).toHaveTextContent('pat@example.com');
    expect(screen.getByText(/login credentials will come/)).toBeInTheDocument();
    // Issue 18: the same flow every text tells: an emailed link to set one's own password.
    expect(screen.getByText(/a link to set your own password \(it works once, for 48 hours\)/)).toBeInTheDocument();
  });
});
