import { parse } from 'csv-parse/sync';
import { readPdf } from './pdf-text.js';
import {
  ApiClient,
  createApprovedUser,
  createMachine,
  e2eProducts,
  expectEventually,
  makeJpeg,
  serviceRecordFor,
  TEST_ADMIN,
  type ApprovedUser,
} from '@wrenchlog/testing';

const PERIOD = 'from=2026-01-01&to=2026-03-31';

const fill = (machineId: number, date: string, amount: number, totalPrice: number, currentMileage: number, flags: Record<string, unknown> = {}) => ({
  machineId,
  amount,
  pricePerUnit: 3.5,
  totalPrice,
  dateOfPurchase: `${date}T12:00:00.000Z`,
  currentMileage,
  ...flags,
});

const purchase = (machineId: number, date: string, price: number, quantity: number, partDescription = 'Hose') => ({
  partName: 'Hydraulic Hose',
  partDescription,
  quantity,
  price,
  storeName: 'Heartland Hydraulics',
  partStatus: 'Purchased',
  purchaseDate: `${date}T13:00:00.000Z`,
  machineId,
});

const sum = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) * 100) / 100;

describe.each(e2eProducts())('reports (%s)', (_mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  let a: ApprovedUser;
  let b: ApprovedUser;
  let tractor: number;
  let truck: number;
  let bMachine: number;
  let service: any;
  let firstFill: any;

  const post = async (path: string, body: unknown, token: string) => {
    const res = await api.post(path, body, token);
    expect(res.status).toBe(201);
    return res.body;
  };

  beforeAll(async () => {
    [a, b] = await Promise.all([createApprovedUser(api, { name: 'Reports A' }), createApprovedUser(api, { name: 'Reports B' })]);
    tractor = (await createMachine(api, a.token, { name: 'North Tractor', type: 'Tractor' })).id;
    truck = (await createMachine(api, a.token, { name: 'Parts Truck', type: 'Truck' })).id;
    bMachine = (await createMachine(api, b.token, { name: 'B Tractor', type: 'Tractor' })).id;
    // A: a service record (its notes look like a formula), three fills (one partial), two purchases (one for no machine).
    service = await serviceRecordFor(api, a.token, tractor, {
      title: 'Hydraulic service',
      serviceDate: '2026-01-10',
      price: 120,
      notes: '=1+1, checked "seals". Замена масла',
    });
    firstFill = await post('/api/fuel-records', fill(tractor, '2026-01-20', 12, 45.99, 1000), a.token);
    await post('/api/fuel-records', fill(tractor, '2026-02-05', 5, 20, 1100, { fullTank: false }), a.token);
    await post('/api/fuel-records', fill(tractor, '2026-02-20', 10, 40, 1300), a.token);
    await post('/api/purchases', purchase(truck, '2026-03-03', 30.5, 2), a.token);
    await post('/api/purchases', purchase(0, '2026-03-04', 10, 1), a.token);
    // B: a record that must never count for A.
    await serviceRecordFor(api, b.token, bMachine, { title: 'B service', serviceDate: '2026-01-15', price: 999 });
  });

  it('answers fuel records with the fill flags, true and false by default', () => {
    expect(firstFill).toMatchObject({ fullTank: true, missedPrevious: false });
  });

  it("answers the fleet table: a row per machine and one for unassigned parts, totals equal to the rows' and the records' sums, no other user's records", async () => {
    // The records reach the report by events; A reads its own writes (issue 37).
    const res = await api.get(`/api/reports/fleet?${PERIOD}`, a.token);
    expect(res.status).toBe(200);
    expect(res.body.totals).toMatchObject({ fuel: 105.99, service: 120, parts: 71, total: 296.99 });
    expect(res.body.rows.find((r: any) => r.machineId === tractor)).toMatchObject({ distance: 300 });
    const { rows, totals } = (await api.get(`/api/reports/fleet?${PERIOD}`, a.token)).body;
    expect(rows).toHaveLength(3);
    expect(rows.find((r: any) => r.machineId === tractor)).toEqual({
      machineId: tractor,
      machineName: 'North Tractor',
      fuel: 105.99,
      service: 120,
      parts: 0,
      total: 225.99,
      distance: 300,
      distanceUnit: 'mi',
      hours: null,
      costPerDistance: 0.75,
      costPerHour: null,
      fuelEconomy: 20,
      economyUnit: 'mpg',
    });
    expect(rows.find((r: any) => r.machineId === truck)).toMatchObject({
      machineName: 'Parts Truck',
      parts: 61,
      total: 61,
      distance: null,
      costPerDistance: null,
      fuelEconomy: null,
    });
    expect(rows.find((r: any) => r.machineId === null)).toMatchObject({ machineName: 'Unassigned', parts: 10, total: 10 });
    for (const k of ['fuel', 'service', 'parts', 'total'] as const) {
      expect(totals[k]).toBe(sum(rows.map((r: any) => r[k])));
    }
    // The records' own sum: 120 + 45.99 + 20 + 40 + 30.50 x 2 + 10.
    expect(totals.total).toBe(sum([120, 45.99, 20, 40, 61, 10]));

    // B's own record reaches the read model by its event too, and B reads its own writes.
    const other = (await api.get(`/api/reports/fleet?${PERIOD}`, b.token)).body;
    expect(other.rows.map((r: any) => r.machineId)).toEqual([bMachine]);
    expect(other.totals.total).toBe(999);
  });

  it("stacks one machine's costs by month, with its usage and cost per mile", async () => {
    const res = await api.get(`/api/reports/costs?${PERIOD}&machineId=${tractor}`, a.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      months: [
        { month: '2026-01', fuel: 45.99, service: 120, parts: 0, total: 165.99 },
        { month: '2026-02', fuel: 60, service: 0, parts: 0, total: 60 },
        { month: '2026-03', fuel: 0, service: 0, parts: 0, total: 0 },
      ],
      totals: { fuel: 105.99, service: 120, parts: 0, total: 225.99 },
      usage: { distance: 300, hours: null, distanceUnit: 'mi' },
      costPerDistance: 0.75,
      costPerHour: null,
      covers: { distance: ['North Tractor'], hours: [] },
    });
  });

  it('counts only the records dated in a period that starts and ends inside months, and filters by type', async () => {
    const partial = await api.get(`/api/reports/costs?from=2026-01-15&to=2026-02-10`, a.token);
    expect(partial.body.totals).toEqual({ fuel: 65.99, service: 0, parts: 0, total: 65.99 });
    const trucks = await api.get(`/api/reports/costs?${PERIOD}&type=truck`, a.token);
    expect(trucks.status).toBe(200);
    expect(trucks.body.totals).toEqual({ fuel: 0, service: 0, parts: 61, total: 61 });
    expect(trucks.body.costPerDistance).toBeNull();
  });

  // Each point carries its distance and fuel (issue 38), so a screen can average them as the fleet table does.
  it('answers the full-to-full economy of each full fill: 300 mi over 5 + 10 gal = 20 MPG', async () => {
    const res = await api.get(`/api/reports/fuel-economy?${PERIOD}&machineId=${tractor}`, a.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ date: '2026-02-20', fuelRecordId: expect.any(Number), machineId: tractor, economy: 20, unit: 'mpg', distance: 300, fuel: 15 }]);
    // A period that starts after the previous full fill still counts from it (and the partial fill between).
    const later = await api.get(`/api/reports/fuel-economy?from=2026-02-10&to=2026-03-31&machineId=${tractor}`, a.token);
    expect(later.body).toEqual([
      { date: '2026-02-20', fuelRecordId: expect.any(Number), machineId: tractor, economy: 20, unit: 'mpg', distance: 300, fuel: 15 },
    ]);
    // The fuel records' own computed MPG follows the same rule: none for the first full fill (no last mileage given) and the partial one.
    const fills = (await api.get(`/api/fuel-records/machine/${tractor}`, a.token)).body;
    expect(fills.map((f: any) => [f.dateOfPurchase.slice(0, 10), f.fullTank, f.mpg])).toEqual([
      ['2026-02-20', true, 20],
      ['2026-02-05', false, null],
      ['2026-01-20', true, null],
    ]);
    expect((await api.get(`/api/fuel-records/${fills[0].id}`, a.token)).body.mpg).toBe(20);
    // Without a machine: every machine's points, each naming its machine.
    expect((await api.get(`/api/reports/fuel-economy?${PERIOD}`, a.token)).body).toEqual([
      { date: '2026-02-20', fuelRecordId: expect.any(Number), machineId: tractor, economy: 20, unit: 'mpg', distance: 300, fuel: 15 },
    ]);
  });

  it('refuses a bad period, an unknown type and another user’s or an unknown machine', async () => {
    const backwards = await api.get('/api/reports/costs?from=2026-03-01&to=2026-02-01', a.token);
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe('to must be on or after from');
    expect((await api.get('/api/reports/costs?from=2010-01-01&to=2026-01-01', a.token)).body.message).toBe('The period must be at most 10 years');
    const badDate = await api.get('/api/reports/fleet?from=2026-02-30', a.token);
    expect(badDate.status).toBe(400);
    const type = await api.get(`/api/reports/costs?${PERIOD}&type=Boat`, a.token);
    expect(type.status).toBe(400);
    expect(type.body.message).toBe('Unknown machine type');
    for (const path of [
      `/api/reports/costs?machineId=${bMachine}`,
      `/api/reports/fuel-economy?machineId=${bMachine}`,
      `/api/machines/${bMachine}/history.csv`,
      '/api/reports/costs?machineId=2000000000',
    ]) {
      const res = await api.get(path, a.token);
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('B Tractor');
    }
    expect((await api.get(`/api/reports/fleet?${PERIOD}`)).status).toBe(401);
  });

  it("downloads a machine's history as CSV a spreadsheet reads, a formula in notes kept as text", async () => {
    const res = await api.get(`/api/machines/${tractor}/history.csv?${PERIOD}`, a.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="North-Tractor-history-2026-01-01-2026-03-31.csv"');
    const rows: string[][] = parse(res.text);
    expect(rows[0]).toEqual(['Date', 'Type', 'Title', 'Miles', 'Hours', 'Cost', 'Notes']);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[5]])).toEqual([
      ['2026-01-10', 'Service record', '120'],
      ['2026-01-20', 'Fuel record', '45.99'],
      ['2026-02-05', 'Fuel record', '20'],
      ['2026-02-20', 'Fuel record', '40'],
    ]);
    expect(rows[1]![2]).toBe('Hydraulic service');
    expect(rows[1]![6]).toBe(`'=1+1, checked "seals". Замена масла`);
    expect(rows[2]![3]).toBe('1000');
  });

  it('downloads the fleet table as CSV with its totals row', async () => {
    const res = await api.get(`/api/reports/fleet.csv?${PERIOD}`, a.token);
    expect(res.status).toBe(200);
    const rows: string[][] = parse(res.text);
    expect(rows[0]![0]).toBe('Machine');
    expect(rows.map((r) => r[0])).toEqual(['Machine', 'North Tractor', 'Parts Truck', 'Unassigned', 'Total']);
    expect(rows[4]!.slice(1, 5)).toEqual(['105.99', '120', '71', '296.99']);
    expect(rows[0]!.slice(5, 9)).toEqual(['Distance', 'Distance unit', 'Hours', 'Cost per distance unit']);
    expect(rows[1]!.slice(5, 9)).toEqual(['300', 'mi', '', '0.75']);
    expect(rows[2]![8]).toBe('n/a');
    expect(rows[4]!.slice(5, 9)).toEqual(['300', 'mi', '', '0.75']);
  });

  it("streams a machine's history as a PDF with its records and photos, thumbnails and full size", async () => {
    const form = new FormData();
    form.append('images[0][original]', new Blob([new Uint8Array(await makeJpeg(800, 600))], { type: 'image/jpeg' }), 'pump.jpg');
    form.append('images[0][thumbnail]', new Blob([new Uint8Array(await makeJpeg(200, 150))], { type: 'image/jpeg' }), 'pump-thumb.jpg');
    expect((await api.request('POST', `/api/services/${service.id}/images`, { token: a.token, raw: form })).status).toBe(201);

    const res = await fetch(`${baseUrl}/api/machines/${tractor}/history.pdf?${PERIOD}&photos=full`, { headers: { authorization: `Bearer ${a.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="North-Tractor-history-2026-01-01-2026-03-31.pdf"');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = readPdf(bytes);
    // Cover, summary, the records, and one appendix page for the one photo.
    expect(pdf.pages).toBe(4);
    expect(pdf.images).toBe(2);
    expect(pdf.text).toContain('North Tractor');
    expect(pdf.text).toContain('Hydraulic service');
    expect(pdf.text).toContain('Total: $225.99');
    // Issue 36: text outside Western European letters, in an embedded font with its ToUnicode map.
    expect(pdf.text).toContain('Замена масла');
    expect(pdf.fonts).toEqual([expect.stringMatching(/^[A-Z]{6}\+DejaVuSans$/)]);
    expect(pdf.text).toContain('Appendix: photos');
    // Issue 38: each section a table with a header row, fuel records and part purchases itemised, totals per section.
    const lines = pdf.text.split('\n');
    expect(lines).toEqual(expect.arrayContaining(['Service records', 'Fuel records', 'Part purchases', 'Date', 'Odometer', 'Cost']));
    expect(lines).toEqual(expect.arrayContaining(['2026-01-10', 'Hydraulic service', '$120.00', 'Total (1 record)']));
    expect(lines).toEqual(expect.arrayContaining(['2026-01-20', '1,000 mi', '12 gal', '$45.99', '2026-02-20', '1,300 mi', '$40.00']));
    expect(lines).toEqual(expect.arrayContaining(['Total (3 fills)', '27 gal', '$105.99']));
    expect(lines).toEqual(expect.arrayContaining(['No part purchases in this period.', 'Total (0 purchases)']));

    const thumbs = await fetch(`${baseUrl}/api/machines/${tractor}/history.pdf?${PERIOD}`, { headers: { authorization: `Bearer ${a.token}` } });
    expect(readPdf(Buffer.from(await thumbs.arrayBuffer()))).toMatchObject({ pages: 3, images: 1 });
    const truckPdf = await fetch(`${baseUrl}/api/machines/${truck}/history.pdf?${PERIOD}`, { headers: { authorization: `Bearer ${a.token}` } });
    const truckLines = readPdf(Buffer.from(await truckPdf.arrayBuffer())).text.split('\n');
    expect(truckLines).toEqual(expect.arrayContaining(['2026-03-03', 'Hydraulic Hose: Hose', 'Purchased', '2', '$30.50', '$61.00']));
    expect(truckLines).toEqual(expect.arrayContaining(['Total (1 purchase)', 'No fuel records in this period.', 'No service records in this period.']));
    expect((await api.get(`/api/machines/${tractor}/history.pdf?photos=all`, a.token)).status).toBe(400);
    expect((await api.get(`/api/machines/${bMachine}/history.pdf`, a.token)).status).toBe(404);
    expect((await api.get(`/api/machines/${tractor}/history.pdf?from=2026-03-01&to=2026-01-01`, a.token)).status).toBe(400);
  });

  it('moves an edited record to its new month and takes a deleted one out', async () => {
    const current = (await api.get(`/api/services/${service.id}`, a.token)).body;
    const moved = await api.put(`/api/services/${service.id}`, { ...current, serviceDate: '2026-02-10' }, a.token);
    expect(moved.status).toBe(200);
    expect((await api.delete(`/api/fuel-records/${firstFill.id}`, a.token)).status).toBe(204);
    await expectEventually(async () => {
      const res = await api.get(`/api/reports/costs?${PERIOD}&machineId=${tractor}`, a.token);
      expect(res.body.months.slice(0, 2)).toEqual([
        { month: '2026-01', fuel: 0, service: 0, parts: 0, total: 0 },
        { month: '2026-02', fuel: 60, service: 120, parts: 0, total: 180 },
      ]);
    });
    // The deleted fill's reading (1,000 mi) leaves the usage too: 1,100 to 1,300 mi is left, through
    // schedule-service's events, which can come after the costs' own.
    await expectEventually(async () => {
      const res = await api.get(`/api/reports/fleet?${PERIOD}`, a.token);
      expect(res.body.rows.find((r: any) => r.machineId === tractor)).toMatchObject({ distance: 200, fuelEconomy: null });
    });
  });

  it("lets an administrator rebuild the read model from the owners, which counts every record once more, changes no figure and keeps a fill in its owner's local month", async () => {
    // An owner in Auckland: a fill at 12:30 UTC on 31 January is 01:30 on 1 February there.
    const c = await createApprovedUser(api, { name: 'Reports C' });
    const van = (await createMachine(api, c.token, { name: 'Auckland Van', type: 'Van' })).id;
    const prefs = { digestTime: '07:00', timeZone: 'Pacific/Auckland', kinds: { maintenance: ['inapp'], lowStock: ['inapp'], weeklyReport: ['inapp'] } };
    expect((await api.put('/api/notifications/preferences', prefs, c.token)).status).toBe(200);
    await post('/api/fuel-records', { ...fill(van, '2026-01-31', 10, 40, 500), dateOfPurchase: '2026-01-31T12:30:00.000Z' }, c.token);
    const vanMonths = async () =>
      (await api.get(`/api/reports/costs?from=2026-01-01&to=2026-02-28&machineId=${van}`, c.token)).body.months.map((m: any) => [m.month, m.fuel]);
    await expectEventually(async () =>
      expect(await vanMonths()).toEqual([
        ['2026-01', 0],
        ['2026-02', 40],
      ]),
    );
    const before = (await api.get(`/api/reports/fleet?${PERIOD}`, a.token)).body;
    expect((await api.post('/api/admin/reports/rebuild', {}, a.token)).status).toBe(403);
    const admin = await api.login(TEST_ADMIN.username, TEST_ADMIN.password);
    const started = await api.post('/api/admin/reports/rebuild', {}, admin);
    expect(started.status).toBe(202);
    expect(started.body.started).toBe(true);
    let outcome: any;
    // The rebuild reads every record of the product this suite shares with the others (more with each
    // suite before it): on CI's loaded cores that took over 10 s.
    await expectEventually(
      async () => {
        outcome = (await api.get('/api/admin/reports/rebuild', admin)).body.last;
        expect(outcome.finishedAt).not.toBeNull();
      },
      90_000,
      250,
    );
    expect(outcome.error).toBeNull();
    // A's 5 live records (1 service, 2 fuel, 2 purchases) and B's one at least (more when other suites share the product).
    expect(outcome.records).toBeGreaterThanOrEqual(6);
    expect((await api.get(`/api/reports/fleet?${PERIOD}`, a.token)).body).toEqual(before);
    // The rebuild read the owners' zones too: the fill stays in its local month.
    expect(await vanMonths()).toEqual([
      ['2026-01', 0],
      ['2026-02', 40],
    ]);
  }, 180_000);
});
