import { readFileSync } from 'node:fs';
import { ApiClient, createApprovedUser, createMachine, e2eProducts, type ApprovedUser } from '@wrenchlog/testing';

// The sample files of libs/importers (written from the exporters' headers, issue 23).
const fixture = (name: string) => readFileSync(new URL(`../../../libs/importers/fixtures/${name}`, import.meta.url));

describe.each(e2eProducts())('imports: upload, map and review (%s)', (_mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  let a: ApprovedUser;
  let b: ApprovedUser;

  const upload = (token: string | undefined, file: Buffer | undefined, fields: Record<string, string>, name = 'fuel.csv') => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) {
      form.append(key, value);
    }
    if (file) {
      form.append('file', new Blob([new Uint8Array(file)], { type: 'text/csv' }), name);
    }
    return api.request('POST', '/api/imports', { token, raw: form });
  };

  beforeAll(async () => {
    [a, b] = await Promise.all([createApprovedUser(api, { name: 'Imports A' }), createApprovedUser(api, { name: 'Imports B' })]);
  });

  it('uploads a LubeLogger fuel export: detection, columns, suggested mapping and a preview as it will be stored', async () => {
    const machine = await createMachine(api, a.token);
    const res = await upload(a.token, fixture('lubelogger-fuel.csv'), { source: 'lubelogger-fuel', machineId: String(machine.id) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      detected: { delimiter: ',', decimalSeparator: '.', dateFormat: 'MM/DD/YYYY', encoding: 'utf-8', hasBom: false, units: { distance: 'mi', volume: 'gal' } },
      columns: ['Date', 'Odometer', 'FuelConsumed', 'Cost', 'FuelEconomy', 'IsFillToFull', 'MissedFuelUp', 'Notes', 'Tags', 'extrafield_Station', 'extrafield_Octane'],
      suggestedMapping: { Date: 'date', Odometer: 'odometer', FuelConsumed: 'amount', Cost: 'totalPrice', IsFillToFull: 'fullTank', MissedFuelUp: 'missedPrevious' },
    });
    expect(res.body.preview).toHaveLength(4);
    expect(res.body.preview[0]).toEqual({
      rowNumber: 2,
      status: 'valid',
      messages: [],
      record: { machineId: machine.id, amount: 12.5, pricePerUnit: 3.499, totalPrice: 43.74, dateOfPurchase: '2024-03-20T12:00:00.000Z', currentMileage: 12800, notes: 'Station: Shell\nOctane: 87', fullTank: true, missedPrevious: false },
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
    expect(counts).toMatchObject({ status: 201, body: { valid: 3, warnings: 1, errors: 0 } });
    const warned = await api.get(`/api/imports/${id}/rows?status=warning`, a.token);
    expect(warned.status).toBe(200);
    expect(warned.body).toMatchObject({ totalElements: 1, content: [{ rowNumber: 5, status: 'warning', messages: ['row 5: odometer 12,000 is lower than 13,350 on 2024-04-15'] }] });
    const all = await api.get(`/api/imports/${id}/rows?page=0&size=2`, a.token);
    expect(all.body).toMatchObject({ totalElements: 4, totalPages: 2, number: 0, size: 2 });
    expect((await api.get(`/api/imports/${id}`, a.token)).body).toMatchObject({ state: 'validated', counts: { valid: 3, warnings: 1, errors: 0 } });
    expect((await api.get(`/api/fuel-records/machine/${machine.id}`, a.token)).body).toEqual([]);
  });

  it('takes a new mapping and corrected detection, and refuses fields that are not the kind’s', async () => {
    const machine = await createMachine(api, a.token);
    const id = (await upload(a.token, fixture('lubelogger-service.csv'), { source: 'lubelogger-service' })).body.id;
    const mapped = await api.put(`/api/imports/${id}/mapping`, { mapping: { Date: 'serviceDate', Description: 'title', Cost: 'price' }, detected: { dateFormat: 'DD/MM/YYYY' }, machineId: machine.id }, a.token);
    expect(mapped.status).toBe(200);
    expect(mapped.body.detected.dateFormat).toBe('DD/MM/YYYY');
    expect(mapped.body.preview.map((r: any) => r.messages)).toEqual([["row 2: date '01/15/2024' does not exist"], ["row 3: date '03/22/2024' does not exist"], ["row 4: date '31/02/2024' does not exist"], ['row 5: Service record must have a title, date and status (the title is empty)']]);
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
    expect(jpeg).toMatchObject({ status: 415, body: { message: 'This file is a JPEG image, not a CSV file. Export or save it as CSV (UTF-8) and upload that.' } });
    expect((await upload(a.token, Buffer.alloc(0), { source: 'generic-fuel' })).body).toMatchObject({ statusCode: 400, message: 'The file is empty.' });
    expect((await upload(a.token, fixture('header-only.csv'), { source: 'generic-fuel' })).body).toMatchObject({ statusCode: 400, message: 'The file has a header but no rows to import.' });
    expect((await upload(a.token, fixture('lubelogger-fuel.csv'), { source: 'fuelly' })).body.message).toBe('This is not a Fuelly export: it has no fuelup_date and odometer columns. Choose the generic fuel CSV to map the columns yourself.');
    expect((await upload(a.token, undefined, { source: 'fuelly' })).body).toMatchObject({ statusCode: 400, message: "The upload has no file: send it in the field 'file'." });
    expect((await upload(a.token, fixture('fuelly.csv'), { source: 'excel' })).status).toBe(400);
    expect((await api.post('/api/imports', { source: 'fuelly' }, a.token)).status).toBe(415);
  });
});
