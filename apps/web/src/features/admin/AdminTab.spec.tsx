import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminUserView, ContactPage, JobView } from '@wrenchlog/contracts';
import { PLACEHOLDER_PASSWORD_MESSAGE } from '@wrenchlog/contracts/limits';
import { json, mockFetch, renderApp, signIn, type Handler } from '../../test/harness';
import AdminTab from './AdminTab';

const user = userEvent.setup({ delay: null });

function aUser(id: number, fields: Partial<AdminUserView> = {}): AdminUserView {
  return {
    id,
    name: `User ${id}`,
    username: `user${id}@example.com`,
    createDate: '2026-03-01T10:00:00Z',
    enabled: 1,
    userSelfDescription: `About ${id}`,
    adminLevel: 0,
    passwordIsPlaceholder: false,
    ...fields,
  };
}

/** GET /api/admin/users like the server: a plain array of `size` users from `page` (0-based). */
function usersServer(users: AdminUserView[]): Handler {
  return ({ url }) => {
    const p = new URL(url, 'http://x').searchParams;
    const page = Number(p.get('page') ?? 0);
    const size = Number(p.get('size') ?? 5);
    return json(users.slice(page * size, page * size + size));
  };
}

const JOBS: JobView[] = [
  { id: 1, name: 'Daily Analytics Aggregation', status: 'Idle', lastRun: null, message: null, params: {} },
  { id: 2, name: 'Weekly Report Generation', status: 'Idle', lastRun: null, message: null, params: {} },
  { id: 3, name: 'Data Sync with External API', status: 'Idle', lastRun: null, message: null, params: {} },
  { id: 4, name: 'Backfill Images', status: 'Idle', lastRun: null, message: null, params: { limit: 7 } },
];

const noContacts: ContactPage = { content: [], totalPages: 1, totalElements: 0, number: 0, size: 10 };

function backend(extra: Record<string, Handler | Response> = {}, users: AdminUserView[] = [aUser(1)]) {
  return mockFetch({
    'GET /api/admin/users': usersServer(users),
    'GET /api/admin/jobs': json(JOBS),
    'GET /api/admin/contacts': json(noContacts),
    ...extra,
  });
}

const usersTable = () => screen.findByRole('table', { name: 'Users' });
const jobCard = (name: string) => screen.findByRole('article', { name });

beforeEach(() => {
  localStorage.clear();
  signIn();
  (globalThis as { __WIDE__?: boolean }).__WIDE__ = true;
});

