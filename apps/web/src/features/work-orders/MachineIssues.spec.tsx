import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountRole } from '@wrenchlog/contracts/limits';
import { createAppServices } from '../../app/services';
import { json, mockFetch, renderApp, signIn, type Handler } from '../../test/harness';
import { MachineIssues } from './MachineIssues';
import { anIssue } from './work.fixture';

const user = userEvent.setup({ delay: null });

function renderAs(role: AccountRole, routes: Record<string, Handler | Response>) {
  signIn();
  const services = createAppServices({ locks: undefined, onStorage: undefined });
  (services.session as unknown as { set(v: object): void }).set({
    status: 'authenticated',
    user: { id: 1, name: 'Pat Owner', username: 'pat@example.com', adminLevel: 0, accountId: 1, role },
  });
  const fetch = mockFetch(routes);
  renderApp(<MachineIssues machineId={7} machineName="Loader" />, { services });
  return fetch;
}

beforeEach(() => {
  localStorage.clear();
  (globalThis as { __WIDE__?: boolean }).__WIDE__ = true;
});

describe('MachineIssues', () => {
  it("lists the machine's open issues most urgent first, with priority, state and who reported them", async () => {
    renderAs('owner', {
      'GET /api/machines/7/issues': json([
        anIssue({ id: 1, title: 'Squeaky seat', priority: 'low', meters: { distance: null, hours: 1250 } }),
        anIssue({ id: 2, title: 'Brake fluid leak', priority: 'critical', status: 'in_progress', workOrderId: 5 }),
        anIssue({ id: 3, title: 'Old dent', status: 'closed', closeReason: 'Cosmetic' }),
      ]),
    });
    const items = await screen.findAllByTestId('issue-item');
    expect(items.map((i) => i.getAttribute('aria-label'))).toEqual(['Brake fluid leak', 'Squeaky seat']);
    expect(within(items[0]).getByText('Critical')).toBeInTheDocument();
    expect(within(items[0]).getByText('In progress')).toBeInTheDocument();
    expect(within(items[0]).getByRole('link', { name: 'Work order #5' })).toHaveAttribute('href', '/work-orders/5');
    expect(within(items[1]).getByText(/Reported by Otto Operator on .* at 1,250 h/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Open issues (2)' })).toBeInTheDocument();
    // The closed one waits behind its toggle.
    expect(screen.queryByText('Old dent')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show resolved and closed (1)' }));
    expect(screen.getByText('Closed: Cosmetic')).toBeInTheDocument();
  });

  it('lets an operator report an issue, with no resolve, close or work order actions', async () => {
    const { calls } = renderAs('operator', {
      'GET /api/machines/7/issues': json([anIssue({ id: 1, title: 'Squeaky seat', priority: 'low' })]),
      'POST /api/machines/7/issues': json(anIssue({ id: 9, title: 'Cracked mirror', priority: 'high' }), 201),
    });
    await screen.findByText('Squeaky seat');
    expect(screen.queryByRole('button', { name: /Resolve/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Close/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create work order' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Report issue' }));
    const form = await screen.findByRole('form', { name: 'Report issue' });
    // An empty title is refused here, with the server's own message.
    await user.click(within(form).getByRole('button', { name: 'Report issue' }));
    expect(await within(form).findByText('Title is required')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(within(form).getByRole('textbox', { name: /Title/ }), 'Cracked mirror');
    await user.type(within(form).getByRole('textbox', { name: 'Description' }), 'Left side');
    await user.selectOptions(within(form).getByRole('combobox', { name: /Priority/ }), 'high');
    await user.click(within(form).getByRole('checkbox', { name: /Machine out of service/ }));
    // A meter value that cannot be is refused before anything is sent.
    await user.type(within(form).getByRole('textbox', { name: /Hour meter now/ }), '-5');
    await user.click(within(form).getByRole('button', { name: 'Report issue' }));
    expect(await within(form).findByText('Meters must be numbers from 0 to 999999999')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.clear(within(form).getByRole('textbox', { name: /Hour meter now/ }));
    await user.type(within(form).getByRole('textbox', { name: /Hour meter now/ }), '1250.5');
    await user.click(within(form).getByRole('button', { name: 'Report issue' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Report issue' })).not.toBeInTheDocument());
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/api/machines/7/issues');
    expect(post?.body).toEqual({ title: 'Cracked mirror', description: 'Left side', priority: 'high', outOfService: true, meters: { hours: 1250.5 } });
  });

  it("shows the server's field message under its field when the report is refused", async () => {
    renderAs('operator', {
      'GET /api/machines/7/issues': json([]),
      'POST /api/machines/7/issues': json(
        {
          statusCode: 400,
          code: 'VALIDATION',
          message: 'Invalid input',
          correlationId: 'x',
          errors: [{ field: 'title', message: 'Title must be at most 200 characters' }],
        },
        400,
      ),
    });
    expect(await screen.findByText('No open issues.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Report issue' }));
    const form = await screen.findByRole('form', { name: 'Report issue' });
    await user.type(within(form).getByRole('textbox', { name: /Title/ }), 'Leak');
    await user.click(within(form).getByRole('button', { name: 'Report issue' }));
    expect(await within(form).findByText('Title must be at most 200 characters')).toBeInTheDocument();
  });

  it('lets a mechanic resolve an open issue with a note, and asks for a reason to close one', async () => {
    const { calls } = renderAs('mechanic', {
      'GET /api/machines/7/issues': json([anIssue({ id: 1, title: 'Squeaky seat' })]),
      'POST /api/issues/1/resolve': json(anIssue({ id: 1, status: 'resolved' })),
    });
    await screen.findByText('Squeaky seat');
    await user.click(screen.getByRole('button', { name: 'Close Squeaky seat' }));
    let form = await screen.findByRole('form', { name: 'Close issue' });
    await user.click(within(form).getByRole('button', { name: 'Close issue' }));
    expect(await within(form).findByText('Reason is required')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Resolve Squeaky seat' }));
    form = await screen.findByRole('form', { name: 'Resolve issue' });
    await user.type(within(form).getByRole('textbox', { name: /Note/ }), 'Greased the seat rail');
    await user.click(within(form).getByRole('button', { name: 'Resolve issue' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ note: 'Greased the seat rail' }));
  });

  it('makes a work order from the open issues and a due schedule the manager picks', async () => {
    const { calls } = renderAs('manager', {
      'GET /api/machines/7/issues': json([anIssue({ id: 1, title: 'Squeaky seat' }), anIssue({ id: 2, title: 'Brake leak', priority: 'critical' })]),
      'GET /api/machines/7/schedules': json([
        { id: 41, title: 'Engine oil', status: 'overdue', reason: 'Overdue by 10 h', done: false, origin: 'user' },
        { id: 42, title: 'Grease', status: 'upcoming', reason: 'Due in 40 days', done: false, origin: 'user' },
      ]),
      'GET /api/accounts/1/members': json([
        { userId: 3, name: 'Mia Mechanic', email: 'mia@example.com', role: 'mechanic', machineIds: [7], joinedAt: '2026-01-01', lastActiveAt: null },
        { userId: 4, name: 'Otto Operator', email: 'otto@example.com', role: 'operator', machineIds: [7], joinedAt: '2026-01-01', lastActiveAt: null },
      ]),
      'POST /api/work-orders': json({ id: 5 }, 201),
    });
    await user.click(await screen.findByRole('button', { name: 'Create work order' }));
    const form = await screen.findByRole('form', { name: 'New work order' });
    expect(within(form).getByRole('checkbox', { name: 'Issue: Brake leak' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'Issue: Squeaky seat' })).toBeChecked();
    // Only what is due is offered; nothing upcoming.
    const oil = await within(form).findByRole('checkbox', { name: 'Schedule: Engine oil' });
    expect(within(form).queryByRole('checkbox', { name: 'Schedule: Grease' })).not.toBeInTheDocument();
    await user.click(oil);
    await user.click(within(form).getByRole('checkbox', { name: 'Issue: Squeaky seat' }));
    // A critical issue makes the order critical; only people who may work on it are offered.
    expect(within(form).getByRole('combobox', { name: 'Priority' })).toHaveValue('critical');
    const assignee = within(form).getByRole('combobox', { name: 'Assigned to' });
    expect(within(assignee).queryByRole('option', { name: /Otto Operator/ })).not.toBeInTheDocument();
    await user.selectOptions(assignee, '3');
    await user.click(within(form).getByRole('button', { name: 'Create work order' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeDefined());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      machineId: 7,
      title: 'Brake leak and 1 more',
      issueIds: [2],
      scheduleIds: [41],
      priority: 'critical',
      assigneeUserId: 3,
      plannedDate: null,
    });
  });

  it('starts a work order from a job template, and names the templates its chosen schedules add', async () => {
    const { calls } = renderAs('mechanic', {
      'GET /api/machines/7/issues': json([]),
      'GET /api/machines/7/schedules': json([
        { id: 41, title: 'Engine oil', status: 'overdue', reason: 'Overdue by 10 h', done: false, origin: 'user', jobTemplateId: 8 },
      ]),
      'GET /api/accounts/1/members': json([]),
      'GET /api/job-templates': json([
        { id: 8, name: 'Oil service', steps: ['Drain oil'], lines: [] },
        { id: 9, name: '250-hour service, Volvo L60H', steps: ['Grease pivots'], lines: [] },
      ]),
      'POST /api/work-orders': json({ id: 5 }, 201),
    });
    await user.click(await screen.findByRole('button', { name: 'Create work order' }));
    const form = await screen.findByRole('form', { name: 'New work order' });
    const template = within(form).getByRole('combobox', { name: /Start from template/ });
    await waitFor(() => expect(within(template).getByRole('option', { name: '250-hour service, Volvo L60H' })).toBeInTheDocument());
    await user.selectOptions(template, '9');
    await user.click(await within(form).findByRole('checkbox', { name: 'Schedule: Engine oil' }));
    expect(within(form).getByTestId('schedule-templates')).toHaveTextContent('The chosen schedules add: Oil service');
    await user.click(within(form).getByRole('button', { name: 'Create work order' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeDefined());
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ title: 'Engine oil', scheduleIds: [41], templateId: 9 });
  });
});
