import { readFileSync } from 'node:fs';
import { ApiClient, createApprovedUser, createMachine, e2eProducts, expectEventually, type ApprovedUser } from '@wrenchlog/testing';
import { importSettled, uploadImport } from './imports.helpers.js';
import { meterOf } from './machines.helpers.js';

// Issue 36: real exports of other trackers through the commit path (libs/importers/fixtures).
const fixture = (name: string) => readFileSync(new URL(`../../../libs/importers/fixtures/${name}`, import.meta.url));

describe.each(e2eProducts())('imports: Fuelly and Drivvo exports written as the trackers meant them (%s)', (_mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  let a: ApprovedUser;

  /** Upload, dry run and commit of a file onto a machine (or the machines it names); answers the settled import. */
  const importFile = async (file: string, source: string, machineId?: number) => {
    const fields: Record<string, string> = machineId === undefined ? { source } : { source, machineId: String(machineId) };
    const res = await uploadImport(api, a.token, fields, { content: fixture(file), name: file });
    expect(res.status).toBe(201);
    expect((await api.post(`/api/imports/${res.body.id}/validate`, undefined, a.token)).body).toMatchObject({ errors: 0 });
    expect((await api.post(`/api/imports/${res.body.id}/commit`, { mode: 'all_or_nothing' }, a.token)).status).toBe(202);
    return importSettled(api, a.token, res.body.id, 'done');
  };

  const readingsOf = async (meterId: number): Promise<any[]> => (await api.get(`/api/meters/${meterId}/readings?size=50`, a.token)).body.content;

  beforeAll(async () => {
    a = await createApprovedUser(api, { name: 'Tracker imports' });
  });

  it('writes a newest-first Fuelly export oldest first, and two fills of one day give 25 mpg each, not twice that', async () => {
    const machine = await createMachine(api, a.token);
    expect((await importFile('fuelly-same-day.csv', 'fuelly', machine.id)).counts).toMatchObject({ written: 4, failed: 0 });
    const fills: any[] = (await api.get(`/api/fuel-records/machine/${machine.id}`, a.token)).body;
    expect(fills.map((f) => [f.dateOfPurchase.slice(0, 10), f.currentMileage, f.mpg])).toEqual([
      ['2024-07-20', 45_450, 25],
      ['2024-07-14', 45_150, 25],
      ['2024-07-14', 44_800, 25],
      ['2024-07-01', 44_500, null],
    ]);
    // Oldest first: the ids follow the fills.
    const ids = fills.map((f) => f.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
  }, 60_000);

  it("stores a Drivvo expense's 0.0 odometer as none: the readings the user entered stay, none is voided", async () => {
    const machine = await createMachine(api, a.token);
    const distance = await meterOf(api, a.token, machine.id, 'distance');
    const mine = await api.post(`/api/meters/${distance.id}/readings`, { value: 36_000, readAt: '2025-02-15' }, a.token);
    expect(mine.status).toBe(201);

    expect((await importFile('drivvo-ru.csv', 'drivvo', machine.id)).counts).toMatchObject({ written: 6, failed: 0 });
    const services: any[] = (await api.get(`/api/services/machine/${machine.id}`, a.token)).body;
    expect(services.find((s) => s.title === 'Парковка')).toMatchObject({ serviceType: 'Expense', miles: null });

    // The fills' and the records' readings come by event: 3 fills and 2 records with an odometer, and the user's.
    await expectEventually(async () => expect(await readingsOf(distance.id)).toHaveLength(6), 20_000, 200);
    const readings = await readingsOf(distance.id);
    expect(readings.filter((r) => r.void || r.value === 0)).toEqual([]);
    expect(readings.find((r) => r.id === mine.body.id)).toMatchObject({ value: 36_000, void: false, source: 'manual' });
  }, 60_000);

  it('gives a machine made from a kilometre file a kilometre meter, and keeps its kilometres', async () => {
    expect((await importFile('fuelly-metric.csv', 'fuelly')).counts).toMatchObject({ written: 2, failed: 0 });
    const golf = ((await api.get('/api/machines/all', a.token)).body as any[]).find((m) => m.name === 'Golf');
    const distance = await meterOf(api, a.token, golf.id, 'distance');
    expect(distance.unit).toBe('km');
    const fills: any[] = (await api.get(`/api/fuel-records/machine/${golf.id}`, a.token)).body;
    expect(fills.map((f) => [f.currentMileage, f.lastMileage])).toEqual([
      [50_600, 50_000],
      [50_000, null],
    ]);
    await expectEventually(
      async () =>
        expect((await readingsOf(distance.id)).map((r) => [r.value, r.void])).toEqual([
          [50_600, false],
          [50_000, false],
        ]),
      20_000,
      200,
    );
  }, 60_000);

  it('keeps the kilometres of a kilometre file imported into a machine whose meter is in kilometres', async () => {
    const machine = await createMachine(api, a.token);
    const distance = await meterOf(api, a.token, machine.id, 'distance');
    expect((await api.put(`/api/meters/${distance.id}`, { unit: 'km' }, a.token)).status).toBe(200);
    expect((await importFile('drivvo-it.csv', 'drivvo', machine.id)).counts).toMatchObject({ written: 5, failed: 0 });
    const fills: any[] = (await api.get(`/api/fuel-records/machine/${machine.id}`, a.token)).body;
    expect(fills.map((f) => f.currentMileage)).toEqual([31_250, 30_870, 30_500]);
  }, 60_000);
});
