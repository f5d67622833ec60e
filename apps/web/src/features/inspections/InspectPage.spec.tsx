import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountRole } from '@wrenchlog/contracts/limits';
import { routes } from '../../app/routes';
import { createAppServices } from '../../app/services';
import { json, mockFetch, renderApp, signIn, type Handler } from '../../test/harness';
import { anInspection, mowerCheck, walkAround } from './inspection.fixture';

const user = userEvent.setup({ delay: null });

function renderAs(role: AccountRole, url: string, handlers: Record<string, Handler | Response>) {
  signIn();
  const services = createAppServices({ locks: undefined, onStorage: undefined });
  (services.session as unknown as { set(v: object): void }).set({
    status: 'authenticated',
    user: { id: 3, name: 'Otto Operator', username: 'otto@example.com', adminLevel: 0, accountId: 1, role },
  });
  const fetch = mockFetch({ 'GET /api/accounts': json([]), ...handlers });
  renderApp(routes, { url, services });
  return fetch;
}

beforeEach(() => {
  localStorage.clear();
  (globalThis as { __WIDE__?: boolean }).__WIDE__ = false;
});

const machine = json({ id: 7, name: 'CAT 320', type: 'Excavator' });

describe('the inspection checklist', () => {
  it("offers the machine type's form first, tells what is missing, fails a track sag out of range, and shows the result", async () => {
    const { calls } = renderAs('operator', '/machines/7/inspect', {
      'GET /api/machines/': machine,
      'GET /api/inspection-forms': json([mowerCheck, walkAround]),
      'POST /api/machines/7/inspections': json({ ...anInspection(), issues: [{ id: 91 }] }, 201),
      'GET /api/inspections/40': json(anInspection()),
    });
    const form = await screen.findByRole('form', { name: 'Inspection checklist' });
    expect(screen.getByRole('combobox', { name: 'Form' })).toHaveDisplayValue(walkAround.name);
    expect(screen.getByRole('heading', { name: 'Inspect CAT 320' })).toBeInTheDocument();

    // Nothing answered: each required item says so, nothing is sent.
    await user.click(within(form).getByRole('button', { name: 'Submit inspection' }));
    expect(await within(form).findByText('Answer every required item (2 left).')).toBeInTheDocument();
    expect(within(form).getByText('Required item not answered')).toBeInTheDocument();
    expect(within(form).getByText('A number item needs a number')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    const pass = within(form).getByRole('button', { name: 'Pass: Coolant level' });
    await user.click(pass);
    expect(pass).toHaveAttribute('aria-pressed', 'true');
    await user.type(within(form).getByRole('textbox', { name: /Track sag \(in\), 1 to 2, value, allowed 1 to 2/ }), '2.5');
    expect(within(form).getByText('Outside the allowed range (1 to 2): this item fails and opens an issue.')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: 'Note: Track sag (in), 1 to 2' }), 'Slack');
    await user.type(within(form).getByRole('textbox', { name: 'Hour meter' }), '812');
    await user.type(within(form).getByRole('textbox', { name: /Signed by/ }), 'Otto Operator');
    await user.click(within(form).getByRole('button', { name: 'Submit inspection' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.headers.get('idempotency-key')).toBeTruthy();
    expect(post.body).toEqual({
      formId: 2,
      readAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      meters: { hours: 812 },
      items: [
        { itemId: 'coolant', result: 'pass' },
        { itemId: 'track-sag', result: 'fail', value: 2.5, note: 'Slack' },
      ],
      signedBy: 'Otto Operator',
    });
    // The inspection's page: the result, the issue it opened, each item, the PDF.
    expect(await screen.findByText('1 item failed')).toBeInTheDocument();
    expect(screen.getByText(/An issue was opened on/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'CAT 320' })).toHaveAttribute('href', '/machines/7');
    const rows = within(screen.getByRole('table', { name: 'Items' })).getAllByRole('row');
    expect(within(rows[2]!).getByText('Fail')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('2.5 (allowed 1 to 2)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print / PDF' })).toBeInTheDocument();
  });

  it('tells a viewer they cannot inspect, without loading the forms', async () => {
    const { calls } = renderAs('viewer', '/machines/7/inspect', { 'GET /api/machines/': machine });
    expect(await screen.findByText('Your role cannot do inspections')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/inspection-forms')).toBe(false);
  });

  it("puts the server's field message under its item", async () => {
    renderAs('operator', '/machines/7/inspect', {
      'GET /api/machines/': machine,
      'GET /api/inspection-forms': json([walkAround]),
      'POST /api/machines/7/inspections': json(
        {
          statusCode: 400,
          code: 'VALIDATION',
          message: 'Required item not answered: Coolant level',
          errors: [{ field: 'items.coolant', message: 'Required item not answered: Coolant level' }],
        },
        400,
      ),
    });
    const form = await screen.findByRole('form', { name: 'Inspection checklist' });
    await user.click(within(form).getByRole('button', { name: 'Fail: Coolant level' }));
    await user.click(within(form).getByRole('button', { name: 'N/A: Track sag (in), 1 to 2' }));
    await user.click(within(form).getByRole('button', { name: 'Submit inspection' }));
    const item = within(form).getByRole('group', { name: 'Coolant level' });
    expect(await within(item).findByText('Required item not answered: Coolant level')).toBeInTheDocument();
  });

  it("shows the server's refusal and keeps the answers", async () => {
    renderAs('operator', '/machines/7/inspect', {
      'GET /api/machines/': machine,
      'GET /api/inspection-forms': json([walkAround]),
      'POST /api/machines/7/inspections': json({ statusCode: 404, code: 'NOT_FOUND', message: 'Machine not found' }, 404),
    });
    const form = await screen.findByRole('form', { name: 'Inspection checklist' });
    await user.click(within(form).getByRole('button', { name: 'Pass: Coolant level' }));
    await user.click(within(form).getByRole('button', { name: 'N/A: Track sag (in), 1 to 2' }));
    await user.click(within(form).getByRole('button', { name: 'Submit inspection' }));
    expect(await within(form).findByText('Machine not found')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Pass: Coolant level' })).toHaveAttribute('aria-pressed', 'true');
  });
});
