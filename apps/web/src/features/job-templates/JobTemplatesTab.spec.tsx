import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountRole } from '@wrenchlog/contracts/limits';
import type { ReactElement } from 'react';
import { createAppServices } from '../../app/services';
import { json, mockFetch, pending, renderApp, signIn, type Handler } from '../../test/harness';
import JobTemplatesTab from './JobTemplatesTab';

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

const service250 = {
  id: 4,
  name: '250-hour service, Volvo L60H',
  steps: ['Drain oil', 'Grease pivots'],
  lines: [{ kind: 'labour', hours: 2.5, rate: 60, partId: null, partName: null, quantity: null, description: null, cost: null }],
  createdAt: '2026-11-20T08:30:00Z',
  updatedAt: '2026-11-20T08:30:00Z',
  createdBy: null,
  updatedBy: null,
};
const oilFilter = { id: 52, name: 'Oil filter', quantity: 5 };

beforeEach(() => {
  localStorage.clear();
  (globalThis as { __WIDE__?: boolean }).__WIDE__ = true;
});

describe('Settings > Job templates', () => {
  it('lists the templates and saves a new one with its steps, labour and a part from the inventory', async () => {
    const { calls } = renderAs('mechanic', <JobTemplatesTab />, {
      'GET /api/job-templates': json([service250]),
      'GET /api/parts': json({ content: [oilFilter], totalPages: 1, totalElements: 1, number: 0, size: 20 }),
      'POST /api/job-templates': json({ ...service250, id: 5, name: 'Oil change' }, 201),
    });
    const list = await screen.findByRole('list', { name: 'Job templates' });
    expect(within(list).getByText('Steps: 2 · Lines: 1')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: `Edit ${service250.name}` })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New template' }));
    const form = await screen.findByRole('form', { name: 'Job template' });
    await user.click(within(form).getByRole('button', { name: 'Save template' }));
    expect(await within(form).findByText('Name is required')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Oil change');
    await user.type(within(form).getByRole('textbox', { name: 'Step 1' }), 'Drain oil');
    await user.click(within(form).getByRole('button', { name: 'Add step' }));
    await user.type(within(form).getByRole('textbox', { name: 'Step 2' }), 'Fill 12 l 10W-40');
    await user.click(within(form).getByRole('button', { name: 'Move step 2 up' }));
    await user.click(within(form).getByRole('button', { name: 'Add line' }));
    await user.type(within(form).getByRole('textbox', { name: /^Hours/ }), '0.5');
    await user.click(within(form).getByRole('button', { name: 'Add line' }));
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Kind of line 2' }), 'part');
    await user.click(within(form).getByPlaceholderText('Type to search the inventory'));
    await user.click(await screen.findByRole('option', { name: 'Oil filter (5 in stock)' }));
    await user.click(within(form).getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: 'Oil change',
      steps: ['Fill 12 l 10W-40', 'Drain oil'],
      lines: [
        { kind: 'labour', hours: 0.5, rate: null },
        { kind: 'part', partId: 52, quantity: 1 },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Job template' })).not.toBeInTheDocument());
  });

  it("places the server's field message under the part it refuses", async () => {
    renderAs('owner', <JobTemplatesTab />, {
      'GET /api/job-templates': json([{ ...service250, lines: [{ ...service250.lines[0], kind: 'part', partId: 90, partName: 'Gone filter', quantity: 1 }] }]),
      'PUT /api/job-templates/4': json(
        { statusCode: 400, code: 'VALIDATION', message: 'Part not found', errors: [{ field: 'lines.0.partId', message: 'Part not found' }] },
        400,
      ),
    });
    await user.click(await screen.findByRole('button', { name: `Edit ${service250.name}` }));
    const form = await screen.findByRole('form', { name: 'Job template' });
    await user.click(within(form).getByRole('button', { name: 'Save template' }));
    expect(await within(form).findByText('Part not found')).toBeInTheDocument();
  });

  it('says so while the list loads', async () => {
    renderAs('owner', <JobTemplatesTab />, { 'GET /api/job-templates': pending });
    expect(await screen.findByText('Loading job templates...')).toBeInTheDocument();
  });

  it('says when there are none, and gives a viewer the list without New, Edit or Delete', async () => {
    renderAs('viewer', <JobTemplatesTab />, { 'GET /api/job-templates': json([]) });
    expect(await screen.findByText('No job templates yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New template' })).not.toBeInTheDocument();
  });

  it('offers a retry when the list fails', async () => {
    renderAs('owner', <JobTemplatesTab />, { 'GET /api/job-templates': json({ statusCode: 500, message: 'boom' }, 500) });
    expect(await screen.findByText('Failed to load job templates')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Retry/ })).toBeInTheDocument();
  });
});