describe('AdminTab user management', () => {
  it('pages 5 users at a time: Previous off on the first page, Next off on a short page', async () => {
    const { calls } = backend(
      {},
      Array.from({ length: 7 }, (_, i) => aUser(i + 1)),
    );
    renderApp(<AdminTab />);
    const table = await usersTable();
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 5);
    expect(screen.getByText('Page 1')).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'User Management' });
    expect(within(section).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(within(section).getByRole('button', { name: 'Next' })).toBeEnabled();

    await user.click(within(section).getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2');
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Users' })).getAllByRole('row')).toHaveLength(1 + 2));
    expect(within(section).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(within(section).getByRole('button', { name: 'Previous' })).toBeEnabled();
    expect(calls.map((c) => c.url)).toEqual(expect.arrayContaining(['/api/admin/users?page=0&size=5', '/api/admin/users?page=1&size=5']));
  });

  it('shows the spec text when the users cannot be loaded', async () => {
    backend({ 'GET /api/admin/users': json({ statusCode: 500, message: 'boom' }, 500) });
    renderApp(<AdminTab />);
    expect(await screen.findByText('Failed to load users')).toBeInTheDocument();
  });

  it('marks a pending signup and approves it without a password: the user is emailed a link to set their own', async () => {
    const { calls } = backend({ 'PUT /api/admin/approve/9': json({ ...aUser(9, { username: 'new@example.com', passwordIsPlaceholder: true }), enabled: 1 }) }, [
      aUser(9, { enabled: 0, passwordIsPlaceholder: true, username: 'new@example.com' }),
      aUser(1),
    ]);
    renderApp(<AdminTab />);
    const table = await usersTable();
    const row = within(table).getByText('new@example.com').closest('tr')!;
    expect(within(row).getByText('Pending signup')).toBeInTheDocument();
    expect(within(row).getByText('Disabled')).toBeInTheDocument();
    expect(within(within(table).getByText('user1@example.com').closest('tr')!).getByText('Enabled')).toBeInTheDocument();
    // An enabled user has nothing to approve.
    expect(screen.queryByRole('button', { name: 'Approve user1@example.com' })).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Approve new@example.com' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('User approved successfully!');
    expect(alert).toHaveTextContent('new@example.com gets an email with a link to set their own password (valid 48 hours).');
    expect(calls.some((c) => c.method === 'PUT' && c.url === '/api/admin/approve/9')).toBe(true);
  });

  it("approves a user with a real password and says 'User approved successfully!'", async () => {
    let body: unknown;
    const { calls } = backend(
      {
        'PUT /api/admin/approve/5': ({ body: b }) => {
          body = b;
          return json({ ...aUser(5), enabled: 1 });
        },
      },
      [aUser(5, { enabled: 0 })],
    );
    renderApp(<AdminTab />);
    await usersTable();
    await user.click(screen.getByRole('button', { name: 'Approve user5@example.com' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('User approved successfully!');
    expect(body).toMatchObject({ id: 5, username: 'user5@example.com' });
    // The list is read again to show the new state.
    await waitFor(() => expect(calls.filter((c) => c.url.startsWith('/api/admin/users')).length).toBeGreaterThan(1));
  });

  it("says 'Failed to approve user.' when the server fails, and shows its placeholder message on 409", async () => {
    backend({ 'PUT /api/admin/approve/5': json({ statusCode: 500, code: 'INTERNAL', message: 'Internal error' }, 500) }, [
      aUser(5, { enabled: 0 }),
      aUser(6, { enabled: 0 }),
    ]);
    renderApp(<AdminTab />);
    await usersTable();
    await user.click(screen.getByRole('button', { name: 'Approve user5@example.com' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to approve user.');

    backend({ 'PUT /api/admin/approve/6': json({ statusCode: 409, code: 'CONFLICT', message: PLACEHOLDER_PASSWORD_MESSAGE }, 409) }, [
      aUser(5, { enabled: 0 }),
      aUser(6, { enabled: 0 }),
    ]);
    await user.click(screen.getByRole('button', { name: 'Approve user6@example.com' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(PLACEHOLDER_PASSWORD_MESSAGE));
  });

  it('edits a user with the username read-only, sets a password, and approves once it is real', async () => {
    const sent: { url: string; body: unknown }[] = [];
    const record: Handler = ({ url, body }) => {
      sent.push({ url, body });
      return json({ ...aUser(9), ...(body as object) });
    };
    backend({ 'PUT /api/admin/users/9': record, 'PUT /api/admin/approve/9': record }, [
      aUser(9, { enabled: 0, passwordIsPlaceholder: true, username: 'new@example.com' }),
    ]);
    renderApp(<AdminTab />);
    await usersTable();
    await user.click(screen.getByRole('button', { name: 'Edit new@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    expect(within(dialog).getByLabelText('Username')).toHaveAttribute('readonly');
    expect(within(dialog).getByLabelText('Username')).toHaveValue('new@example.com');

    // A typed placeholder is refused before any call.
    await user.type(within(dialog).getByLabelText('New password'), 'a-b-c-d-e-f-g-h');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(PLACEHOLDER_PASSWORD_MESSAGE);
    expect(sent).toEqual([]);

    await user.clear(within(dialog).getByLabelText('New password'));
    await user.type(within(dialog).getByLabelText('New password'), 'Sturdy-pass1');
    await user.clear(within(dialog).getByLabelText(/^Name/));
    await user.type(within(dialog).getByLabelText(/^Name/), 'Nia New');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User updated successfully!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent[0]).toMatchObject({ url: '/api/admin/users/9', body: { name: 'Nia New', password: 'Sturdy-pass1', username: 'new@example.com', enabled: 0 } });
  });

  it("keeps the dialog and its values when saving fails: 'Failed to update user.'", async () => {
    backend({
      'PUT /api/admin/users/1': json(
        {
          statusCode: 400,
          code: 'VALIDATION',
          message: 'Validation failed',
          errors: [{ field: 'password', message: 'Password must be at most 128 characters' }],
        },
        400,
      ),
    });
    renderApp(<AdminTab />);
    await usersTable();
    await user.click(screen.getByRole('button', { name: 'Edit user1@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    await user.type(within(dialog).getByLabelText('Description'), ' and more');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to update user.');
    expect(alert).toHaveTextContent('Password must be at most 128 characters');
    expect(within(dialog).getByLabelText('Description')).toHaveValue('About 1 and more');
  });
});

describe('AdminTab on a phone', () => {
  it('lists users as cards with the same actions', async () => {
    (globalThis as { __WIDE__?: boolean }).__WIDE__ = false;
    backend({ 'PUT /api/admin/approve/9': json({ ...aUser(9, { username: 'new@example.com' }), enabled: 1 }) }, [
      aUser(9, { enabled: 0, passwordIsPlaceholder: true, username: 'new@example.com' }),
    ]);
    renderApp(<AdminTab />);
    const card = await screen.findByRole('article', { name: 'new@example.com' });
    expect(screen.queryByRole('table', { name: 'Users' })).not.toBeInTheDocument();
    expect(within(card).getByText('Pending signup')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Approve new@example.com' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('User approved successfully!');
  });
});

describe('AdminTab background jobs', () => {
  it('lists the four jobs; Run Now is disabled while a run lasts and the status updates live', async () => {
    let jobs = JOBS;
    let runBody: unknown;
    backend({
      'GET /api/admin/jobs': () => json(jobs),
      'POST /api/admin/jobs/4/run': ({ body }) => {
        runBody = body;
        jobs = jobs.map((j) => (j.id === 4 ? { ...j, status: 'Running', lastRun: '2026-03-01T10:00:00Z', message: 'Starting job...' } : j));
        return json(jobs[3], 202);
      },
    });
    renderApp(<AdminTab />);
    for (const name of ['Daily Analytics Aggregation', 'Weekly Report Generation', 'Data Sync with External API']) {
      expect(await jobCard(name)).toBeInTheDocument();
    }
    const card = await jobCard('Backfill Images');
    expect(within(card).getByLabelText(/^Limit/)).toHaveValue('7');
    expect(within(card).getByText('Never')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Run Now: Backfill Images' }));
    expect(await within(card).findByText('Running')).toBeInTheDocument();
    expect(within(card).getByText('Starting job...')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Run Now: Backfill Images' })).toBeDisabled();
    expect(runBody).toEqual({ params: { limit: 7 } });

    // The server finishes the run; the next poll shows it.
    jobs = jobs.map((j) => (j.id === 4 ? { ...j, status: 'Completed', message: 'Processed 3, failed 0, remaining 0.' } : j));
    expect(await within(card).findByText('Completed', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(within(card).getByText('Processed 3, failed 0, remaining 0.')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Run Now: Backfill Images' })).toBeEnabled();
  });

  it('refuses a limit outside 1 to 1000', async () => {
    backend();
    renderApp(<AdminTab />);
    const card = await jobCard('Backfill Images');
    await user.clear(within(card).getByLabelText(/^Limit/));
    await user.type(within(card).getByLabelText(/^Limit/), '0');
    expect(within(card).getByText('Limit must be a whole number from 1 to 1000')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Run Now: Backfill Images' })).toBeDisabled();
  });

  it("shows 'Failed to run job. Error: {message}' when the run is refused", async () => {
    const message = 'This job is already running. Wait for it to finish before running it again.';
    backend({ 'POST /api/admin/jobs/2/run': json({ statusCode: 409, code: 'CONFLICT', message, correlationId: 'c' }, 409) });
    renderApp(<AdminTab />);
    const card = await jobCard('Weekly Report Generation');
    await user.click(within(card).getByRole('button', { name: 'Run Now: Weekly Report Generation' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(`Failed to run job. Error: ${message}`);
  });

  it('shows the failure text when a run ends Failed', async () => {
    const reason = 'No external API is configured: set EXTERNAL_API_URL to enable Data Sync with External API.';
    let jobs = JOBS;
    backend({
      'GET /api/admin/jobs': () => json(jobs),
      'POST /api/admin/jobs/3/run': () => {
        jobs = jobs.map((j) => (j.id === 3 ? { ...j, status: 'Running', message: 'Starting job...' } : j));
        return json(jobs[2], 202);
      },
    });
    renderApp(<AdminTab />);
    const card = await jobCard('Data Sync with External API');
    await user.click(within(card).getByRole('button', { name: 'Run Now: Data Sync with External API' }));
    await within(card).findByText('Running');
    jobs = jobs.map((j) => (j.id === 3 ? { ...j, status: 'Failed', message: reason } : j));
    expect(await within(card).findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(`Failed to run job. Error: ${reason}`);
    expect(within(card).getByText('Failed')).toBeInTheDocument();
  });
});

describe('AdminTab contact submissions', () => {
  it('lists contact and sales submissions', async () => {
    const page: ContactPage = {
      content: [
        {
          id: 2,
          name: 'Pat Fleet',
          email: 'pat@fleet.test',
          phone: '555-0100',
          company: 'Fleet Co',
          message: 'Forty trucks, need parts tracking.',
          contactType: 'PlatinumAccount',
          createDate: '2026-03-02T09:00:00Z',
          source: 'contact',
        },
        {
          id: 1,
          name: 'Lee Mow',
          email: 'lee@mow.test',
          phone: null,
          company: null,
          message: 'Pricing for 12 mowers?',
          contactType: 'SalesContact',
          createDate: '2026-03-01T09:00:00Z',
          source: 'contact',
        },
      ],
      totalPages: 1,
      totalElements: 2,
      number: 0,
      size: 10,
    };
    backend({ 'GET /api/admin/contacts': json(page) });
    renderApp(<AdminTab />);
    expect(await screen.findByRole('article', { name: 'Platinum Account Inquiry from Pat Fleet' })).toHaveTextContent('Forty trucks, need parts tracking.');
    expect(screen.getByRole('article', { name: 'Contact Sales from Lee Mow' })).toHaveTextContent('lee@mow.test');
    expect(screen.getByText('Page 1 of 1 · 2 submissions')).toBeInTheDocument();
  });
});
