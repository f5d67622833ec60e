import { ApiClient, createApprovedUser, createMachine, e2eProducts, type ApprovedUser } from '@wrenchlog/testing';
import { createPart } from './fuel-purchase.helpers.js';

// Issue 37: after a write, the same session's next read shows it in every context, with no retry.
// Each case makes TRIES writes and counts the first reads after them that did not show the write.
const TRIES = 20;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe.each(e2eProducts())('read your own writes (%s)', (_mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  let a: ApprovedUser;

  beforeAll(async () => {
    a = await createApprovedUser(api, { name: 'Read Writes' });
  });

  it("answers a new machine's meters at once (never 404 Machine not found)", async () => {
    const stale: string[] = [];
    for (let i = 0; i < TRIES; i++) {
      const machine = await createMachine(api, a.token, { name: `Loader ${i}` });
      const meters = await api.get(`/api/machines/${machine.id}/meters`, a.token);
      if (meters.status !== 200 || meters.body.length !== 2) {
        stale.push(`${i}: ${meters.status} ${meters.text}`);
      }
    }
    expect(stale).toEqual([]);
  });

  it("shows a fuel record's mileage as the machine's odometer at once", async () => {
    const machine = await createMachine(api, a.token, { name: 'Odometer truck' });
    const stale: string[] = [];
    for (let i = 0; i < TRIES; i++) {
      const mileage = 10_000 + i * 250;
      const fuel = await api.post(
        '/api/fuel-records',
        { machineId: machine.id, amount: 10, pricePerUnit: 4, totalPrice: 40, dateOfPurchase: `${day(i - TRIES)}T12:00:00.000Z`, currentMileage: mileage },
        a.token,
      );
      expect(fuel.status).toBe(201);
      const read = await api.get(`/api/machines/?machineId=${machine.id}`, a.token);
      if (read.body.miles !== mileage) {
        stale.push(`${i}: miles ${read.body.miles}, wanted ${mileage}`);
      }
    }
    expect(stale).toEqual([]);
  });

  it('shows a schedule completed by a service record as upcoming and out of the Due list at once', async () => {
    const machine = await createMachine(api, a.token, { name: 'Schedule tractor' });
    const stale: string[] = [];
    for (let i = 0; i < TRIES; i++) {
      const schedule = await api.post(
        `/api/machines/${machine.id}/schedules`,
        { title: `Grease ${i}`, serviceType: 'Maintenance', intervalDays: 365, recurring: true, anchor: 'completion', lastDoneDate: day(-400) },
        a.token,
      );
      expect(schedule.body).toMatchObject({ status: 'overdue' });
      const record = await api.post(
        '/api/services/fastCreate',
        { title: `Grease ${i}`, machineId: machine.id, serviceDate: day(0), completesScheduleIds: [schedule.body.id] },
        a.token,
      );
      expect(record.status).toBe(201);
      const read = await api.get(`/api/schedules/${schedule.body.id}`, a.token);
      const due = await api.get('/api/schedules?status=overdue,due_soon&size=100', a.token);
      if (read.body.status !== 'upcoming' || !read.body.completedBy?.includes(record.body.id) || due.body.content.some((s: any) => s.id === schedule.body.id)) {
        stale.push(`${i}: ${read.body.status} ${JSON.stringify(read.body.completedBy)}`);
      }
    }
    expect(stale).toEqual([]);
  });

  it("adds a part purchase to the fleet report's total at once", async () => {
    const machine = await createMachine(api, a.token, { name: 'Report truck' });
    const period = `from=${day(-30)}&to=${day(1)}`;
    const before = (await api.get(`/api/reports/fleet?${period}`, a.token)).body.totals?.parts ?? 0;
    const stale: string[] = [];
    for (let i = 1; i <= TRIES; i++) {
      const bought = await api.post(
        '/api/purchases',
        {
          partName: 'Hose',
          quantity: 1,
          price: 10,
          storeName: 'Heartland',
          partStatus: 'Purchased',
          purchaseDate: `${day(0)}T08:00:00.000Z`,
          machineId: machine.id,
        },
        a.token,
      );
      expect(bought.status).toBe(201);
      const report = await api.get(`/api/reports/fleet?${period}`, a.token);
      if (report.body.totals?.parts !== before + 10 * i) {
        stale.push(`${i}: parts ${report.body.totals?.parts}, wanted ${before + 10 * i}`);
      }
    }
    expect(stale).toEqual([]);
  });

  it("adds a purchase to its part's stock at once", async () => {
    const { partId } = await createPart(api, a.token, { quantity: 1, minStock: 1 });
    const stale: string[] = [];
    for (let i = 1; i <= TRIES; i++) {
      const bought = await api.post(
        '/api/purchases',
        { partName: 'Seal kit', quantity: 2, price: 5, storeName: 'Heartland', partStatus: 'Purchased', purchaseDate: `${day(0)}T08:00:00.000Z`, partId },
        a.token,
      );
      expect(bought.status).toBe(201);
      const part = await api.get(`/api/parts/${partId}`, a.token);
      if (part.body.quantity !== 1 + 2 * i) {
        stale.push(`${i}: quantity ${part.body.quantity}, wanted ${1 + 2 * i}`);
      }
    }
    expect(stale).toEqual([]);
  });

  it('does the same for a client that does not echo the token, on the one gateway (its memory of the session)', async () => {
    const plain = new ApiClient(baseUrl);
    plain.echoConsistency = false;
    const stale: string[] = [];
    for (let i = 0; i < 5; i++) {
      const machine = await createMachine(plain, a.token, { name: `Plain ${i}` });
      const meters = await plain.get(`/api/machines/${machine.id}/meters`, a.token);
      if (meters.status !== 200 || meters.body.length !== 2) {
        stale.push(`${i}: ${meters.status}`);
      }
    }
    expect(stale).toEqual([]);
  });

  // Issue 33: "reads after a token's writes see them". A script (curl, Home Assistant) sends its
  // token and nothing else: no consistency header comes back from it, so the gateway's own memory of
  // the token's writes must carry the guarantee.
  it('lets a script with an API token create a machine and post its readings at once, with no header sent back', async () => {
    const created = await api.post('/api/tokens', { name: 'Telematics script', scopes: ['read', 'write'] }, a.token);
    expect(created.status).toBe(201);
    const script = new ApiClient(baseUrl);
    script.echoConsistency = false;
    const stale: string[] = [];
    // Three calls a try, eight tries: under the e2e products' limit of 25 calls a minute a token.
    for (let i = 0; i < 8; i++) {
      const machine = await createMachine(script, created.body.token, { name: `Scripted loader ${i}` });
      const batch = await script.post(
        '/api/readings/batch',
        { readings: [{ machineId: machine.id, kind: 'hours', value: 100 + i, readAt: new Date().toISOString() }] },
        created.body.token,
      );
      if (batch.status !== 200 || batch.body.stored !== 1) {
        stale.push(`${i}: batch ${batch.status} ${batch.text}`);
        continue;
      }
      const meters = await script.get(`/api/machines/${machine.id}/meters`, created.body.token);
      const hours = meters.body?.find?.((m: { kind: string; currentValue: number | null }) => m.kind === 'hours');
      if (meters.status !== 200 || hours?.currentValue !== 100 + i) {
        stale.push(`${i}: meters ${meters.status} ${JSON.stringify(hours ?? meters.text)}`);
      }
    }
    expect(stale).toEqual([]);
  });
});
