import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountRole } from '@wrenchlog/contracts/limits';
import type { ReactElement } from 'react';
import { createAppServices } from '../../app/services';
import { mockFetch, pending, renderApp, signIn, type Handler } from '../../test/harness';
import { aWorkOrder } from './work.fixture';
import { WorkOrderSteps } from './WorkOrderSteps';

const user = userEvent.setup({ delay: null });

function renderAs(role: AccountRole, element: ReactElement, routes: Record<string, Handler | Response>) {
  signIn();
  const services = createAppServices({ locks: undefined, onStorage: undefined });
  (services.session as unknown as { set(v: object): void }).set({
    status: 'authenticated',
    user: { id: 1, name: 'Pat Owner', username: 'pat@example.com', adminLevel: 0, accountId: 1, role },
  });
  const fetch = mockFetch(routes);
  renderApp(element, { services });
  return fetch;
}

beforeEach(() => {
  localStorage.clear();
  (globalThis as { __WIDE__?: boolean }).__WIDE__ = true;
});

describe("a work order's checklist (issue 35's job templates)", () => {
  it('ticks a step at once and sends the whole list back', async () => {
    const order = aWorkOrder({
      steps: [
        { text: 'Drain oil', done: true },
        { text: 'Grease pivots', done: false },
      ],
    });
    const { calls } = renderAs('mechanic', <WorkOrderSteps order={order} editable />, {
      // Still on its way: the tick shows before the server answers.
      'PUT /api/work-orders/5': pending,
    });
    expect(screen.getByText('1 of 2 done')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Grease pivots' }));
    expect(screen.getByRole('checkbox', { name: 'Grease pivots' })).toBeChecked();
    expect(screen.getByText('2 of 2 done')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        steps: [
          { text: 'Drain oil', done: true },
          { text: 'Grease pivots', done: true },
        ],
      }),
    );
  });

  it('shows the steps of a closed order without letting them change', () => {
    renderAs('mechanic', <WorkOrderSteps order={aWorkOrder({ state: 'done', steps: [{ text: 'Drain oil', done: true }] })} editable={false} />, {});
    expect(screen.getByRole('checkbox', { name: 'Drain oil' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Drain oil' })).toBeChecked();
  });

  it('shows nothing for an order without steps', () => {
    renderAs('mechanic', <WorkOrderSteps order={aWorkOrder()} editable />, {});
    expect(screen.queryByRole('heading', { name: 'Checklist' })).not.toBeInTheDocument();
  });
});
