import { ApiClient, createApprovedUser, createMachine, e2eProducts, expectEventually, joinAccount, type ApprovedUser } from '@wrenchlog/testing';
import { meterOf } from './machines.helpers.js';

// POST /api/readings/batch (issue 33): meter readings in bulk from a telematics box or a script.

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const suffix = () => Math.random().toString(36).slice(2, 8).toUpperCase();

/** The same order every run, not the order the readings were made in (the batch must not care). */
function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  let seed = 7;
  for (let i = out.length - 1; i > 0; i -= 1) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    const j = seed % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe.each(e2eProducts())('meter readings in bulk (%s)', (mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  let a: ApprovedUser;
  let b: ApprovedUser;

  beforeAll(async () => {
    [a, b] = await Promise.all([createApprovedUser(api, { name: 'Batch A' }), createApprovedUser(api, { name: 'Batch B' })]);
  });

  it('stores a batch of 1,000 readings, skips those already stored, reports the rest by index; the meter and a schedule follow', async () => {
    const vin = `VIN-${suffix()}`;
    const serial = `sn-${suffix()}`;
    const tractor = await createMachine(api, a.token, { type: 'Tractor', vin });
    // Named by its serial number (heavy equipment has one instead of a VIN), stored as typed.
    const mower = await createMachine(api, a.token, { type: 'Mower', serialNumber: serial.toLowerCase() });
    expect(mower.serialNumber).toBe(serial.toLowerCase());
    const theirs = await createMachine(api, b.token, { vin: `BVIN-${suffix()}` });
    const hours = await meterOf(api, a.token, tractor.id, 'hours');
    const distance = await meterOf(api, a.token, mower.id, 'distance');
    await meterOf(api, b.token, theirs.id, 'hours');

    // Oil every 250 h, last done at 1,000 h: upcoming until the meter reaches 1,225 h.
    const oil = { title: 'Engine oil', serviceType: 'Oil Change', intervalHours: 250, recurring: true, anchor: 'completion', lastDoneHours: 1000 };
    const schedule = await api.post(`/api/machines/${tractor.id}/schedules`, oil, a.token);
    expect(schedule.status).toBe(201);
    expect(schedule.body.status).toBe('upcoming');
    // Stored before the batch: the batch's reading of that day and value is skipped.
    expect((await api.post(`/api/meters/${hours.id}/readings`, { value: 340, readAt: daysAgo(900) }, a.token)).status).toBe(201);

    type Kind = 'stored' | 'skipped' | 'out-of-sequence' | 'unknown-vin' | 'their-id' | 'their-vin' | 'unknown-serial';
    const readings: { body: Record<string, unknown>; kind: Kind }[] = [];
    // 900 hour readings of the tractor, a day apart, by id and by VIN in turn (1239 h the latest).
    for (let k = 0; k < 900; k += 1) {
      const machine = k % 2 === 0 ? { machineId: tractor.id } : { vin: vin.toLowerCase() };
      readings.push({ body: { ...machine, kind: 'hours', value: 340 + k, readAt: `${daysAgo(900 - k)}T09:15:00Z` }, kind: k === 0 ? 'skipped' : 'stored' });
    }
    // 50 sent twice in the same batch.
    for (let k = 1; k <= 50; k += 1) {
      readings.push({ body: { machineId: tractor.id, kind: 'hours', value: 340 + k, readAt: `${daysAgo(900 - k)}T09:15:00Z` }, kind: 'skipped' });
    }
    // Lower than the days before them: out of sequence, as one such reading would be (422).
    for (const k of [300, 500, 700]) {
      readings.push({
        body: { machineId: tractor.id, kind: 'hours', value: 5, readAt: `${daysAgo(900 - k)}T18:00:00+02:00`, externalId: `oos-${k}` },
        kind: 'out-of-sequence',
      });
    }
    readings.push({ body: { vin: 'NO-SUCH-VIN', kind: 'hours', value: 1, readAt: daysAgo(1) }, kind: 'unknown-vin' });
    readings.push({ body: { machineId: theirs.id, kind: 'hours', value: 1, readAt: daysAgo(1) }, kind: 'their-id' });
    readings.push({ body: { vin: theirs.vin, kind: 'hours', value: 1, readAt: daysAgo(1) }, kind: 'their-vin' });
    // A serial number is matched against serial numbers only: the tractor's VIN as one names nothing.
    readings.push({ body: { serialNumber: vin, kind: 'hours', value: 1, readAt: daysAgo(1) }, kind: 'unknown-serial' });
    // 43 odometer readings of the mower by its serial number field, any case.
    for (let j = 1; j < 44; j += 1) {
      readings.push({
        body: { serialNumber: ` ${serial.toUpperCase()} `, kind: 'distance', value: 10_000 + 100 * j, readAt: daysAgo(44 - j) },
        kind: 'stored',
      });
    }
    const sent = shuffled(readings);
    expect(sent).toHaveLength(1000);
    const indexes = (kind: Kind) => sent.flatMap((r, i) => (r.kind === kind ? [i] : []));

    const started = Date.now();
    const res = await api.post('/api/readings/batch', { readings: sent.map((r) => r.body) }, a.token);
    const ms = Date.now() - started;
    expect(res.status).toBe(200);
    expect(res.body.stored).toBe(899 + 43);
    expect(res.body.skipped).toBe(51);
    expect(res.body.errors).toEqual(
      [
        ...indexes('out-of-sequence').map((index) => ({
          index,
          code: 'METER_OUT_OF_SEQUENCE',
          message: expect.stringMatching(/^This reading is out of sequence with the readings around it: 5 is lower than [\d,]+ on \d{4}-\d{2}-\d{2}$/),
          externalId: (sent[index]!.body as { externalId: string }).externalId,
        })),
        ...[...indexes('unknown-vin'), ...indexes('their-id'), ...indexes('their-vin'), ...indexes('unknown-serial')].map((index) => ({
          index,
          code: 'NOT_FOUND',
          message: 'Machine not found',
        })),
      ].sort((x, y) => x.index - y.index),
    );
    // Another account's machine is named by nothing in the answer but "not found".
    expect(JSON.stringify(res.body)).not.toContain(String(theirs.name));
    console.log(`readings batch (${mode}): 1,000 readings in ${ms} ms`);

    const meters = (await api.get(`/api/machines/${tractor.id}/meters`, a.token)).body as any[];
    expect(meters.find((m) => m.kind === 'hours')).toMatchObject({ currentValue: 1239, currentReadAt: daysAgo(1) });
    expect(((await api.get(`/api/machines/${mower.id}/meters`, a.token)).body as any[]).find((m) => m.kind === 'distance')).toMatchObject({
      id: distance.id,
      currentValue: 14_300,
      currentReadAt: daysAgo(1),
    });
    await expectEventually(async () =>
      expect((await api.get(`/api/schedules/${schedule.body.id}`, a.token)).body).toMatchObject({ status: 'due_soon', reason: '11 h left' }),
    );
    // Their machine has no new reading.
    expect(((await api.get(`/api/machines/${theirs.id}/meters`, b.token)).body as any[]).find((m) => m.kind === 'hours').currentValue).toBeNull();

    // The same batch again (a retry after a timeout): everything stored is skipped, nothing doubles.
    const again = await api.post('/api/readings/batch', { readings: sent.map((r) => r.body) }, a.token);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ stored: 0, skipped: 899 + 43 + 51 });
    expect(again.body.errors).toEqual(res.body.errors);
    expect((await api.get(`/api/meters/${hours.id}/readings?size=1`, a.token)).body.totalElements).toBe(900);
  });

  it('refuses a batch over 1,000 readings, or a reading naming its machine twice or not at all, with a field message', async () => {
    const reading = { machineId: 1, kind: 'hours', value: 1, readAt: daysAgo(1) };
    const tooMany = await api.post('/api/readings/batch', { readings: Array.from({ length: 1001 }, () => reading) }, a.token);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({
      code: 'VALIDATION',
      errors: [{ field: 'readings', message: 'A batch holds at most 1000 readings: send the rest in another batch' }],
    });
    const twice = await api.post(
      '/api/readings/batch',
      { readings: [reading, { ...reading, vin: 'X' }, { kind: 'hours', value: 1, readAt: daysAgo(1) }] },
      a.token,
    );
    expect(twice.status).toBe(400);
    expect(twice.body.errors).toEqual([
      { field: 'readings.1.machineId', message: 'Name the machine by exactly one of machineId, vin or serialNumber' },
      { field: 'readings.2.machineId', message: 'Name the machine by exactly one of machineId, vin or serialNumber' },
    ]);
    const badTime = await api.post('/api/readings/batch', { readings: [{ ...reading, readAt: 'yesterday', kind: 'fuel' }] }, a.token);
    expect(badTime.status).toBe(400);
    expect(badTime.body.errors.map((e: any) => e.field).sort()).toEqual(['readings.0.kind', 'readings.0.readAt']);
    expect((await api.post('/api/readings/batch', { readings: [] }, a.token)).status).toBe(400);
    expect((await api.post('/api/readings/batch', { readings: [reading] })).status).toBe(401);
  });

  it("stores an operator's readings of their assigned machines only, and refuses a viewer", async () => {
    const assigned = await createMachine(api, a.token, { vin: `OP-${suffix()}` });
    const other = await createMachine(api, a.token, { vin: `NOTOP-${suffix()}` });
    await meterOf(api, a.token, assigned.id, 'hours');
    await meterOf(api, a.token, other.id, 'hours');
    const operator = await joinAccount(api, mode, a.token, 'operator', { machineIds: [assigned.id] });
    const viewer = await joinAccount(api, mode, a.token, 'viewer');
    const batch = {
      readings: [
        { vin: assigned.vin, kind: 'hours', value: 12, readAt: daysAgo(2) },
        { machineId: other.id, kind: 'hours', value: 12, readAt: daysAgo(2) },
        { vin: other.vin, kind: 'hours', value: 12, readAt: daysAgo(2) },
      ],
    };
    const res = await api.post('/api/readings/batch', batch, operator.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      stored: 1,
      skipped: 0,
      errors: [
        { index: 1, code: 'NOT_FOUND', message: 'Machine not found' },
        { index: 2, code: 'NOT_FOUND', message: 'Machine not found' },
      ],
    });
    const refused = await api.post('/api/readings/batch', batch, viewer.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN', message: 'Your role (viewer) cannot add or change meter readings' });
  });
});
