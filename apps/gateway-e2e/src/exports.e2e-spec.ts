import {
  ApiClient,
  createApprovedUser,
  createMachine,
  e2eProducts,
  expectEventually,
  makeJpeg,
  makePdf,
  serviceRecordFor,
  type ApprovedUser,
} from '@wrenchlog/testing';
import { parse } from 'csv-parse/sync';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { createPart } from './fuel-purchase.helpers.js';
import { uploadImport } from './imports.helpers.js';
import { meterOf, upload } from './machines.helpers.js';

// "Download all my data" and its restore (issue 23): export a seeded account, download the ZIP
// through its signed link, check the manifest and the CSVs, then upload it as `wrenchlog-export`
// in a fresh account: the dry run, then the import job writes the same account (each machine once,
// with its fields), and Revert takes the restore back to an empty account.

/** The dry run's count of the export's photos: the truck's profile photo and the oil change's receipt. */
const PHOTOS_PLANNED = { found: 2, problems: 0, written: 0, failed: 0 };
// Issue 38: the two PDF documents (the truck's manual, the oil change's invoice) are restored as the photos are.
const DOCUMENTS_PLANNED = { found: 2, problems: 0, written: 0, failed: 0 };

/** What the seeded account's export holds: the export's view and its manifest both say it. */
const EXPORTED_COUNTS = {
  machines: 2,
  serviceRecords: 2,
  fuelRecords: 2,
  partPurchases: 1,
  suppliers: 1,
  parts: 1,
  meterReadings: 4,
  schedules: 2,
  documents: 2,
  photos: 2,
};

const csvRows = (bytes: Uint8Array): Record<string, string>[] => parse(strFromU8(bytes), { columns: true, bom: true }) as Record<string, string>[];

