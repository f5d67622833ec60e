import { jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { routes } from '../../app/routes';
import { json, mockFetch, renderApp } from '../../test/harness';
import { PLATINUM_FAILURE, PLATINUM_SUCCESS } from './PlatinumInquiryPage';
import { deferred, PAGE_LOAD, put, user } from './public-test-kit';

async function fill() {
  await put(/Full Name/, 'Luis Ortega');
  await put(/Company Name/, 'Ortega Excavation');
  await put(/Phone Number/, '555-0142');
  await put(/Email Address/, 'luis@ortega.example');
  await put(/Describe Your Unique Requirements/, 'Telematics import for 40 machines.');
}

beforeEach(() => localStorage.clear());

describe('PlatinumInquiryPage', () => {
  it('requires name, company, email and requirements; phone is optional', async () => {
    mockFetch(PAGE_LOAD);
    renderApp(routes, { url: '/platinumAccountRequest' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Platinum Account Inquiry' })).toBeInTheDocument();
    expect(screen.getByText('Direct access to the engineering team')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Inquire for Details' });
    expect(button).toBeDisabled();
    for (const label of [/Full Name/, /Company Name/, /Email Address/, /Describe Your Unique Requirements/]) {
      expect(screen.getByLabelText(label)).toBeRequired();
    }
    expect(screen.getByLabelText(/Phone Number \(Optional\)/)).not.toBeRequired();
    // Touch each required field and leave it empty: all four turn red.
    for (const label of [/Full Name/, /Company Name/, /Email Address/, /Describe Your Unique Requirements/]) {
      await user.click(screen.getByLabelText(label));
    }
    await user.click(screen.getByLabelText(/Phone Number/));
    for (const label of [/Full Name/, /Company Name/, /Email Address/, /Describe Your Unique Requirements/]) {
      expect(screen.getByLabelText(label)).toHaveAttribute('data-error');
    }
    expect(screen.getByText('Company Name is required')).toBeInTheDocument();
    expect(screen.getByText('Please describe your requirements')).toBeInTheDocument();
    await fill();
    expect(button).toBeEnabled();
  });

  it('sends the requirements as the message of a PlatinumAccount submission, Submitting... while in flight', async () => {
    const reply = deferred();
    jest.spyOn(console, 'info').mockImplementation(() => undefined);
    const { calls } = mockFetch({ ...PAGE_LOAD, 'POST /api/contact': reply.handler });
    renderApp(routes, { url: '/platinumAccountRequest' });
    await fill();
    await user.click(screen.getByRole('button', { name: 'Inquire for Details' }));
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    expect(calls.filter((c) => c.url === '/api/contact').map((c) => c.body)).toEqual([
      {
        name: 'Luis Ortega',
        email: 'luis@ortega.example',
        phone: '555-0142',
        company: 'Ortega Excavation',
        message: 'Telematics import for 40 machines.',
        contactType: 'PlatinumAccount',
      },
    ]);
    reply.resolve(json({ id: 9 }, 201));
    expect(await screen.findByRole('alert')).toHaveTextContent(PLATINUM_SUCCESS);
    expect(screen.getByLabelText(/Describe Your Unique Requirements/)).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Inquire for Details' })).toBeDisabled();
  });

  it('shows the failure alert, clears the flag and keeps the values', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({ ...PAGE_LOAD, 'POST /api/contact': json({ statusCode: 500, code: 'INTERNAL', message: 'x', correlationId: 'c' }, 500) });
    renderApp(routes, { url: '/platinumAccountRequest' });
    await fill();
    await user.click(screen.getByRole('button', { name: 'Inquire for Details' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PLATINUM_FAILURE);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Inquire for Details' })).toBeEnabled());
    expect(screen.getByLabelText(/Company Name/)).toHaveValue('Ortega Excavation');
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
