import { jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { routes } from '../../app/routes';
import { mockFetch, renderApp } from '../../test/harness';
import { PAGE_LOAD, user } from './public-test-kit';

beforeEach(() => localStorage.clear());

describe('LandingPage', () => {
  it('opens on the personal tab, with the Sign Up, Log In, Pricing and Get Started links and social links', async () => {
    mockFetch(PAGE_LOAD);
    renderApp(routes, { url: '/' });
    expect(await screen.findByRole('tab', { name: 'Personal' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText(/eight years of oil changes/)).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/signup');
    expect(within(main).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
    expect(within(main).getAllByRole('link', { name: 'Log In' })[0]).toHaveAttribute('href', '/login');
    expect(within(main).getAllByRole('link', { name: 'Pricing' })[0]).toHaveAttribute('href', '/pricing');
    expect(within(main).getAllByRole('link', { name: 'Wrenchlog on GitHub' })[0]).toHaveAttribute('target', '_blank');
  });

  it.each([
    ['rental', 'Rental fleets', /known brake problem/],
    ['heavy', 'Heavy equipment', /hydraulic filter before he bins it/],
    ['groundskeeping', 'Groundskeeping', /Twenty-two mowers/],
  ])('selects the %s tab from the tab query parameter', async (tab, label, testimonial) => {
    mockFetch(PAGE_LOAD);
    renderApp(routes, { url: `/?tab=${tab}` });
    expect(await screen.findByRole('tab', { name: label })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText(testimonial)).toBeInTheDocument();
  });

  it('falls back to personal for an unknown tab', async () => {
    mockFetch(PAGE_LOAD);
    renderApp(routes, { url: '/landing?tab=boats' });
    expect(await screen.findByRole('tab', { name: 'Personal' })).toHaveAttribute('aria-selected', 'true');
  });

  it('switches tab on click, puts it in the query and scrolls smoothly to the tab bar', async () => {
    mockFetch(PAGE_LOAD);
    const scroll = jest.spyOn(Element.prototype, 'scrollIntoView');
    const { router } = renderApp(routes, { url: '/' });
    await user.click(await screen.findByRole('tab', { name: 'Heavy equipment' }));
    expect(screen.getByRole('tab', { name: 'Heavy equipment' })).toHaveAttribute('aria-selected', 'true');
    expect(router.state.location.search).toBe('?tab=heavy');
    const call = scroll.mock.contexts.findIndex((el) => (el as Element).getAttribute('data-testid') === 'audience-tabs');
    expect(call).toBeGreaterThanOrEqual(0);
    expect(scroll.mock.calls[call][0]).toMatchObject({ block: 'start' });
    scroll.mockRestore();
  });

  it('opens a screenshot full size in a modal that its Close button closes', async () => {
    mockFetch(PAGE_LOAD);
    renderApp(routes, { url: '/' });
    await user.click(await screen.findByRole('button', { name: 'View full size: A machine and its fuel history' }));
    const dialog = await screen.findByRole('dialog', { name: 'A machine and its fuel history' });
    expect(within(dialog).getByRole('img', { name: 'A machine with its details and fuel history' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
