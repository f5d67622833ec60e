import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountRole } from '@wrenchlog/contracts/limits';
import type { ReactElement } from 'react';
import { createAppServices } from '../../app/services';
import { json, mockFetch, renderApp, signIn, type Handler } from '../../test/harness';
import { DueInspections } from './DueInspections';
import { anInspection, walkAround } from './inspection.fixture';
import InspectionFormsTab from './InspectionFormsTab';
import { MachineInspections } from './MachineInspections';

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

describe("a machine's inspections", () => {
  it('lists them newest first with their result, and offers Inspect to an operator', async () => {
    renderAs('operator', <MachineInspections machineId={7} />, {
      'GET /api/machines/7/inspections': json([anInspection(), anInspection({ id: 39, failedCount: 0, readAt: '2026-11-19' })]),
    });
    const list = await screen.findByRole('list', { name: 'Inspections' });
    const rows = within(list).getAllByRole('listitem');
    expect(within(rows[0]!).getByRole('link', { name: walkAround.name })).toHaveAttribute('href', '/inspections/40');
    expect(within(rows[0]!).getByText('1 failed')).toBeInTheDocument();
    expect(within(rows[0]!).getByText(/by Otto Operator/)).toBeInTheDocument();
    expect(within(rows[1]!).getByText('All passed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Inspect' })).toHaveAttribute('href', '/machines/7/inspect');
  });

  it('shows a viewer the list without Inspect, and says when there are none', async () => {
    renderAs('viewer', <MachineInspections machineId={7} />, { 'GET /api/machines/7/inspections': json([]) });
    expect(await screen.findByText('No inspections yet.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Inspect' })).not.toBeInTheDocument();
  });

  it('says when they could not be loaded, with Retry', async () => {
    renderAs('owner', <MachineInspections machineId={7} />, { 'GET /api/machines/7/inspections': json({ message: 'down' }, 503) });
    expect(await screen.findByText('Failed to load inspections', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('inspections due', () => {
  it('lists each machine due with its form, the day it was due, and Inspect', async () => {
    renderAs('mechanic', <DueInspections />, {
      'GET /api/inspections/due': json([
        { machineId: 7, machineName: 'CAT 320', formId: 2, formName: walkAround.name, frequency: 'daily', lastReadAt: '2026-11-18', dueOn: '2026-11-19' },
      ]),
    });
    const list = await screen.findByRole('list', { name: 'Inspections due' });
    expect(within(list).getByRole('link', { name: 'CAT 320' })).toHaveAttribute('href', '/machines/7');
    expect(within(list).getByText(/Daily, due/)).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Inspect CAT 320' })).toHaveAttribute('href', '/machines/7/inspect');
    expect(screen.getByRole('heading', { name: 'Inspections due (1)' })).toBeInTheDocument();
  });

  it('says when none is due', async () => {
    renderAs('viewer', <DueInspections />, { 'GET /api/inspections/due': json([]) });
    expect(await screen.findByText('No inspection is due.')).toBeInTheDocument();
  });
});

describe('Settings > Inspection forms', () => {
  it('offers a copy of a built-in form, never its edit or delete, and saves a new form with its items', async () => {
    const { calls } = renderAs('manager', <InspectionFormsTab />, {
      'GET /api/inspection-forms': json([walkAround]),
      'POST /api/inspection-forms': json({ ...walkAround, id: 9, builtIn: false, name: 'Forklift check' }, 201),
    });
    const list = await screen.findByRole('list', { name: 'Inspection forms' });
    expect(within(list).getByText('Built in')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: `Copy ${walkAround.name}` })).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: `Edit ${walkAround.name}` })).not.toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: `Delete ${walkAround.name}` })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New form' }));
    const form = await screen.findByRole('form', { name: 'Inspection form' });
    await user.click(within(form).getByRole('button', { name: 'Save form' }));
    expect(await within(form).findByText('Name is required, at most 120 characters')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Forklift check');
    await user.type(within(form).getByRole('textbox', { name: /^Item 1/ }), 'Forks and chains');
    await user.click(within(form).getByRole('button', { name: 'Add item' }));
    await user.type(within(form).getByRole('textbox', { name: /^Item 2/ }), 'Mast tilt (deg)');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Kind of item 2' }), 'number');
    await user.type(within(form).getByRole('textbox', { name: 'Min of item 2' }), '6');
    await user.type(within(form).getByRole('textbox', { name: 'Max of item 2' }), '3');
    await user.click(within(form).getByRole('button', { name: 'Save form' }));
    expect(await within(form).findByText('Min must not be greater than max')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.clear(within(form).getByRole('textbox', { name: 'Min of item 2' }));
    await user.type(within(form).getByRole('textbox', { name: 'Min of item 2' }), '3');
    await user.clear(within(form).getByRole('textbox', { name: 'Max of item 2' }));
    await user.type(within(form).getByRole('textbox', { name: 'Max of item 2' }), '6');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Frequency' }), 'weekly');
    await user.click(within(form).getByRole('button', { name: 'Save form' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: 'Forklift check',
      machineType: null,
      frequency: 'weekly',
      items: [
        { id: 'forks-and-chains', label: 'Forks and chains', kind: 'pass_fail', required: true },
        { id: 'mast-tilt-deg', label: 'Mast tilt (deg)', kind: 'number', required: true, min: 3, max: 6 },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Inspection form' })).not.toBeInTheDocument());
  });

  it("shows the server's field message for a form it refuses", async () => {
    renderAs('owner', <InspectionFormsTab />, {
      'GET /api/inspection-forms': json([]),
      'POST /api/inspection-forms': json(
        {
          statusCode: 400,
          code: 'VALIDATION',
          message: 'Item ids must be unique within the form',
          errors: [{ field: 'items.0.label', message: 'Item ids must be unique within the form' }],
        },
        400,
      ),
    });
    expect(await screen.findByText('No inspection forms.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New form' }));
    const form = await screen.findByRole('form', { name: 'Inspection form' });
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Yard');
    await user.type(within(form).getByRole('textbox', { name: /^Item 1/ }), 'Gate');
    await user.click(within(form).getByRole('button', { name: 'Save form' }));
    expect((await within(form).findAllByText('Item ids must be unique within the form')).length).toBeGreaterThan(0);
  });
});
