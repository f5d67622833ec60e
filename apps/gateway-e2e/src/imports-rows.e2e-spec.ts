import { ApiClient, createApprovedUser, createMachine, e2eProducts, type ApprovedUser } from '@wrenchlog/testing';
import { importSettled, uploadImport } from './imports.helpers.js';
import { meterOf } from './machines.helpers.js';

// Issue 23: LubeLogger odometer rows as meter readings, and rows that repeat a stored record.
describe.each(e2eProducts())('imports: odometer readings and duplicates of stored records (%s)', (_mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  let a: ApprovedUser;
  let b: ApprovedUser;

  const upload = (token: string, file: string, fields: Record<string, string>) => uploadImport(api, token, fields, { content: file, name: 'import.csv' });

  const validate = async (token: string, file: string, fields: Record<string, string>): Promise<{ id: number; counts: any }> => {
    const res = await upload(token, file, fields);
    expect(res.status).toBe(201);
    const counts = await api.post(`/api/imports/${res.body.id}/validate`, undefined, token);
    expect(counts.status).toBe(200);
    return { id: res.body.id, counts: counts.body };
  };

  const settled = (token: string, id: number, state: string) => importSettled(api, token, id, state);

  /** A machine of the user and its odometer (meters come by event). */
  const machineWithOdometer = async (token: string) => {
    const machine = await createMachine(api, token);
    const distance = await meterOf(api, token, machine.id, 'distance');
    return { machine, distance };
  };

  const readingsOf = async (token: string, meterId: number): Promise<any[]> => (await api.get(`/api/meters/${meterId}/readings?size=50`, token)).body.content;
  const fuelOf = async (token: string, machineId: number): Promise<any[]> => (await api.get(`/api/fuel-records/machine/${machineId}`, token)).body;

  beforeAll(async () => {
    [a, b] = await Promise.all([createApprovedUser(api, { name: 'Import rows A' }), createApprovedUser(api, { name: 'Import rows B' })]);
  });

  it('imports odometer rows as readings through the meter sequence rules, and Revert removes exactly them', async () => {
    const { machine, distance } = await machineWithOdometer(a.token);
    expect((await api.post(`/api/meters/${distance.id}/readings`, { value: 12_800, readAt: '2024-03-20' }, a.token)).status).toBe(201);
    const before = await readingsOf(a.token, distance.id);
    expect(before.map((r) => r.value)).toEqual([12_800]);

    // Against the stored readings alone (the dry run asks schedule-service): lower than an earlier day's, higher than a later day's.
    for (const [row, message] of [
      ['04/01/2024,0,12000,,', 'row 2: odometer 12,000 is lower than 12,800 on 2024-03-20'],
      ['03/01/2024,0,12900,,', 'row 2: odometer 12,900 is higher than 12,800 on 2024-03-20'],
    ]) {
      const alone = await validate(a.token, `Date,InitialOdometer,Odometer,Notes,Tags\n${row}`, {
        source: 'lubelogger-odometer',
        machineId: String(machine.id),
      });
      expect(alone.counts).toEqual({ valid: 0, warnings: 0, errors: 1 });
      expect((await api.get(`/api/imports/${alone.id}/rows`, a.token)).body.content[0].messages).toEqual([message]);
    }

    const file = [
      'Date,InitialOdometer,Odometer,Notes,Tags',
      '01/10/2024,11000,11000,start,',
      '02/10/2024,11000,11900,,',
      '04/01/2024,11000,12000,lower than the stored reading,',
      '05/01/2024,11000,13000,,',
      '03/20/2024,11000,12800,the stored reading again,',
    ].join('\n');
    const { id, counts } = await validate(a.token, file, { source: 'lubelogger-odometer', machineId: String(machine.id) });
    // Row 4 breaks the sequence (the file's own row 6 and the stored reading both read 12,800 on 2024-03-20); row 6 repeats the stored one.
    expect(counts).toEqual({ valid: 3, warnings: 1, errors: 1 });
    const rows = (await api.get(`/api/imports/${id}/rows`, a.token)).body.content;
    expect(rows.find((r: any) => r.rowNumber === 4)).toMatchObject({
      status: 'error',
      messages: ['row 4: odometer 12,000 is lower than 12,800 on 2024-03-20'],
    });
    expect(rows.find((r: any) => r.rowNumber === 6)).toMatchObject({
      status: 'warning',
      messages: ['row 6: duplicate of a record already stored'],
      duplicate: true,
      keep: false,
    });
    expect(await readingsOf(a.token, distance.id)).toHaveLength(1);

    expect((await api.post(`/api/imports/${id}/commit`, { mode: 'skip_invalid' }, a.token)).status).toBe(202);
    const done = await settled(a.token, id, 'done');
    expect(done.counts).toMatchObject({ written: 3, skipped: 2, failed: 0 });
    const imported = await readingsOf(a.token, distance.id);
    expect(imported.map((r) => [r.readAt, r.value, r.source])).toEqual([
      ['2024-05-01', 13_000, 'import'],
      ['2024-03-20', 12_800, 'manual'],
      ['2024-02-10', 11_900, 'import'],
      ['2024-01-10', 11_000, 'import'],
    ]);
    expect(((await api.get(`/api/machines/${machine.id}/meters`, a.token)).body as any[]).find((m) => m.kind === 'distance')).toMatchObject({
      currentValue: 13_000,
      currentReadAt: '2024-05-01',
    });

    // Added by hand after the import: Revert leaves it.
    const mine = await api.post(`/api/meters/${distance.id}/readings`, { value: 13_500, readAt: '2024-06-01' }, a.token);
    expect(mine.status).toBe(201);
    expect((await api.post(`/api/imports/${id}/revert`, undefined, a.token)).status).toBe(202);
    const reverted = await settled(a.token, id, 'reverted');
    expect(reverted.reverted).toEqual({ deleted: 3, keptMachines: [] });
    expect((await readingsOf(a.token, distance.id)).map((r) => r.id)).toEqual([mine.body.id, before[0].id]);
  }, 90_000);

  it('flags a duplicate of a stored fuel record as a warning and skips it; keep: true imports it; only the owner sees or changes the rows', async () => {
    const { machine } = await machineWithOdometer(a.token);
    const stored = await api.post(
      '/api/fuel-records',
      { machineId: machine.id, amount: 12.5, pricePerUnit: 3.499, totalPrice: 43.74, dateOfPurchase: '2024-03-20T08:00:00.000Z', currentMileage: 12_800 },
      a.token,
    );
    expect(stored.status).toBe(201);
    const file = [
      'Date,Odometer,FuelConsumed,Cost,FuelEconomy,IsFillToFull,MissedFuelUp,Notes,Tags',
      '3/20/2024,12800,12.5,$43.74,0,True,False,the stored fill again,',
      '4/2/2024,13100,11.8,$42.01,25.4,True,False,,',
    ].join('\n');
    const first = await validate(a.token, file, { source: 'lubelogger-fuel', machineId: String(machine.id) });
    expect(first.counts).toEqual({ valid: 1, warnings: 1, errors: 0 });
    const warned = await api.get(`/api/imports/${first.id}/rows?status=warning`, a.token);
    expect(warned.body.content).toEqual([
      expect.objectContaining({ rowNumber: 2, status: 'warning', messages: ['row 2: duplicate of a record already stored'], duplicate: true, keep: false }),
    ]);

    // Another user's import and its rows answer 404, as a missing one.
    expect((await api.get(`/api/imports/${first.id}/rows`, b.token)).status).toBe(404);
    expect((await api.put(`/api/imports/${first.id}/rows/2`, { keep: true }, b.token)).status).toBe(404);
    expect((await api.put(`/api/imports/${first.id}/rows/99`, { keep: true }, a.token)).status).toBe(404);
    expect(await api.put(`/api/imports/${first.id}/rows/3`, { keep: true }, a.token)).toMatchObject({
      status: 422,
      body: { message: 'Only a duplicate row can be imported anyway: this row is not one.' },
    });
    const bad = await api.put(`/api/imports/${first.id}/rows/2`, { keep: 'yes' }, a.token);
    expect(bad).toMatchObject({ status: 400, body: { message: 'Keep must be true or false' } });
    expect((await api.put(`/api/imports/${first.id}/rows/0`, { keep: true }, a.token)).status).toBe(400);

    // Skipped by default: only the new fill is written.
    expect((await api.post(`/api/imports/${first.id}/commit`, { mode: 'all_or_nothing' }, a.token)).status).toBe(202);
    expect((await settled(a.token, first.id, 'done')).counts).toMatchObject({ written: 1, skipped: 1, failed: 0 });
    expect((await fuelOf(a.token, machine.id)).map((f) => f.currentMileage)).toEqual([13_100, 12_800]);
    expect((await api.put(`/api/imports/${first.id}/rows/2`, { keep: true }, a.token)).status).toBe(409);

    // The same file again: both rows are stored now; the user keeps row 2, which is imported.
    const second = await validate(a.token, file, { source: 'lubelogger-fuel', machineId: String(machine.id) });
    expect(second.counts).toEqual({ valid: 0, warnings: 2, errors: 0 });
    expect((await api.get(`/api/imports/${second.id}`, a.token)).body).toMatchObject({ state: 'validated', duplicatesSkipped: 2 });
    const kept = await api.put(`/api/imports/${second.id}/rows/2`, { keep: true }, a.token);
    expect(kept).toMatchObject({ status: 200, body: { rowNumber: 2, status: 'warning', duplicate: true, keep: true } });
    expect((await api.get(`/api/imports/${second.id}/rows?status=warning`, a.token)).body.content.map((r: any) => [r.rowNumber, r.keep])).toEqual([
      [2, true],
      [3, false],
    ]);
    expect((await api.get(`/api/imports/${second.id}`, a.token)).body).toMatchObject({ duplicatesSkipped: 1 });
    expect((await api.post(`/api/imports/${second.id}/commit`, { mode: 'skip_invalid' }, a.token)).status).toBe(202);
    expect((await settled(a.token, second.id, 'done')).counts).toMatchObject({ written: 1, skipped: 1, failed: 0 });
    expect((await fuelOf(a.token, machine.id)).map((f) => f.currentMileage).sort()).toEqual([12_800, 12_800, 13_100]);
  }, 90_000);

  it('flags duplicates of stored service records and part purchases in the dry run', async () => {
    const { machine } = await machineWithOdometer(a.token);
    const service = await api.post(
      '/api/services/fastCreate',
      { machineId: machine.id, title: 'Oil change', serviceDate: '2024-05-01', status: 'Complete', price: 40 },
      a.token,
    );
    expect(service.status).toBe(201);
    const services = await validate(a.token, ['Date,Title,Cost', '2024-05-01,Oil change,40', '2024-05-01,Filters,40'].join('\n'), {
      source: 'generic-service',
      machineId: String(machine.id),
    });
    expect(services.counts).toEqual({ valid: 1, warnings: 1, errors: 0 });
    expect((await api.get(`/api/imports/${services.id}/rows?status=warning`, a.token)).body.content).toEqual([
      expect.objectContaining({ rowNumber: 2, messages: ['row 2: duplicate of a record already stored'], duplicate: true }),
    ]);

    const purchase = await api.post(
      '/api/purchases',
      {
        partName: 'Oil filter',
        quantity: 2,
        price: 9.99,
        storeName: 'NAPA',
        partStatus: 'New',
        purchaseDate: '2024-05-01T09:00:00.000Z',
        machineId: machine.id,
      },
      a.token,
    );
    expect(purchase.status).toBe(201);
    const purchases = await validate(
      a.token,
      ['Part,Qty,Price,Supplier,Date', 'Oil filter,2,9.99,NAPA,2024-05-01', 'Oil filter,1,9.99,NAPA,2024-05-01'].join('\n'),
      {
        source: 'generic-purchases',
        machineId: String(machine.id),
      },
    );
    expect((await api.get(`/api/imports/${purchases.id}/rows`, a.token)).body.content.map((r: any) => [r.rowNumber, r.messages])).toEqual([
      [2, ['row 2: duplicate of a record already stored']],
      [3, []],
    ]);
    // Another user's dry run of the same file finds nothing of A's.
    const theirs = await machineWithOdometer(b.token);
    const other = await validate(b.token, ['Date,Title,Cost', '2024-05-01,Oil change,40'].join('\n'), {
      source: 'generic-service',
      machineId: String(theirs.machine.id),
    });
    expect(other.counts).toEqual({ valid: 1, warnings: 0, errors: 0 });
  }, 90_000);
});