describe.each(e2eProducts())('exports: download all my data and restore (%s)', (_mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  let a: ApprovedUser;
  let b: ApprovedUser;
  let c: ApprovedUser;
  let d: ApprovedUser;
  let zip: Uint8Array;
  // Format 3 (issue 38): a PDF on the truck and one on its oil change.
  const manualPdf = makePdf('Export Truck owner manual');
  const invoicePdf = makePdf('Invoice 118: oil change');
  let truckId: number;
  let oilId: number;

  /** Uploads an export's ZIP as a restore. */
  const uploadRestore = (token: string, bytes: Uint8Array) =>
    uploadImport(api, token, { source: 'wrenchlog-export' }, { content: bytes, name: 'wrenchlog-export.zip', type: 'application/zip' });

  const ready = async (id: number, token: string) => {
    let view: any;
    await expectEventually(
      async () => {
        view = (await api.get(`/api/exports/${id}`, token)).body;
        expect(view.state).toBe('ready');
      },
      30_000,
      250,
    );
    return view;
  };

  beforeAll(async () => {
    [a, b, c, d] = await Promise.all(['A', 'B', 'C', 'D'].map((n) => createApprovedUser(api, { name: `Export ${n}` })));
    const truck = await createMachine(api, a.token, { name: 'Export Truck', year: 2019, make: 'Ford', model: 'F-250' });
    const mower = await createMachine(api, a.token, { name: 'Export Mower', year: 2021, make: 'Kubota', model: 'ZD1211' });
    const oil = await serviceRecordFor(api, a.token, truck.id, {
      title: 'Oil change',
      serviceDate: '2026-03-20',
      price: '89.95',
      miles: '48000',
      notes: '=HYPERLINK("http://example.com","x")',
    });
    await serviceRecordFor(api, a.token, mower.id, { title: 'Blades', serviceDate: '2026-04-02', price: '120.10' });
    const form = new FormData();
    form.append('images[0][original]', new Blob([new Uint8Array(await makeJpeg(320, 240))], { type: 'image/jpeg' }), 'receipt.jpg');
    expect((await api.request('POST', `/api/services/${oil.id}/images`, { token: a.token, raw: form })).status).toBe(201);
    const profile = new FormData();
    profile.append('original', new Blob([new Uint8Array(await makeJpeg(400, 300))], { type: 'image/jpeg' }), 'truck.jpg');
    expect((await api.request('POST', `/api/machines/${truck.id}/profile-photo`, { token: a.token, raw: profile })).status).toBe(201);
    [truckId, oilId] = [truck.id, oil.id];
    const pdf = (path: string, bytes: Buffer, name: string) => upload(api, 'POST', path, [{ field: 'file', bytes, name, type: 'application/pdf' }], a.token);
    expect((await pdf(`/api/machines/${truck.id}/documents`, manualPdf, 'Owner manual.pdf')).status).toBe(201);
    expect((await pdf(`/api/services/${oil.id}/documents`, invoicePdf, 'Invoice 118.pdf')).status).toBe(201);
    for (const [odo, amount, total, date] of [
      [48100, 15.2, 52.58, '2026-03-21T17:30:00.000Z'],
      [48420, 14.75, 51.02, '2026-04-03T08:15:00.000Z'],
    ] as const) {
      const res = await api.post(
        '/api/fuel-records',
        { machineId: truck.id, amount, pricePerUnit: 3.459, totalPrice: total, currentMileage: odo, storeName: 'Shell', dateOfPurchase: date },
        a.token,
      );
      expect(res.status).toBe(201);
    }
    // Format 2: the inventory. The purchase below is of this part, bought at its supplier: received, it adds 2 to the 3 in stock.
    const stocked = await createPart(api, a.token, { name: 'Hydraulic filter', partNumber: 'HF-1', quantity: 3 });
    const bought = await api.post(
      '/api/purchases',
      {
        partName: 'Air filter',
        partNumber: 'AF-100',
        quantity: 2,
        price: 24.5,
        storeName: 'NAPA',
        partStatus: 'Purchased',
        purchaseDate: '2026-03-22T12:00:00.000Z',
        machineId: truck.id,
        partId: stocked.partId,
        userId: 0,
        storeId: stocked.supplierId,
      },
      a.token,
    );
    expect(bought.status).toBe(201);
    // Format 2: a reading entered by hand and two schedules: one done by the oil change, one on a fixed grid with its own window.
    const schedule = await api.post(
      `/api/machines/${truck.id}/schedules`,
      { title: 'Oil', serviceType: 'Oil Change', intervalDistance: 5000, recurring: true, anchor: 'completion' },
      a.token,
    );
    expect(schedule.status).toBe(201);
    const grid = await api.post(
      `/api/machines/${mower.id}/schedules`,
      { title: 'Grease', serviceType: 'Lubrication', intervalMonths: 1, soonDays: 10, recurring: true, anchor: 'fixed', lastDoneDate: '2026-01-01' },
      a.token,
    );
    expect(grid.status).toBe(201);
    // The schedules hear of the oil change by its event.
    await expectEventually(
      async () => expect((await api.post(`/api/schedules/${schedule.body.id}/complete`, { serviceRecordId: oil.id }, a.token)).status).toBe(201),
      20_000,
    );
    const odometer = await meterOf(api, a.token, truck.id, 'distance');
    expect((await api.post(`/api/meters/${odometer.id}/readings`, { value: 48600, readAt: '2026-04-10' }, a.token)).status).toBe(201);
    // The records' readings arrive by their events: the export should see all four.
    await expectEventually(async () => expect((await api.get(`/api/meters/${odometer.id}/readings?size=50`, a.token)).body.totalElements).toBe(4), 20_000);
  });

  it('prepares the ZIP in the background and answers a signed link when ready; another user gets 404', async () => {
    const started = await api.post('/api/exports', undefined, a.token);
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ id: expect.any(Number), url: null });
    expect(['pending', 'running', 'ready']).toContain(started.body.state);
    expect((await api.get(`/api/exports/${started.body.id}`, b.token)).status).toBe(404);
    expect((await api.get('/api/exports/abc', a.token)).status).toBe(400);

    const view = await ready(started.body.id, a.token);
    expect(view).toMatchObject({
      counts: EXPORTED_COUNTS,
      error: null,
    });
    expect(view.url).toMatch(/^\/api\/exports\/files\/u\d+\/[0-9a-f-]{36}\.zip\?name=wrenchlog-export-\d{4}-\d{2}-\d{2}\.zip&exp=\d+&sig=/);

    // The link is the credential: no token needed, a changed one is refused.
    const download = await fetch(`${baseUrl}${view.url}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/zip');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="wrenchlog-export-/);
    zip = new Uint8Array(await download.arrayBuffer());
    expect(zip.length).toBe(view.byteSize);
    // A changed first character of the signature (one that differs from it: a signature may start with A).
    expect((await fetch(`${baseUrl}${view.url.replace(/sig=(.)/, (_: string, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`)}`)).status).toBe(403);
    expect((await fetch(`${baseUrl}${view.url.replace(/name=[^&]+/, 'name=other.zip')}`)).status).toBe(403);
  });

  it("exports only the caller's records: another user's export of the same instance is empty", async () => {
    const started = await api.post('/api/exports', undefined, b.token);
    expect(started.status).toBe(202);
    const view = await ready(started.body.id, b.token);
    expect(view.counts).toEqual({
      machines: 0,
      serviceRecords: 0,
      fuelRecords: 0,
      partPurchases: 0,
      suppliers: 0,
      parts: 0,
      meterReadings: 0,
      schedules: 0,
      documents: 0,
      photos: 0,
    });
  });

  it('holds the manifest with counts and cost totals, one CSV per kind (formulas escaped), and the photos', () => {
    const files = unzipSync(zip);
    expect(Object.keys(files).sort()).toEqual([
      'documents.csv',
      expect.stringMatching(/^documents\/machines\/\d+\/\d+-Owner_manual\.pdf$/),
      expect.stringMatching(/^documents\/service-records\/\d+\/\d+-Invoice_118\.pdf$/),
      'fuel-records.csv',
      'machines.csv',
      'manifest.json',
      'meter-readings.csv',
      'part-purchases.csv',
      'parts.csv',
      expect.stringMatching(/^photos\/machines\/\d+\/\d+-profile\.jpg$/),
      expect.stringMatching(/^photos\/service-records\/\d+\/\d+-receipt\.jpg$/),
      'schedules.csv',
      'service-records.csv',
      'suppliers.csv',
    ]);
    const manifest = JSON.parse(strFromU8(files['manifest.json']));
    expect(manifest).toMatchObject({
      format: 'wrenchlog-export',
      formatVersion: 3,
      counts: EXPORTED_COUNTS,
      totals: { serviceRecords: { cost: 210.05 }, fuelRecords: { cost: 103.6 }, partPurchases: { cost: 49 } },
    });
    expect(Date.parse(manifest.exportedAt)).toBeGreaterThan(Date.now() - 120_000);

    expect(csvRows(files['machines.csv']).map((m) => [m.name, m.make, m.model, m.year])).toEqual([
      ['Export Truck', 'Ford', 'F-250', '2019'],
      ['Export Mower', 'Kubota', 'ZD1211', '2021'],
    ]);
    const services = csvRows(files['service-records.csv']);
    expect(services.map((s) => [s.machine, s.title, s.serviceDate, s.price])).toEqual([
      ['Export Truck', 'Oil change', '2026-03-20', '89.95'],
      ['Export Mower', 'Blades', '2026-04-02', '120.1'],
    ]);
    expect(services[0].notes).toBe(`'=HYPERLINK("http://example.com","x")`);
    expect(services[0].photos).toMatch(/^photos\/service-records\/\d+\/\d+-receipt\.jpg$/);
    expect(files[services[0].photos].subarray(0, 3)).toEqual(new Uint8Array([0xff, 0xd8, 0xff]));
    expect(csvRows(files['fuel-records.csv']).map((f) => [f.machine, f.date, f.amount, f.totalPrice, f.odometer, f.fullTank])).toEqual([
      ['Export Truck', '2026-03-21T17:30:00.000Z', '15.2', '52.58', '48100', 'true'],
      ['Export Truck', '2026-04-03T08:15:00.000Z', '14.75', '51.02', '48420', 'true'],
    ]);
    const [supplier] = csvRows(files['suppliers.csv']);
    const [part] = csvRows(files['parts.csv']);
    expect([supplier.name, supplier.email]).toEqual(['Heartland Hydraulics', 'marcus.reed@example.com']);
    // 3 in stock, and the 2 the purchase received.
    expect([part.name, part.partNumber, part.quantity, part.supplier, part.supplierId]).toEqual([
      'Hydraulic filter',
      'HF-1',
      '5',
      'Heartland Hydraulics',
      supplier.id,
    ]);
    // The purchase names the part and the supplier by their ids in parts.csv and suppliers.csv.
    expect(csvRows(files['part-purchases.csv']).map((p) => [p.machine, p.partName, p.quantity, p.price, p.storeName, p.partId, p.storeId])).toEqual([
      ['Export Truck', 'Air filter', '2', '24.5', 'NAPA', part.id, supplier.id],
    ]);
    const readings = csvRows(files['meter-readings.csv']).sort((x, y) => x.readAt.localeCompare(y.readAt));
    expect(readings.map((r) => [r.machine, r.meterKind, r.unit, r.value, r.readAt, r.source])).toEqual([
      ['Export Truck', 'distance', 'mi', '48000', '2026-03-20', 'service_record'],
      ['Export Truck', 'distance', 'mi', '48100', '2026-03-21', 'fuel_record'],
      ['Export Truck', 'distance', 'mi', '48420', '2026-04-03', 'fuel_record'],
      ['Export Truck', 'distance', 'mi', '48600', '2026-04-10', 'manual'],
    ]);
    expect(csvRows(files['schedules.csv']).map((x) => [x.machine, x.title, x.serviceType, x.intervalDistance, x.recurring, x.anchor, x.soonDistance])).toEqual([
      ['Export Truck', 'Oil', 'Oil Change', '5000', 'true', 'completion', ''],
      ['Export Mower', 'Grease', 'Lubrication', '', 'true', 'fixed', ''],
    ]);
    // Format 3: each PDF with the record it belongs to (by the ids the other files give), and the same bytes.
    const truckRow = csvRows(files['machines.csv']).find((m) => m.name === 'Export Truck')!;
    const documents = csvRows(files['documents.csv']);
    expect(documents.map((x) => [x.kind, x.recordId, x.machine, x.fileName, x.size])).toEqual([
      ['machine', truckRow.id, 'Export Truck', 'Owner manual.pdf', String(manualPdf.length)],
      ['service-record', services[0].id, 'Export Truck', 'Invoice 118.pdf', String(invoicePdf.length)],
    ]);
    expect([truckRow.id, services[0].id]).toEqual([String(truckId), String(oilId)]);
    expect(Buffer.from(files[documents[0].path]).equals(manualPdf)).toBe(true);
    expect(Buffer.from(files[documents[1].path]).equals(invoicePdf)).toBe(true);
  });

  it('restores into a fresh account: the dry run has the same counts and cost totals, and writes nothing', async () => {
    const uploaded = await uploadRestore(c.token, zip);
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.columns).toEqual(expect.arrayContaining(['machines.csv / name', 'fuel-records.csv / totalPrice', 'part-purchases.csv / partName']));
    // Every kind of the export is restored: nothing is said to stay in the ZIP.
    expect(uploaded.body.notes).toEqual([]);
    const counts = await api.post(`/api/imports/${uploaded.body.id}/validate`, undefined, c.token);
    // The photos are counted (none unreadable); nothing of them is stored by the dry run.
    expect(counts).toMatchObject({ status: 200, body: { valid: 12, warnings: 0, errors: 0, photos: { found: 2, problems: 0, written: 0, failed: 0 } } });

    const rows: { record: Record<string, any>; newMachine?: string }[] = [];
    for (let page = 0; ; page += 1) {
      const res = await api.get(`/api/imports/${uploaded.body.id}/rows?page=${page}&size=100`, c.token);
      rows.push(...res.body.content);
      if (page + 1 >= res.body.totalPages) {
        break;
      }
    }
    const of = (field: string) => rows.filter((r) => field in r.record).map((r) => r.record);
    const cents = (values: number[]) => Math.round(values.reduce((s, v) => s + v * 100, 0)) / 100;
    expect(of('make').map((m) => m.name)).toEqual(['Export Truck', 'Export Mower']);
    expect(cents(of('serviceDate').map((s) => s.price))).toBe(210.05);
    expect(cents(of('totalPrice').map((f) => f.totalPrice))).toBe(103.6);
    expect(cents(of('partName').map((p) => p.price * p.quantity))).toBe(49);
    expect(of('serviceDate')[0].notes).toBe('=HYPERLINK("http://example.com","x")');
    expect(of('contact').map((x) => x.name)).toEqual(['Heartland Hydraulics']);
    expect(of('category').map((x) => [x.name, x.quantity])).toEqual([['Hydraulic filter', 5]]);
    // Of the 4 readings only the hand-entered one is a row: the records give the other 3 again.
    expect(of('meterKind').map((x) => [x.value, x.readAt, x.source])).toEqual([[48600, '2026-04-10', 'manual']]);
    // The schedules, with how many records completed each (by their export ids, which the job links to the restored records).
    expect(of('anchor').map((x) => [x.title, x.anchor, x.completions])).toEqual([
      ['Oil', 'completion', 1],
      ['Grease', 'fixed', 0],
    ]);
    expect(rows.filter((r) => !('make' in r.record) && !('contact' in r.record) && !('category' in r.record)).map((r) => r.newMachine)).toEqual([
      'Export Truck',
      'Export Mower',
      'Export Truck',
      'Export Truck',
      'Export Truck',
      'Export Truck',
      'Export Truck',
      'Export Mower',
    ]);
    expect((await api.get('/api/machines/all', c.token)).body).toEqual([]);
  });

  /** What an account holds, as its owner reads it: each machine with its fields and its records (ids left out: they differ). */
  const holdings = async (token: string) => {
    const machines = ((await api.get('/api/machines/all', token)).body as any[]).sort((x, y) => x.name.localeCompare(y.name));
    const out = [];
    for (const m of machines) {
      const services = (await api.get(`/api/services/machine/${m.id}`, token)).body as any[];
      const fuel = (await api.get(`/api/fuel-records/machine/${m.id}`, token)).body as any[];
      const purchases = (await api.get(`/api/purchases/getrecentForMachine/${m.id}`, token)).body.content as any[];
      // Every reading of its meters, void ones too (their source aside: a restored hand-entered reading is of source 'import').
      const readings: unknown[] = [];
      for (const meter of (await api.get(`/api/machines/${m.id}/meters`, token)).body as any[]) {
        const page = (await api.get(`/api/meters/${meter.id}/readings?size=100`, token)).body.content as any[];
        readings.push(...page.map((r) => [meter.kind, r.readAt, r.value, r.void, r.source === 'manual' ? 'import' : r.source]));
      }
      // Its schedules, their due state and last done, and how many records completed each (the records' ids differ).
      const schedules = ((await api.get(`/api/machines/${m.id}/schedules`, token)).body as any[]).map((s) => [
        s.title,
        s.serviceType,
        [s.intervalDays, s.intervalMonths, s.intervalDistance, s.intervalHours, s.soonDays, s.soonDistance, s.soonHours, s.recurring, s.anchor],
        [s.nextDueDate, s.nextDueDistance, s.nextDueHours, s.status, s.reason, s.done],
        [s.lastDoneDate, s.lastDoneDistance, s.lastDoneHours, s.completedBy.length],
      ]);
      out.push({
        machine: [m.name, m.year, m.make, m.model, m.status, m.type, m.miles],
        readings,
        schedules,
        services: services.map((r) => [r.title, r.serviceDate, r.price, r.miles, r.notes]),
        fuel: fuel.map((r) => [r.dateOfPurchase, r.amount, r.pricePerUnit, r.totalPrice, r.currentMileage, r.storeName, r.fullTank]),
        purchases: purchases.map((r) => [r.partName, r.partNumber, r.quantity, r.price, r.storeName, r.partStatus, r.purchaseDate, r.partId, r.storeId]),
      });
    }
    // Suppliers, and parts with their stock; a purchase's part and supplier by name (their ids differ).
    const suppliers = (await api.get('/api/suppliers/all', token)).body as any[];
    const parts = (await api.get('/api/parts?size=100', token)).body.content as any[];
    const partName = new Map(parts.map((p) => [p.id, p.name]));
    const supplierName = new Map(suppliers.map((x) => [x.id, x.name]));
    for (const h of out) {
      h.purchases = h.purchases.map((p) => [...p.slice(0, 7), partName.get(p[7]) ?? null, supplierName.get(p[8]) ?? null]);
    }
    return {
      machines: out,
      suppliers: suppliers.map((x) => [x.name, x.contact, x.email, x.phone, x.address]),
      parts: parts.map((p) => [p.partNumber, p.name, p.category, p.quantity, p.minStock, p.price, p.supplier, p.brand, p.stockStatus]),
    };
  };
  const FLEET = '/api/reports/fleet?from=2026-01-01&to=2026-12-31';
  const fleetTotals = async (token: string) => (await api.get(FLEET, token)).body.totals;

  it('restores the ZIP into a fresh account: the same machines (each once, with their fields), records and cost totals; Revert empties it again', async () => {
    const uploaded = await uploadRestore(d.token, zip);
    expect(uploaded.status).toBe(201);
    const id = uploaded.body.id;
    expect((await api.post(`/api/imports/${id}/validate`, undefined, d.token)).body).toEqual({
      valid: 12,
      warnings: 0,
      errors: 0,
      photos: PHOTOS_PLANNED,
      documents: DOCUMENTS_PLANNED,
    });
    expect((await api.post(`/api/imports/${id}/commit`, { mode: 'all_or_nothing' }, d.token)).status).toBe(202);
    let view: any;
    await expectEventually(
      async () => {
        view = (await api.get(`/api/imports/${id}`, d.token)).body;
        expect(view.state === 'importing' ? 'importing' : view).toMatchObject({ state: 'done' });
      },
      30_000,
      200,
    );
    // The progress counts the 2 photos and the 2 documents after the 12 rows.
    expect(view).toMatchObject({
      counts: {
        written: 12,
        failed: 0,
        skipped: 0,
        photos: { found: 2, problems: 0, written: 2, failed: 0 },
        documents: { found: 2, problems: 0, written: 2, failed: 0 },
      },
      progress: { done: 16, total: 16 },
      error: null,
    });
    // The truck's profile photo is its profile again, the oil change's receipt its image; the image worker makes their thumbnails.
    const truckOfD = ((await api.get('/api/machines/all', d.token)).body as any[]).find((m) => m.name === 'Export Truck');
    const oilOfD = ((await api.get(`/api/services/machine/${truckOfD.id}`, d.token)).body as any[]).find((r) => r.title === 'Oil change');
    let restored: any[] = [];
    await expectEventually(
      async () => {
        const profile = (await api.get(`/api/machines/${truckOfD.id}/profile-photo`, d.token)).body;
        const images = (await api.get(`/api/services/${oilOfD.id}/images`, d.token)).body;
        expect((await api.get(`/api/machines/?machineId=${truckOfD.id}`, d.token)).body.profilePhoto).toBe(profile.id);
        expect(images.map((i: any) => [i.fileName, i.state])).toEqual([['receipt.jpg', 'processed']]);
        expect(profile.state).toBe('processed');
        restored = [profile, images[0]];
        for (const photo of restored) {
          expect((await fetch(`${baseUrl}${photo.thumbnailUrl}`)).status).toBe(200);
        }
      },
      30_000,
      250,
    );
    const originalBytes = async (url: string) => new Uint8Array(await (await fetch(`${baseUrl}${url}`)).arrayBuffer());
    expect((await originalBytes(restored[1].originalUrl)).subarray(0, 3)).toEqual(new Uint8Array([0xff, 0xd8, 0xff]));
    // Issue 38: the documents are back on the restored truck and oil change, under their names, byte for byte.
    const manuals = (await api.get(`/api/machines/${truckOfD.id}/documents`, d.token)).body;
    const invoices = (await api.get(`/api/services/${oilOfD.id}/documents`, d.token)).body;
    expect([...manuals, ...invoices].map((x: any) => [x.parentKind, x.parentId, x.fileName, x.contentType])).toEqual([
      ['machine', truckOfD.id, 'Owner manual.pdf', 'application/pdf'],
      ['service-record', oilOfD.id, 'Invoice 118.pdf', 'application/pdf'],
    ]);
    const restoredDocuments = [...manuals, ...invoices];
    expect(Buffer.from(await originalBytes(manuals[0].url)).equals(manualPdf)).toBe(true);
    expect(Buffer.from(await originalBytes(invoices[0].url)).equals(invoicePdf)).toBe(true);

    const original = await holdings(a.token);
    expect(original.machines.map((h) => h.machine[0])).toEqual(['Export Mower', 'Export Truck']);
    // The part's stock is the original's 5 (the restored purchase does not add its 2 again), and the purchase names the restored part and supplier.
    expect(original.parts).toEqual([
      ['HF-1', 'Hydraulic filter', 'Hydraulic', 5, expect.any(Number), expect.any(Number), 'Heartland Hydraulics', expect.anything(), expect.any(String)],
    ]);
    expect(original.machines[1].purchases[0].slice(7)).toEqual(['Hydraulic filter', 'Heartland Hydraulics']);
    // The 4 readings: the hand-entered 48,600 restored, the other 3 given again by their records (by their events, as the machine's miles).
    expect(original.machines[1].readings).toHaveLength(4);
    // The schedules: the oil change done (due 5,000 after its 48,000), the grease overdue on its grid.
    expect(original.machines.map((h) => h.schedules.map((s) => [s[0], ...s[3].slice(0, 4)]))).toEqual([
      [['Grease', '2026-02-01', null, null, 'overdue']],
      [['Oil', null, 53000, null, expect.any(String)]],
    ]);
    // The oil change's completion by its record: the restored one names the restored record, with the same last done.
    expect(original.machines.map((h) => h.schedules.map((s) => [s[0], s[4][3]]))).toEqual([[['Grease', 0]], [['Oil', 1]]]);
    await expectEventually(async () => expect(await holdings(d.token)).toEqual(original), 20_000);
    // The reports hear of the restored records by their events, as of hand-entered ones.
    const totals = await fleetTotals(a.token);
    expect(totals).toMatchObject({ fuel: 103.6, service: 210.05, parts: 49 });
    await expectEventually(async () => expect(await fleetTotals(d.token)).toEqual(totals), 20_000);

    expect((await api.post(`/api/imports/${id}/revert`, undefined, c.token)).status).toBe(404);
    expect((await api.post(`/api/imports/${id}/revert`, undefined, d.token)).status).toBe(202);
    await expectEventually(
      async () => {
        view = (await api.get(`/api/imports/${id}`, d.token)).body;
        expect(view.state === 'done' && view.reverting ? 'reverting' : view).toMatchObject({ state: 'reverted' });
      },
      30_000,
      200,
    );
    // 2 service records, 2 fills, 1 purchase, the part, its supplier, the reading, the 2 schedules and the 2 machines; none kept (they have no record left).
    expect(view.reverted).toEqual({ deleted: 12, keptMachines: [] });
    expect((await api.get('/api/machines/all', d.token)).body).toEqual([]);
    expect(await holdings(d.token)).toEqual({ machines: [], suppliers: [], parts: [] });
    expect(view.counts.photos).toMatchObject({ found: 2, written: 0 });
    // The restored documents go with it (their links answer 404 once the objects are deleted).
    await expectEventually(async () => {
      for (const document of restoredDocuments) {
        expect((await fetch(`${baseUrl}${document.url}`)).status).toBe(404);
      }
    }, 20_000);
    // The restored photos' objects go too (the image worker deletes them).
    await expectEventually(async () => {
      for (const photo of restored) {
        expect((await fetch(`${baseUrl}${photo.originalUrl}`)).status).toBe(404);
      }
    }, 20_000);
    await expectEventually(async () => expect(await fleetTotals(d.token)).toMatchObject({ fuel: 0, service: 0, parts: 0, total: 0 }), 20_000);
    // The original account is untouched.
    expect(await holdings(a.token)).toEqual(original);
  }, 90_000);

  /** Uploads the export as a restore and commits it once validated (the dry run's counts checked first); the import when done. */
  const restore = async (token: string, counts: object, sameNameMachines?: 'use' | 'create') => {
    const uploaded = await uploadRestore(token, zip);
    expect(uploaded.status).toBe(201);
    const id = uploaded.body.id;
    if (sameNameMachines) {
      expect((await api.put(`/api/imports/${id}/mapping`, { mapping: uploaded.body.suggestedMapping, sameNameMachines }, token)).status).toBe(200);
    }
    expect((await api.post(`/api/imports/${id}/validate`, undefined, token)).body).toEqual(counts);
    const warned = (await api.get(`/api/imports/${id}/rows?status=warning`, token)).body.content;
    expect((await api.post(`/api/imports/${id}/commit`, { mode: 'all_or_nothing' }, token)).status).toBe(202);
    let view: any;
    await expectEventually(
      async () => {
        view = (await api.get(`/api/imports/${id}`, token)).body;
        expect(view.state === 'importing' ? 'importing' : view).toMatchObject({ state: 'done' });
      },
      30_000,
      200,
    );
    return { id, view, warned };
  };

  it('restores into an account that has a machine of the same name: a warning, and its records go to that machine unless the user chooses a new one', async () => {
    const [e, f] = await Promise.all(['E', 'F'].map((n) => createApprovedUser(api, { name: `Export ${n}` })));
    const trucks = await Promise.all([e, f].map((u) => createMachine(api, u.token, { name: 'export truck', year: 2008, make: 'Toyota', model: 'Hilux' })));

    // Default: use the existing machine. Its row is skipped (its own fields stay), the records go to it.
    const used = await restore(e.token, { valid: 11, warnings: 1, errors: 0, photos: PHOTOS_PLANNED, documents: DOCUMENTS_PLANNED });
    expect(used.warned).toEqual([
      {
        rowNumber: expect.any(Number),
        status: 'warning',
        existingMachineId: trucks[0].id,
        messages: [
          expect.stringMatching(
            /^row \d+: you have a machine named 'Export Truck' already: its records are added to it and this row is skipped \(choose 'create a new one' to restore it as another machine\)$/,
          ),
        ],
        record: expect.objectContaining({ name: 'Export Truck', make: 'Ford' }),
      },
    ]);
    expect(used.view).toMatchObject({ counts: { written: 11, skipped: 1, failed: 0 }, error: null });
    // /api/machines/all answers ids and names: the user's own machine kept its id (and name), the Mower is new.
    const machinesOfE = ((await api.get('/api/machines/all', e.token)).body as any[]).map((m) => [m.name, m.id === trucks[0].id]).sort();
    expect(machinesOfE).toEqual([
      ['Export Mower', false],
      ['export truck', true],
    ]);
    expect((await api.get(`/api/machines/?machineId=${trucks[0].id}`, e.token)).body).toMatchObject({ name: 'export truck', make: 'Toyota', model: 'Hilux' });
    const original = await holdings(a.token);
    const truckOfA = original.machines.find((h) => h.machine[0] === 'Export Truck')!;
    const [restoredTruck] = (await holdings(e.token)).machines.filter((h) => h.machine[0] === 'export truck');
    expect([restoredTruck.services, restoredTruck.fuel, restoredTruck.purchases]).toEqual([truckOfA.services, truckOfA.fuel, truckOfA.purchases]);
    await expectEventually(async () => expect(await fleetTotals(e.token)).toMatchObject({ fuel: 103.6, service: 210.05, parts: 49 }), 20_000);

    // Revert takes the records and the Mower back; the user's own machine stays.
    expect((await api.post(`/api/imports/${used.id}/revert`, undefined, e.token)).status).toBe(202);
    await expectEventually(async () => expect((await api.get(`/api/imports/${used.id}`, e.token)).body).toMatchObject({ state: 'reverted' }), 30_000, 200);
    expect(((await api.get('/api/machines/all', e.token)).body as any[]).map((m) => m.id)).toEqual([trucks[0].id]);
    expect((await api.get(`/api/services/machine/${trucks[0].id}`, e.token)).body).toEqual([]);

    // Chosen: create a new one. A second machine of that name holds the records; the user's own has none.
    const created = await restore(f.token, { valid: 11, warnings: 1, errors: 0, photos: PHOTOS_PLANNED, documents: DOCUMENTS_PLANNED }, 'create');
    expect(created.warned[0].messages[0]).toMatch(
      /already: another machine of that name is created \(choose 'use the existing machine' to add its records to it\)$/,
    );
    expect(created.warned[0].existingMachineId).toBeUndefined();
    expect(created.view).toMatchObject({ counts: { written: 12, skipped: 0, failed: 0 } });
    const machinesOfF = (await api.get('/api/machines/all', f.token)).body as any[];
    expect(machinesOfF.map((m) => m.name).sort()).toEqual(['Export Mower', 'Export Truck', 'export truck']);
    expect((await api.get(`/api/services/machine/${trucks[1].id}`, f.token)).body).toEqual([]);
    const newTruck = machinesOfF.find((m) => m.name === 'Export Truck');
    expect((await api.get(`/api/machines/?machineId=${newTruck.id}`, f.token)).body).toMatchObject({ make: 'Ford', model: 'F-250' });
    expect(((await api.get(`/api/services/machine/${newTruck.id}`, f.token)).body as any[]).map((r) => r.title)).toEqual(['Oil change']);
  }, 120_000);

  it('takes a restore ZIP over the 20 MB of a CSV (its photos), and warns in the dry run of a photo it cannot restore', async () => {
    const files = unzipSync(zip);
    const profilePath = Object.keys(files).find((name) => name.startsWith('photos/machines/'))!;
    const bigPath = profilePath.replace(/\/\d+-profile\.jpg$/, '/999-gallery.jpg');
    const big = new Uint8Array(21 * 1024 * 1024).fill(7);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const machinesCsv = strFromU8(files['machines.csv']).replace(profilePath, `${profilePath} ${bigPath}`);
    // Issue 38: a document is checked as an upload is: this one starts as a PDF does but is none (no object, no %%EOF).
    const invoicePath = Object.keys(files).find((name) => name.startsWith('documents/service-records/'))!;
    const larger = zipSync({
      ...files,
      'machines.csv': strToU8(machinesCsv),
      [bigPath]: [big, { level: 0 }],
      [invoicePath]: strToU8('%PDF-1.4 <html>not a pdf</html>'),
    });
    expect(larger.length).toBeGreaterThan(21 * 1024 * 1024);

    const uploaded = await uploadRestore(c.token, larger);
    expect(uploaded.status).toBe(201);
    const counts = (await api.post(`/api/imports/${uploaded.body.id}/validate`, undefined, c.token)).body;
    expect(counts).toEqual({
      valid: 10,
      warnings: 2,
      errors: 0,
      photos: { found: 3, problems: 1, written: 0, failed: 0 },
      documents: { found: 2, problems: 1, written: 0, failed: 0 },
    });
    const warned = (await api.get(`/api/imports/${uploaded.body.id}/rows?status=warning`, c.token)).body.content;
    expect(warned.map((r: any) => [r.record.name ?? r.record.title, r.messages])).toEqual([
      ['Export Truck', [`row ${warned[0].rowNumber}: the photo ${bigPath} is 21.0 MB, over the 2 MB a photo takes: it is not restored`]],
      ['Oil change', [`row ${warned[1].rowNumber}: the document ${invoicePath} is not a PDF: it is not restored`]],
    ]);

    // A CSV keeps its 20 MB.
    const csv = new FormData();
    csv.append('source', 'generic-fuel');
    csv.append('file', new Blob([new Uint8Array(21 * 1024 * 1024).fill(0x41)], { type: 'text/csv' }), 'fuel.csv');
    const refused = await api.request('POST', '/api/imports', { token: c.token, raw: csv });
    expect(refused.status).toBe(413);
    expect(refused.body.message).toBe('The file is 21 MB; an import takes at most 20 MB.');
  }, 60_000);

  it('refuses a same-name choice it does not know', async () => {
    const res = await api.put('/api/imports/1/mapping', { mapping: {}, sameNameMachines: 'merge' }, c.token);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.message)).toContain('Same-name machines must be one of use, create');
  });

  it('refuses the ZIP for any other source, and another file as an export', async () => {
    const asCsv = new FormData();
    asCsv.append('source', 'generic-fuel');
    asCsv.append('file', new Blob([zip], { type: 'application/zip' }), 'export.zip');
    const refused = await api.request('POST', '/api/imports', { token: c.token, raw: asCsv });
    expect(refused.status).toBe(415);
    const notZip = new FormData();
    notZip.append('source', 'wrenchlog-export');
    notZip.append('file', new Blob(['date,amount\n2024-01-01,3\n'], { type: 'text/csv' }), 'fuel.csv');
    const wrong = await api.request('POST', '/api/imports', { token: c.token, raw: notZip });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/^This is not a Wrenchlog export/);
  });
});
