import { screen, within } from '@testing-library/react';
import { routes } from '../../app/routes';
import { mockFetch, renderApp } from '../../test/harness';
import { PAGE_LOAD } from './public-test-kit';

const plan = (name: string) => screen.getByRole('article', { name: `${name} plan` });

describe('PricingPage', () => {
  it('shows the four plans as the spec states them', async () => {
    mockFetch(PAGE_LOAD);
    renderApp(routes, { url: '/pricing' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pricing' })).toBeInTheDocument();
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      'Hobbyist plan',
      'Professional plan',
      'Enterprise plan',
      'Platinum plan',
    ]);

    const hobbyist = within(plan('Hobbyist'));
    expect(hobbyist.getByText('$0')).toBeInTheDocument();
    expect(hobbyist.getByText('per month')).toBeInTheDocument();
    expect(hobbyist.getByText('Up to 5 Machines')).toHaveStyle({ textDecoration: 'line-through' });
    for (const text of ['No machine limit', 'Image storage up to 100MB per account', 'Service and fuel history', 'Service reminders and email notifications']) {
      expect(hobbyist.getByText(text)).toBeInTheDocument();
    }
    expect(hobbyist.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');

    const pro = within(plan('Professional'));
    expect(pro.getByText('$25')).toBeInTheDocument();
    expect(pro.getByText('Most popular')).toBeInTheDocument();
    expect(pro.getAllByText('Coming soon').length).toBeGreaterThan(0);
    for (const text of [
      'Up to 100 machines',
      'Multi-user',
      'No image storage limit',
      'Advanced reporting',
      'Parts inventory',
      'Hour-based alerts',
      'Data export',
    ]) {
      expect(pro.getByText(text)).toBeInTheDocument();
    }
    expect(pro.getByRole('button', { name: 'Coming soon' })).toBeDisabled();

    const enterprise = within(plan('Enterprise'));
    expect(enterprise.getByText('Custom')).toBeInTheDocument();
    expect(enterprise.getByText('Future')).toBeInTheDocument();
    expect(enterprise.getByText('Unlimited machines')).toBeInTheDocument();

    const platinum = within(plan('Platinum'));
    expect(platinum.getByText('Inquiry only')).toBeInTheDocument();
    expect(platinum.getByRole('link', { name: 'Inquire' })).toHaveAttribute('href', '/platinumAccountRequest');
    // Only one plan is marked most popular.
    expect(screen.getAllByText('Most popular')).toHaveLength(1);
  });
});
