import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImportUploaded } from '@wrenchlog/contracts';
import { routes } from '../../app/routes';
import { json, mockFetch, renderApp, signIn } from '../../test/harness';

const user = userEvent.setup({ delay: null });

const row = (rowNumber: number, status: 'valid' | 'warning' | 'error', messages: string[] = [], record: Record<string, unknown> = {}) => ({
  rowNumber,
  status,
  messages,
  record,
});

const uploaded = (
  preview = [row(2, 'error', ['row 2: no machine: choose the machine of the file, or map the column that names it'], { amount: 12.5, totalPrice: 43.74 })],
): ImportUploaded => ({
  id: 7,
  detected: { delimiter: ',', decimalSeparator: '.', dateFormat: 'MM/DD/YYYY', encoding: 'utf-8', hasBom: true, units: { distance: 'mi', volume: 'gal' } },
  notes: ['No date in the file tells day and month apart: month first is assumed.'],
  columns: ['Date', 'FuelConsumed', 'Cost', 'Notes'],
  suggestedMapping: { Date: 'date', FuelConsumed: 'amount', Cost: 'totalPrice', Notes: 'notes' },
  preview,
});

const importView = (state: string, counts = { valid: 3, warnings: 1, errors: 2 }) => ({
  id: 7,
  source: 'lubelogger-fuel',
  fileName: 'fuel.csv',
  state,
  progress: { done: 0, total: 6 },
  counts: { ...counts, written: 0, skipped: 0, failed: 0 },
  createdAt: '2026-11-24T10:00:00Z',
  finishedAt: null,
  error: null,
});

const page = (content: object[], totalElements: number, number = 0, size = 50) => ({
  content,
  totalElements,
  totalPages: Math.max(1, Math.ceil(totalElements / size)),
  number,
  size,
});

beforeEach(() => {
  localStorage.clear();
  signIn();
});

