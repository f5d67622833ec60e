import { jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { routes } from '../../app/routes';
import { json, mockFetch, renderApp } from '../../test/harness';
import { CONTACT_FAILURE, CONTACT_SUCCESS } from './ContactSalesPage';
import { deferred, PAGE_LOAD, put, user } from './public-test-kit';

async function fill() {
  await put(/Full Name/, 'Dana Reyes');
  await put(/Company Name/, 'Reyes Rentals');
  await put(/Email Address/, 'dana@reyes.example');
  await put(/^Message/, 'We run 14 trailers and 3 trucks.');
}

const submit = () => screen.getByRole('button', { name: /Submit/ });

beforeEach(() => localStorage.clear());

describe('ContactSalesPage', () => {
  it('shows the title, the fields and a disabled Submit until the form is valid', async () => {
    mockFetch(PAGE_LOAD);
    renderApp(routes, { url: '/contact-sales' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact Sales' })).toBeInTheDocument();
    expect(screen.getByText(/Our team will be in touch shortly/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Phone Number \(Optional\)/)).not.toBeRequired();
    expect(submit()).toBeDisabled();
    await fill();
    expect(submit()).toBeEnabled();
  });

  it('marks touched invalid fields red with their message, and only those', async () => {
    mockFetch(PAGE_LOAD);
    renderApp(routes, { url: '/contact-sales' });
    const name = await screen.findByLabelText(/Full Name/);
    const email = screen.getByLabelText(/Email Address/);
    const message = screen.getByLabelText(/^Message/);
    await user.click(name);
    await user.click(email);
    await user.paste('dana@');
    await user.click(message);
    // Name and email were left; the message box was never left, so it stays plain.
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAttribute('data-error');
    expect(screen.getByText('Full Name is required')).toBeInTheDocument();
    expect(email).toHaveAttribute('data-error');
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(message).not.toHaveAttribute('data-error');
    // Company and phone are optional: touched and empty is fine.
    await user.click(screen.getByLabelText(/Company Name/));
    await user.click(screen.getByLabelText(/Phone Number/));
    await user.click(name);
    expect(screen.getByLabelText(/Company Name/)).not.toHaveAttribute('data-error');
    expect(submit()).toBeDisabled();
  });

  it('sends the shared contact submission, shows Submitting... while in flight, then thanks and resets', async () => {
    const reply = deferred();
    const info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
    const { calls } = mockFetch({ ...PAGE_LOAD, 'POST /api/contact': reply.handler });
    renderApp(routes, { url: '/contact-sales' });
    await fill();
    await user.click(submit());
    const busy = await screen.findByRole('button', { name: 'Submitting...' });
    expect(busy).toBeDisabled();
    // Enter in a field while in flight sends nothing more.
    await user.type(screen.getByLabelText(/Full Name/), '{enter}');
    expect(calls.filter((c) => c.url === '/api/contact')).toHaveLength(1);
    expect(calls.find((c) => c.url === '/api/contact')!.body).toEqual({
      name: 'Dana Reyes',
      email: 'dana@reyes.example',
      phone: null,
      company: 'Reyes Rentals',
      message: 'We run 14 trailers and 3 trucks.',
      contactType: 'SalesContact',
    });
    reply.resolve(json({ id: 5 }, 201));
    expect(await screen.findByRole('alert')).toHaveTextContent(CONTACT_SUCCESS);
    expect(screen.getByLabelText(/Full Name/)).toHaveValue('');
    expect(screen.getByLabelText(/^Message/)).toHaveValue('');
    // A reset form is untouched: no red fields.
    expect(screen.getByLabelText(/Full Name/)).not.toHaveAttribute('data-error');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    expect(info).toHaveBeenCalled();
    info.mockRestore();
  });

  it('shows the failure alert and keeps every value', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({ ...PAGE_LOAD, 'POST /api/contact': json({ statusCode: 503, code: 'UNAVAILABLE', message: 'down', correlationId: 'c' }, 503) });
    renderApp(routes, { url: '/contact-sales' });
    await fill();
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(CONTACT_FAILURE);
    expect(screen.getByLabelText(/Full Name/)).toHaveValue('Dana Reyes');
    expect(screen.getByLabelText(/^Message/)).toHaveValue('We run 14 trailers and 3 trucks.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled());
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
