import { jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '../../app/routes';
import { json, mockFetch, renderApp } from '../../test/harness';

const user = userEvent.setup({ delay: null });
const PAGE = { 'GET /api/root/githash': json({ value: 'x' }), 'POST /api/analytics/pageview': json({}, 201) };

beforeEach(() => localStorage.clear());

describe('Forgot password and set password pages (issue 18)', () => {
  it("asks for the email and shows the server's one answer, whatever the email", async () => {
    const answer = 'If an account exists for this email, we have sent it a link to choose a new password. The link expires after 1 hour.';
    const { calls } = mockFetch({ ...PAGE, 'POST /api/auth/forgot-password': json({ message: answer }, 202) });
    renderApp(routes, { url: '/forgot-password' });
    await user.type(await screen.findByLabelText(/Email Address/), 'pat@example.com');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText(answer)).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/auth/forgot-password')?.body).toEqual({ email: 'pat@example.com' });
    expect(calls.find((c) => c.url === '/api/auth/forgot-password')?.headers.get('authorization')).toBeNull();
  });

  it('sets the password with the token of the link and offers to sign in', async () => {
    const { calls } = mockFetch({ ...PAGE, 'POST /api/auth/set-password': json({ username: 'pat@example.com' }) });
    renderApp(routes, { url: '/set-password?token=abc123' });
    await user.type(await screen.findByLabelText(/^New password/), 'Brand-new-pass1');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Brand-new-pass1');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByRole('heading', { name: 'Password set' })).toBeInTheDocument();
    expect(screen.getByText('pat@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(calls.find((c) => c.url === '/api/auth/set-password')?.body).toEqual({ token: 'abc123', password: 'Brand-new-pass1' });
  });

  it('says when the link has expired or was used, with a way to ask for a new one', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const message = 'This link has expired or was already used. Ask for a new one on the sign-in page (Forgot password?).';
    mockFetch({ ...PAGE, 'POST /api/auth/set-password': json({ statusCode: 400, code: 'BAD_REQUEST', message, correlationId: 'c' }, 400) });
    renderApp(routes, { url: '/set-password?token=used' });
    await user.type(await screen.findByLabelText(/^New password/), 'Brand-new-pass1');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Brand-new-pass1');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
    error.mockRestore();
  });
});