describe('the import wizard: Upload and Map', () => {
  it('uploads the file, preselects the suggested mapping, and sends each change with the machine; a refused mapping shows under its column', async () => {
    const { calls } = mockFetch({
      'GET /api/machines/all': json([{ id: 3, name: 'Old Blue' }]),
      'POST /api/imports': json(uploaded(), 201),
      'GET /api/imports/7': json(importView('uploaded')),
      'PUT /api/imports/7/mapping': (req) => {
        const body = req.body as { mapping: Record<string, string> };
        if (body.mapping.Date === 'amount') {
          return json(
            {
              statusCode: 400,
              code: 'VALIDATION_FAILED',
              message: "Columns 'Date' and 'FuelConsumed' are both mapped to amount; map one.",
              errors: [{ field: 'mapping', message: 'x' }],
            },
            400,
          );
        }
        return json(uploaded([row(2, 'valid', [], { machineId: 3, amount: 12.5, totalPrice: 43.74, fullTank: true })]));
      },
    });
    renderApp(routes, { url: '/import?source=lubelogger-fuel' });
    expect(await screen.findByText('A .csv file (comma, semicolon or tab separated) of at most 20 MB.')).toBeInTheDocument();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['Date,FuelConsumed\n3/20/2024,12.5\n'], 'fuel.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Upload the file' }));

    expect(await screen.findByText('No date in the file tells day and month apart: month first is assumed.')).toBeInTheDocument();
    expect(screen.getByText('UTF-8 byte-order mark found')).toBeInTheDocument();
    expect(screen.getByLabelText('Field for column FuelConsumed')).toHaveValue('amount');
    expect(screen.getByRole('button', { name: 'Review every row' })).toBeDisabled();
    expect(screen.getByText('Choose the machine these rows belong to, or the column that names it.')).toBeInTheDocument();
    const upload = calls.find((c) => c.method === 'POST')!.body as FormData;
    expect([upload.get('source'), (upload.get('file') as File).name]).toEqual(['lubelogger-fuel', 'fuel.csv']);

    await waitFor(() => expect(screen.getByRole('combobox', { name: /Machine/ })).toHaveTextContent('Old Blue'));
    await user.selectOptions(screen.getByRole('combobox', { name: /Machine/ }), '3');
    const preview = screen.getByRole('table', { name: 'Preview' });
    await waitFor(() => expect(within(preview).getAllByRole('row')[1]).toHaveTextContent('43.74'));
    expect(within(preview).getAllByRole('row')[1]).toHaveTextContent('Yes');
    const puts = () => calls.filter((c) => c.method === 'PUT').map((c) => c.body);
    expect(puts()).toEqual([
      {
        mapping: { Date: 'date', FuelConsumed: 'amount', Cost: 'totalPrice', Notes: 'notes' },
        detected: { delimiter: ',', decimalSeparator: '.', dateFormat: 'MM/DD/YYYY', encoding: 'utf-8', units: { distance: 'mi', volume: 'gal' } },
        machineId: 3,
        machineColumn: null,
      },
    ]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Review every row' })).toBeEnabled());

    // A corrected date format goes with the next change.
    await user.selectOptions(screen.getByLabelText('Date format'), 'DD/MM/YYYY');
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1]).toMatchObject({ detected: { dateFormat: 'DD/MM/YYYY' }, machineId: 3 });

    // Choosing a field another column holds moves it there; the server's refusal shows at the column.
    await user.selectOptions(screen.getByLabelText('Field for column Date'), 'amount');
    await waitFor(() => expect(puts()).toHaveLength(3));
    expect(puts()[2]).toMatchObject({ mapping: { Date: 'amount', Cost: 'totalPrice', Notes: 'notes' } });
    expect(screen.getByLabelText('Field for column FuelConsumed')).toHaveValue('');
    expect(await screen.findByText("Columns 'Date' and 'FuelConsumed' are both mapped to amount; map one.")).toBeInTheDocument();
    expect(screen.getByLabelText('Field for column FuelConsumed')).toHaveAccessibleDescription(
      "Columns 'Date' and 'FuelConsumed' are both mapped to amount; map one.",
    );
    expect(screen.getByRole('button', { name: 'Review every row' })).toBeDisabled();
  });

  it('shows the preview as the forms do before a machine is chosen: labels, dates, the bad cell as typed, no Error badge (issue 38)', async () => {
    const noMachine = 'row 2: no machine: choose the machine of the file, or map the column that names it';
    mockFetch({
      'GET /api/machines/all': json([{ id: 3, name: 'Old Blue' }]),
      'POST /api/imports': json(
        uploaded([
          row(2, 'error', [noMachine], { amount: 12.5, totalPrice: 43.74, dateOfPurchase: '2024-03-20T13:00:00.000Z', currentMileage: 123020, fullTank: true }),
          row(3, 'error', [noMachine.replace('row 2', 'row 3'), "row 3: Odometer: 'twelve' is not a number"], {
            amount: 3,
            dateOfPurchase: '2024-03-21T13:00:00.000Z',
          }),
        ]),
        201,
      ),
      'GET /api/imports/7': json(importView('uploaded')),
    });
    renderApp(routes, { url: '/import?source=lubelogger-fuel' });
    await screen.findByText('A .csv file (comma, semicolon or tab separated) of at most 20 MB.');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['Date,FuelConsumed\n3/20/2024,12.5\n'], 'fuel.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Upload the file' }));
    const preview = await screen.findByRole('table', { name: 'Preview' });
    const headers = within(preview)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Row', 'Status', 'Amount', 'Total Price', 'Date and Time of Purchase', 'Current Mileage', 'Filled the tank', 'Messages']);
    const [, first, second] = within(preview).getAllByRole('row');
    // Dates as the rest of the app shows them (the default YYYY-MM-DD), not ISO instants.
    expect(first).toHaveTextContent(/2024-03-20 \d{2}:\d{2}/);
    expect(first).not.toHaveTextContent('T13:00:00');
    expect(first).toHaveTextContent('123,020');
    // No machine yet is a step to take, not an error of every row.
    expect(within(first).queryByText('Error')).not.toBeInTheDocument();
    expect(within(first).getByText('No machine yet')).toBeInTheDocument();
    expect(first).toHaveTextContent('Choose the machine above to check this row.');
    // The unreadable odometer as typed, with why; and that row is an error for that reason.
    expect(within(second).getByText('twelve')).toBeInTheDocument();
    expect(within(second).getByText("Odometer: 'twelve' is not a number")).toBeInTheDocument();
    expect(within(second).getByText('Error')).toBeInTheDocument();
  });

  it('refuses a file over 20 MB before sending it, and shows the server message of a refused file', async () => {
    const { calls } = mockFetch({
      'POST /api/imports': json(
        {
          statusCode: 415,
          code: 'UNSUPPORTED_MEDIA_TYPE',
          message: 'This file is a JPEG image, not a CSV file. Export or save it as CSV (UTF-8) and upload that.',
        },
        415,
      ),
    });
    renderApp(routes, { url: '/import?source=generic-fuel' });
    const input = (await screen.findByText('Choose a file')) && (document.querySelector('input[type="file"]') as HTMLInputElement);
    const big = new File(['x'], 'big.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: 21 * 1024 * 1024 });
    await user.upload(input, big);
    expect(await screen.findByText('The file is 21 MB; an import takes at most 20 MB.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload the file' })).toBeDisabled();
    await user.upload(input, new File(['\xff\xd8'], 'photo.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Upload the file' }));
    expect(await screen.findByText('This file is a JPEG image, not a CSV file. Export or save it as CSV (UTF-8) and upload that.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});

describe('the import wizard: Review', () => {
  it('opens a reviewed import on its errors, filters by status and pages the rows', async () => {
    const errors = [row(4, 'error', ["row 4: date '31/02/2024' does not exist"]), row(6, 'error', ['row 6: Amount is required'])];
    const valid = Array.from({ length: 50 }, (_, i) => row(i + 2, 'valid'));
    const { calls } = mockFetch({
      'GET /api/imports/7': json(importView('validated', { valid: 60, warnings: 0, errors: 2 })),
      'GET /api/imports/7/rows': (req) => {
        const q = new URL(req.url, 'http://x').searchParams;
        if (q.get('status') === 'error') {
          return json(page(errors, 2));
        }
        return json(page(q.get('page') === '1' ? valid.slice(0, 10) : valid, 60, Number(q.get('page'))));
      },
    });
    renderApp(routes, { url: '/import?id=7' });
    const table = await screen.findByRole('table', { name: 'Reviewed rows' });
    expect(within(table).getByText("row 4: date '31/02/2024' does not exist")).toBeInTheDocument();
    expect(screen.getByText('Rows 1–2 of 2')).toBeInTheDocument();
    expect(within(screen.getByLabelText('Dry run counts')).getByText('60')).toBeInTheDocument();

    await user.click(screen.getByText('Valid (60)'));
    await screen.findByText('Rows 1–50 of 60');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Rows 51–60 of 60');
    expect(calls.filter((c) => c.url.includes('/rows')).map((c) => c.url.split('?')[1])).toEqual([
      'status=error&page=0&size=50',
      'status=valid&page=0&size=50',
      'status=valid&page=1&size=50',
    ]);

    // Import: all or nothing is refused while rows have errors; skip-invalid imports the rest.
    await user.click(screen.getByRole('button', { name: 'Continue to import' }));
    expect(await screen.findByRole('button', { name: 'Import 60 rows' })).toBeEnabled();
    await user.click(screen.getByRole('radio', { name: /All or nothing/ }));
    expect(screen.getByText('2 rows have errors: fix the file, or choose to skip the invalid rows.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 0 rows' })).toBeDisabled();
  });
});

describe('the import wizard: Import, progress, result and Revert', () => {
  it('commits with the chosen mode, shows the progress read every second, then the result; Revert asks first', async () => {
    const states = [importView('validated', { valid: 3, warnings: 1, errors: 0 })];
    const next = (over: object) => states.push({ ...states[0], ...over });
    const { calls } = mockFetch({
      'GET /api/imports/7': () => json(states.length > 1 ? states.shift() : states[0]),
      'GET /api/imports/7/rows': json(page([row(5, 'warning', ['row 5: odometer 12,000 is lower than 13,350 on 2024-04-15'])], 1)),
      'POST /api/imports/7/commit': () => {
        next({ state: 'importing', progress: { done: 2, total: 4 } });
        next({ state: 'done', progress: { done: 4, total: 4 }, counts: { valid: 3, warnings: 1, errors: 0, written: 4, skipped: 0, failed: 0 } });
        return json({}, 202);
      },
      'POST /api/imports/7/revert': () => {
        states.splice(0, states.length, { ...states[0], state: 'reverted' });
        return json({}, 202);
      },
    });
    renderApp(routes, { url: '/import?id=7' });
    await user.click(await screen.findByRole('button', { name: 'Continue to import' }));
    expect(screen.getByRole('radio', { name: /All or nothing/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Import 4 rows' }));
    expect(await screen.findByText('2 of 4 rows (50%)')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '50');
    expect(await screen.findByText('Import finished', undefined, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByText('4 records were imported from fuel.csv.')).toBeInTheDocument();
    expect(within(screen.getByLabelText('Import counts')).getByText('Imported').nextSibling).toHaveTextContent('4');
    expect(screen.getByRole('link', { name: 'Import history' })).toHaveAttribute('href', '/settings?tab=import');

    await user.click(screen.getByRole('button', { name: 'Revert the import of fuel.csv' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('This deletes the 4 records it created');
    await user.click(within(dialog).getByRole('button', { name: 'Revert' }));
    expect(await screen.findByText('The records this import created were deleted.', undefined, { timeout: 4000 })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([
      ['/api/imports/7/commit', { mode: 'all_or_nothing' }],
      ['/api/imports/7/revert', undefined],
    ]);
  }, 20_000);
});
