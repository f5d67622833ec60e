import { readFileSync } from 'node:fs';
import { ApiClient, createApprovedUser, createMachine, e2eProducts, expectEventually, type ApprovedUser } from '@wrenchlog/testing';
import { importSettled, uploadImport } from './imports.helpers.js';
import { meterOf } from './machines.helpers.js';

// The sample files of libs/importers (written from the exporters' headers, issue 23).
const fixture = (name: string) => readFileSync(new URL(`../../../libs/importers/fixtures/${name}`, import.meta.url));

describe.each(e2eProducts())('imports: upload, map and review (%s)', (_mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  let a: ApprovedUser;
  let b: ApprovedUser;

  const upload = (token: string | undefined, file: Buffer | undefined, fields: Record<string, string>, name = 'fuel.csv') =>
    uploadImport(api, token, fields, file && { content: file, name });

  beforeAll(async () => {
    [a, b] = await Promise.all([createApprovedUser(api, { name: 'Imports A' }), createApprovedUser(api, { name: 'Imports B' })]);
  });

  it('uploads a LubeLogger fuel export: detection, columns, suggested mapping and a preview as it will be stored', async () => {
    const machine = await createMachine(api, a.token);
    const res = await upload(a.token, fixture('lubelogger-fuel.csv'), { source: 'lubelogger-fuel', machineId: String(machine.id) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      detected: { delimiter: ',', decimalSeparator: '.', dateFormat: 'MM/DD/YYYY', encoding: 'utf-8', hasBom: false, units: { distance: 'mi', volume: 'gal' } },
      columns: [
        'Date',
        'Odometer',
        'FuelConsumed',
        'Cost',
        'FuelEconomy',
        'IsFillToFull',
        'MissedFuelUp',
        'Notes',
        'Tags',
        'extrafield_Station',
        'extrafield_Octane',
      ],
      suggestedMapping: {
        Date: 'date',
        Odometer: 'odometer',
        FuelConsumed: 'amount',
        Cost: 'totalPrice',
        IsFillToFull: 'fullTank',
        MissedFuelUp: 'missedPrevious',
      },
    });
    expect(res.body.preview).toHaveLength(4);
    expect(res.body.preview[0]).toEqual({
      rowNumber: 2,
      status: 'valid',
      messages: [],
      record: {
        machineId: machine.id,
        amount: 12.5,
        pricePerUnit: 3.499,
        totalPrice: 43.74,
        dateOfPurchase: '2024-03-20T12:00:00.000Z',
        currentMileage: 12800,
        notes: 'Station: Shell\nOctane: 87',
        fullTank: true,
        missedPrevious: false,
      },
    });
    const got = await api.get(`/api/imports/${res.body.id}`, a.token);
    expect(got.body).toMatchObject({ id: res.body.id, source: 'lubelogger-fuel', fileName: 'fuel.csv', state: 'uploaded', progress: { done: 0, total: 4 } });
    const history = await api.get('/api/imports?page=0&size=5', a.token);
    expect(history.status).toBe(200);
    expect(history.body.content[0]).toEqual(got.body);
    expect((await api.get('/api/imports', b.token)).body.content.map((i: any) => i.id)).not.toContain(res.body.id);
  });

  it('runs the dry run, lists rows by status, and writes no fuel record', async () => {
    const machine = await createMachine(api, a.token);
    const id = (await upload(a.token, fixture('lubelogger-fuel.csv'), { source: 'lubelogger-fuel', machineId: String(machine.id) })).body.id;
    expect((await api.get(`/api/imports/${id}/rows`, a.token)).status).toBe(409);
    const counts = await api.post(`/api/imports/${id}/validate`, undefined, a.token);
    expect(counts).toMatchObject({ status: 200, body: { valid: 3, warnings: 1, errors: 0 } });
    const warned = await api.get(`/api/imports/${id}/rows?status=warning`, a.token);
    expect(warned.status).toBe(200);
    expect(warned.body).toMatchObject({
      totalElements: 1,
      content: [{ rowNumber: 5, status: 'warning', messages: ['row 5: odometer 12,000 is lower than 13,350 on 2024-04-15'] }],
    });
    const all = await api.get(`/api/imports/${id}/rows?page=0&size=2`, a.token);
    expect(all.body).toMatchObject({ totalElements: 4, totalPages: 2, number: 0, size: 2 });
    expect((await api.get(`/api/imports/${id}`, a.token)).body).toMatchObject({ state: 'validated', counts: { valid: 3, warnings: 1, errors: 0 } });
    expect((await api.get(`/api/fuel-records/machine/${machine.id}`, a.token)).body).toEqual([]);
  });

  it('takes a new mapping and corrected detection, and refuses fields that are not the kind’s', async () => {
    const machine = await createMachine(api, a.token);
    const id = (await upload(a.token, fixture('lubelogger-service.csv'), { source: 'lubelogger-service' })).body.id;
    const mapped = await api.put(
      `/api/imports/${id}/mapping`,
      { mapping: { Date: 'serviceDate', Description: 'title', Cost: 'price' }, detected: { dateFormat: 'DD/MM/YYYY' }, machineId: machine.id },
      a.token,
    );
    expect(mapped.status).toBe(200);
    expect(mapped.body.detected.dateFormat).toBe('DD/MM/YYYY');
    expect(mapped.body.preview.map((r: any) => r.messages)).toEqual([
      ["row 2: date '01/15/2024' does not exist"],
      ["row 3: date '03/22/2024' does not exist"],
      ["row 4: date '31/02/2024' does not exist"],
      ['row 5: Service record must have a title, date and status (the title is empty)'],
    ]);
    const bad = await api.put(`/api/imports/${id}/mapping`, { mapping: { Date: 'amount' } }, a.token);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("'amount' is not a field of service records (column 'Date').");
    expect((await api.put(`/api/imports/${id}/mapping`, { mapping: ['Date'] }, a.token)).status).toBe(400);
  });

  it("resolves machine names against the caller's machines, names the new ones, and refuses another user's machine", async () => {
    const oldBlue = await createMachine(api, a.token, { name: 'Old Blue' });
    const res = await upload(a.token, fixture('fuelly.csv'), { source: 'fuelly' });
    expect(res.status).toBe(201);
    expect(res.body.preview[0]).toMatchObject({ status: 'valid', record: { machineId: oldBlue.id, totalPrice: 43.24 } });
    expect(res.body.preview[0]).not.toHaveProperty('newMachine');
    expect(res.body.preview[4]).toMatchObject({ newMachine: 'Mower', record: { totalPrice: 8.19 } });
    expect(res.body.preview[4].record).not.toHaveProperty('machineId');
    const theirs = await createMachine(api, b.token);
    const refused = await upload(a.token, fixture('lubelogger-fuel.csv'), { source: 'lubelogger-fuel', machineId: String(theirs.id) });
    expect(refused).toMatchObject({ status: 404, body: { message: 'Machine not found' } });
    expect((await api.put(`/api/imports/${res.body.id}/mapping`, { mapping: {}, machineId: theirs.id }, a.token)).status).toBe(404);
  });

  it('runs the dry run of a 60,000-row file and keeps every row', async () => {
    const machine = await createMachine(api, a.token);
    const lines = ['Date,Odometer,FuelConsumed,Cost,FuelEconomy,IsFillToFull,MissedFuelUp,Notes,Tags'];
    for (let i = 0; i < 60_000; i++) {
      const day = new Date(Date.UTC(1995, 0, 1) + i * 4 * 3_600_000);
      lines.push(`${day.getUTCMonth() + 1}/${day.getUTCDate()}/${day.getUTCFullYear()},${10_000 + i * 10},12.5,$43.74,0,True,False,fill ${i},`);
    }
    const res = await upload(a.token, Buffer.from(lines.join('\n')), { source: 'lubelogger-fuel', machineId: String(machine.id) });
    expect(res.status).toBe(201);
    expect(res.body.preview).toHaveLength(20);
    expect((await api.post(`/api/imports/${res.body.id}/validate`, undefined, a.token)).body).toEqual({ valid: 60_000, warnings: 0, errors: 0 });
    const last = await api.get(`/api/imports/${res.body.id}/rows?status=valid&page=599&size=100`, a.token);
    expect(last.body).toMatchObject({ totalElements: 60_000, totalPages: 600 });
    expect(last.body.content.at(-1)).toMatchObject({ rowNumber: 60_001, record: { currentMileage: 609_990, lastMileage: 609_980, notes: 'fill 59999' } });
  }, 180_000);

  it("answers 404 for another user's import, and 401 without a token", async () => {
    const id = (await upload(a.token, fixture('fuelly.csv'), { source: 'fuelly' })).body.id;
    for (const res of [
      await api.get(`/api/imports/${id}`, b.token),
      await api.get(`/api/imports/${id}/rows`, b.token),
      await api.post(`/api/imports/${id}/validate`, undefined, b.token),
      await api.put(`/api/imports/${id}/mapping`, { mapping: {} }, b.token),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Import not found');
    }
    expect((await upload(undefined, fixture('fuelly.csv'), { source: 'fuelly' })).status).toBe(401);
  });

  it('refuses a JPEG renamed to .csv, an empty file, a header without rows, a wrong source, no file and an unknown source, each with its message', async () => {
    const jpeg = await upload(a.token, fixture('photo.jpg.csv'), { source: 'generic-fuel' }, 'photo.csv');
    expect(jpeg).toMatchObject({
      status: 415,
      body: { message: 'This file is a JPEG image, not a CSV file. Export or save it as CSV (UTF-8) and upload that.' },
    });
    expect((await upload(a.token, Buffer.alloc(0), { source: 'generic-fuel' })).body).toMatchObject({ statusCode: 400, message: 'The file is empty.' });
    expect((await upload(a.token, fixture('header-only.csv'), { source: 'generic-fuel' })).body).toMatchObject({
      statusCode: 400,
      message: 'The file has a header but no rows to import.',
    });
    expect((await upload(a.token, fixture('lubelogger-fuel.csv'), { source: 'fuelly' })).body.message).toBe(
      'This is not a Fuelly export: it has no fuelup_date and odometer columns. Choose the generic fuel CSV to map the columns yourself.',
    );
    expect((await upload(a.token, undefined, { source: 'fuelly' })).body).toMatchObject({
      statusCode: 400,
      message: "The upload has no file: send it in the field 'file'.",
    });
    expect((await upload(a.token, fixture('fuelly.csv'), { source: 'excel' })).status).toBe(400);
    expect((await api.post('/api/imports', { source: 'fuelly' }, a.token)).status).toBe(415);
  });
});

describe.each(e2eProducts())('imports: the import job and Revert (%s)', (_mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  let a: ApprovedUser;
  let b: ApprovedUser;

  const upload = (token: string, file: string, fields: Record<string, string>, name = 'import.csv') =>
    uploadImport(api, token, fields, { content: file, name });

  /** Uploads and validates a file; answers the import's id. */
  const validated = async (token: string, file: string, fields: Record<string, string>): Promise<number> => {
    const res = await upload(token, file, fields);
    expect(res.status).toBe(201);
    expect((await api.post(`/api/imports/${res.body.id}/validate`, undefined, token)).status).toBe(200);
    return res.body.id;
  };

  const settled = (token: string, id: number, state: string) => importSettled(api, token, id, state);

  const fuelOf = async (token: string, machineId: number): Promise<any[]> => (await api.get(`/api/fuel-records/machine/${machineId}`, token)).body;

  // Four fills; the third row's date does not exist (an error of the dry run).
  const FUEL = [
    'Date,Odometer,FuelConsumed,Cost,FuelEconomy,IsFillToFull,MissedFuelUp,Notes,Tags',
    '3/20/2024,12800,12.5,$43.74,0,True,False,first,',
    '4/2/2024,13100,11.8,$42.01,25.4,True,False,,',
    '2/31/2024,13200,5,$20.00,0,True,False,,',
    '4/15/2024,13350,6.2,$22.50,0,True,False,last,',
  ].join('\n');

  beforeAll(async () => {
    [a, b] = await Promise.all([createApprovedUser(api, { name: 'Import job A' }), createApprovedUser(api, { name: 'Import job B' })]);
  });

  it('writes nothing in the dry run; all_or_nothing with an error row is refused (422); skip_invalid writes only the valid rows, and meters and reports follow', async () => {
    const machine = await createMachine(api, a.token);
    const res = await upload(a.token, FUEL, { source: 'lubelogger-fuel', machineId: String(machine.id) });
    expect((await api.post(`/api/imports/${res.body.id}/commit`, { mode: 'skip_invalid' }, a.token)).status).toBe(409);
    const id = res.body.id;
    expect((await api.post(`/api/imports/${id}/validate`, undefined, a.token)).body).toEqual({ valid: 3, warnings: 0, errors: 1 });
    expect(await fuelOf(a.token, machine.id)).toEqual([]);

    const refused = await api.post(`/api/imports/${id}/commit`, { mode: 'all_or_nothing' }, a.token);
    expect(refused).toMatchObject({ status: 422, body: { message: '1 row has errors: fix the file or choose to skip them (skip_invalid).' } });
    expect((await api.post(`/api/imports/${id}/commit`, { mode: 'everything' }, a.token)).status).toBe(400);
    expect((await api.post(`/api/imports/${id}/commit`, { mode: 'skip_invalid' }, b.token)).status).toBe(404);
    expect(await fuelOf(a.token, machine.id)).toEqual([]);

    const started = await api.post(`/api/imports/${id}/commit`, { mode: 'skip_invalid' }, a.token);
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ id, mode: 'skip_invalid', progress: { total: 3 } });
    expect(['importing', 'done']).toContain(started.body.state);
    const done = await settled(a.token, id, 'done');
    expect(done).toMatchObject({
      progress: { done: 3, total: 3 },
      counts: { valid: 3, warnings: 0, errors: 1, written: 3, skipped: 1, failed: 0 },
      error: null,
    });
    expect(done.finishedAt).toEqual(expect.any(String));
    expect((await api.post(`/api/imports/${id}/commit`, { mode: 'skip_invalid' }, a.token)).status).toBe(409);

    const fuel = await fuelOf(a.token, machine.id);
    expect(fuel.map((f) => [f.dateOfPurchase.slice(0, 10), f.currentMileage, f.totalPrice])).toEqual([
      ['2024-04-15', 13350, 22.5],
      ['2024-04-02', 13100, 42.01],
      ['2024-03-20', 12800, 43.74],
    ]);
    expect((await api.get('/api/imports', a.token)).body.content.find((i: any) => i.id === id)).toMatchObject({ state: 'done', counts: { written: 3 } });
    // The imported fills reach the meters and the reports by their fuel.record.saved, as a hand-entered fill does.
    await expectEventually(async () => {
      const meters = (await api.get(`/api/machines/${machine.id}/meters`, a.token)).body;
      expect(meters.find((m: any) => m.kind === 'distance')).toMatchObject({ currentValue: 13350 });
      const fleet = (await api.get('/api/reports/fleet?from=2024-03-01&to=2024-04-30', a.token)).body;
      expect(fleet.rows.find((r: any) => r.machineId === machine.id)).toMatchObject({ fuel: 108.25 });
    }, 20_000);
  }, 60_000);

  it('rolls all_or_nothing back when a row fails at import (its machine deleted after the dry run): nothing is written', async () => {
    const kept = await createMachine(api, a.token, { name: 'Rollback kept' });
    const gone = await createMachine(api, a.token, { name: 'Rollback gone' });
    const file = [
      'Machine,Date,Title,Cost',
      'Rollback kept,2024-05-01,Oil change,40',
      'Rollback kept,2024-05-02,Filters,20',
      'Rollback gone,2024-05-03,Brakes,300',
    ].join('\n');
    const id = await validated(a.token, file, { source: 'generic-service' });
    expect((await api.get(`/api/imports/${id}`, a.token)).body.counts).toMatchObject({ valid: 3, errors: 0 });
    expect((await api.delete(`/api/machines/${gone.id}`, a.token)).status).toBe(204);
    // service-record-service hears of the deletion by event: once a hand-entered record is refused, the import's is too.
    await expectEventually(async () => {
      expect(
        (await api.post('/api/services/fastCreate', { machineId: gone.id, title: 'Probe', serviceDate: '2024-05-04', status: 'Complete' }, a.token)).status,
      ).toBe(404);
    });
    expect((await api.post(`/api/imports/${id}/commit`, { mode: 'all_or_nothing' }, a.token)).status).toBe(202);
    const failed = await settled(a.token, id, 'failed');
    expect(failed.error).toBe('Nothing was imported: row 4: Machine not found');
    expect(failed.counts).toMatchObject({ written: 0, failed: 1 });
    expect((await api.get(`/api/services/machine/${kept.id}`, a.token)).body).toEqual([]);
  }, 60_000);

  it('reverts exactly what the import wrote: records and readings the user added since and the new machines they used stay; twice is 409', async () => {
    const c = await createApprovedUser(api, { name: 'Import job C' });
    const fuelly = [
      'car_name,model,mpg,odometer,miles,gallons,price,city_percentage,fuelup_date,date_added,tags,notes,missed_fuelup,partial_fuelup,latitude,longitude,brand',
      'Revert Truck,F-150,,12000,,12.5,3.459,50,01/05/2024 8:15,01/05/2024 8:20,,first fill,0,0,,,Shell',
      'Revert Truck,F-150,21.2,12300,300,14.151,3.499,40,01/19/2024 17:42,01/19/2024 17:50,,,0,0,,,Shell',
      'Revert Mower,Z930M,,310,,2.1,3.899,0,02/21/2024 9:30,02/21/2024 9:31,,,0,0,,,Costco',
    ].join('\n');
    const id = await validated(c.token, fuelly, { source: 'fuelly' });
    expect((await api.post(`/api/imports/${id}/revert`, undefined, c.token)).status).toBe(409);
    expect((await api.post(`/api/imports/${id}/commit`, { mode: 'all_or_nothing' }, c.token)).status).toBe(202);
    await settled(c.token, id, 'done');
    const machines = (await api.get('/api/machines/all', c.token)).body as { id: number; name: string }[];
    expect(machines.map((m) => m.name).sort()).toEqual(['Revert Mower', 'Revert Truck']);
    const truck = machines.find((m) => m.name === 'Revert Truck')!;
    expect(await fuelOf(c.token, truck.id)).toHaveLength(2);
    // Added by hand after the import: no import id, so Revert leaves it (and so the truck).
    const mine = await api.post(
      '/api/fuel-records',
      { machineId: truck.id, amount: 10, pricePerUnit: 3, totalPrice: 30, dateOfPurchase: '2024-03-01T12:00:00.000Z' },
      c.token,
    );
    expect(mine.status).toBe(201);
    // A reading entered by hand on the imported mower keeps it too (its meters come with the machine's event).
    const mower = machines.find((m) => m.name === 'Revert Mower')!;
    const meterId = (await meterOf(api, c.token, mower.id, 'distance')).id;
    expect((await api.post(`/api/meters/${meterId}/readings`, { value: 400, readAt: '2024-03-01' }, c.token)).status).toBe(201);
    const own = await createMachine(api, c.token, { name: 'Hand made' });

    expect((await api.post(`/api/imports/${id}/revert`, undefined, b.token)).status).toBe(404);
    const reverting = await api.post(`/api/imports/${id}/revert`, undefined, c.token);
    expect(reverting.status).toBe(202);
    const reverted = await settled(c.token, id, 'reverted');
    expect(reverted.reverted.deleted).toBe(3);
    expect([...reverted.reverted.keptMachines].sort((x: { id: number }, y: { id: number }) => x.id - y.id)).toEqual(
      [
        { id: truck.id, name: 'Revert Truck' },
        { id: mower.id, name: 'Revert Mower' },
      ].sort((x, y) => x.id - y.id),
    );
    expect((await api.post(`/api/imports/${id}/revert`, undefined, c.token)).status).toBe(409);
    expect((await fuelOf(c.token, truck.id)).map((f) => f.id)).toEqual([mine.body.id]);
    expect(await fuelOf(c.token, mower.id)).toEqual([]);
    expect(((await api.get('/api/machines/all', c.token)).body as { id: number }[]).map((m) => m.id).sort()).toEqual([truck.id, mower.id, own.id].sort());
  }, 60_000);

  it("puts a machine's miles back with its meter when a fuel import into it is reverted (issue 38)", async () => {
    const machine = await createMachine(api, a.token);
    const fuel = [
      'Date,Odometer,FuelConsumed,Cost,FuelEconomy,IsFillToFull,MissedFuelUp,Notes,Tags',
      '3/20/2024,122700,12.5,$43.74,0,True,False,,',
      '4/2/2024,123020,11.8,$42.01,27.1,True,False,,',
    ].join('\n');
    const id = await validated(a.token, fuel, { source: 'lubelogger-fuel', machineId: String(machine.id) });
    expect((await api.post(`/api/imports/${id}/commit`, { mode: 'skip_invalid' }, a.token)).status).toBe(202);
    await settled(a.token, id, 'done');
    await expectEventually(async () => expect((await api.get(`/api/machines?machineId=${machine.id}`, a.token)).body.miles).toBe(123020));
    expect((await api.post(`/api/imports/${id}/revert`, undefined, a.token)).status).toBe(202);
    await settled(a.token, id, 'reverted');
    // The fuel records' readings go with their records' deleted events.
    await expectEventually(async () => {
      const meters = (await api.get(`/api/machines/${machine.id}/meters`, a.token)).body as { kind: string; currentValue: number | null }[];
      expect(meters.find((m) => m.kind === 'distance')?.currentValue ?? null).toBeNull();
    });
    await expectEventually(async () => expect((await api.get(`/api/machines?machineId=${machine.id}`, a.token)).body.miles).toBeNull());
  }, 60_000);

  it('imports part purchases as hand-entered ones, and reverts them', async () => {
    const machine = await createMachine(api, a.token);
    const purchases = ['Part,Qty,Price,Supplier,Date', 'Oil filter,2,9.99,NAPA,2024-05-01', 'Wiper blades,1,24.50,,2024-05-02'].join('\n');
    const id = await validated(a.token, purchases, { source: 'generic-purchases', machineId: String(machine.id) });
    expect((await api.post(`/api/imports/${id}/commit`, { mode: 'skip_invalid' }, a.token)).status).toBe(202);
    const done = await settled(a.token, id, 'done');
    expect(done.counts).toMatchObject({ written: 2, failed: 0 });
    const listed = (await api.get(`/api/purchases/getrecentForMachine/${machine.id}`, a.token)).body;
    expect((listed.content ?? listed).map((p: any) => p.partName).sort()).toEqual(['Oil filter', 'Wiper blades']);
    expect((await api.post(`/api/imports/${id}/revert`, undefined, a.token)).status).toBe(202);
    await settled(a.token, id, 'reverted');
    const after = (await api.get(`/api/purchases/getrecentForMachine/${machine.id}`, a.token)).body;
    expect(after.content ?? after).toEqual([]);
  }, 60_000);
});
