import { ApiClient, createApprovedUser, createMachine, e2eProducts, expectEventually, type ApprovedUser } from '@wrenchlog/testing';
import { meterOf } from './machines.helpers.js';

const today = new Date().toISOString().slice(0, 10);
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

const oil = { title: 'Engine oil and filter', serviceType: 'Oil Change', intervalHours: 250, recurring: true, anchor: 'completion' };

describe.each(e2eProducts())('maintenance schedules (%s)', (_mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  let a: ApprovedUser;
  let b: ApprovedUser;

  /** A machine of A, once schedule-service has heard of it (its meters exist). */
  const machineOf = async (user: ApprovedUser, fields: Record<string, unknown> = {}) => {
    const machine = await createMachine(api, user.token, fields);
    return { machine, hours: await meterOf(api, user.token, machine.id, 'hours') };
  };

  beforeAll(async () => {
    [a, b] = await Promise.all([createApprovedUser(api, { name: 'Schedules A' }), createApprovedUser(api, { name: 'Schedules B' })]);
  });

  it('lists built-in templates for the machine type', async () => {
    const tractor = await api.get('/api/schedule-templates?type=Compact%20tractor', a.token);
    expect(tractor.status).toBe(200);
    expect(tractor.body.map((t: any) => t.title)).toEqual(
      expect.arrayContaining(['Engine oil and filter', 'Hydraulic fluid and filter', 'Grease fittings', 'Annual inspection']),
    );
    const car = await api.get('/api/schedule-templates?type=Pickup', a.token);
    expect(car.body.map((t: any) => t.title)).toContain('Tire rotation');
    expect((await api.get('/api/schedule-templates')).status).toBe(401);
  });

  it('creates a schedule with its status and reason, due soon from a fuel record, completed by a service record, then upcoming again', async () => {
    const { machine, hours } = await machineOf(a, { type: 'Tractor' });
    expect((await api.post(`/api/meters/${hours.id}/readings`, { value: 1000, readAt: inDays(-30) }, a.token)).status).toBe(201);
    const created = await api.post(`/api/machines/${machine.id}/schedules`, { ...oil, lastDoneHours: 1000 }, a.token);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      machineId: machine.id,
      title: 'Engine oil and filter',
      status: 'upcoming',
      reason: '250 h left',
      reasonDimension: 'hours',
      nextDueDate: null,
      nextDueDistance: null,
      nextDueHours: 1250,
      forecastDate: null,
      soonHours: 25,
    });
    const id = created.body.id;

    const fuel = await api.post(
      '/api/fuel-records',
      { machineId: machine.id, amount: 20, pricePerUnit: 4, totalPrice: 80, dateOfPurchase: `${inDays(-10)}T12:00:00.000Z`, currentHours: 1240 },
      a.token,
    );
    expect(fuel.status).toBe(201);
    // The session reads its own writes (issue 37): no waiting for the event.
    expect((await api.get(`/api/schedules/${id}`, a.token)).body).toMatchObject({ status: 'due_soon', reason: '10 h left', forecastDate: today });
    const due = await api.get('/api/schedules?status=overdue,due_soon', a.token);
    expect(due.status).toBe(200);
    expect(due.body.content.map((s: any) => s.id)).toContain(id);

    const record = await api.post(
      '/api/services/fastCreate',
      { title: 'Oil and filter', machineId: machine.id, serviceDate: inDays(-2), hours: 1255, completesScheduleIds: [id] },
      a.token,
    );
    expect(record.status).toBe(201);
    expect((await api.get(`/api/schedules/${id}`, a.token)).body).toMatchObject({
      status: 'upcoming',
      lastDoneDate: inDays(-2),
      lastDoneHours: 1255,
      nextDueHours: 1505,
      completedBy: [record.body.id],
    });
    expect((await api.get('/api/schedules?status=overdue,due_soon', a.token)).body.content.map((s: any) => s.id)).not.toContain(id);

    // Deleting the record recomputes the schedule from what remains.
    expect((await api.delete(`/api/services/${record.body.id}`, a.token)).status).toBe(204);
    expect((await api.get(`/api/schedules/${id}`, a.token)).body).toMatchObject({ status: 'due_soon', nextDueHours: 1250, completedBy: [] });
  });

  it("answers a schedule's distances in its machine's unit (km once the meter is set to km), with no forecast without a rate", async () => {
    const { machine } = await machineOf(a);
    const distance = (await api.get(`/api/machines/${machine.id}/meters`, a.token)).body.find((m: any) => m.kind === 'distance');
    expect((await api.put(`/api/meters/${distance.id}`, { unit: 'km' }, a.token)).status).toBe(200);
    expect((await api.post(`/api/meters/${distance.id}/readings`, { value: 45_340, readAt: inDays(-1) }, a.token)).status).toBe(201);
    const created = await api.post(
      `/api/machines/${machine.id}/schedules`,
      { title: 'Tires', serviceType: 'Tires', intervalDistance: 5000, recurring: true, anchor: 'completion', lastDoneDistance: 40_000 },
      a.token,
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'overdue',
      reason: 'Overdue by 340 km',
      reasonDimension: 'distance',
      nextDueDistance: 45_000,
      forecastDate: null,
      distanceUnit: 'km',
    });
    expect((await api.get(`/api/machines/${machine.id}/schedules`, a.token)).body).toEqual([
      expect.objectContaining({ id: created.body.id, distanceUnit: 'km' }),
    ]);
    const fleet = await api.get('/api/schedules?status=overdue&size=100', a.token);
    expect(fleet.body.content.find((s: any) => s.id === created.body.id)).toMatchObject({ reason: 'Overdue by 340 km', distanceUnit: 'km' });
    // A machine left in miles answers mi.
    const { machine: other } = await machineOf(a);
    const miles = await api.post(
      `/api/machines/${other.id}/schedules`,
      { title: 'Tires', serviceType: 'Tires', intervalDistance: 5000, recurring: true, anchor: 'completion', lastDoneDistance: 0 },
      a.token,
    );
    expect(miles.body).toMatchObject({ reason: '5,000 mi left', distanceUnit: 'mi' });
  });

  it('completes through POST /api/schedules/{id}/complete on a fixed grid', async () => {
    const { machine } = await machineOf(a);
    const created = await api.post(
      `/api/machines/${machine.id}/schedules`,
      { title: 'Annual inspection', serviceType: 'Inspection', intervalMonths: 12, recurring: true, anchor: 'fixed', lastDoneDate: '2025-01-31' },
      a.token,
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ nextDueDate: '2026-01-31', status: 'overdue', reasonDimension: 'date' });
    const record = await api.post('/api/services/fastCreate', { title: 'Inspection', machineId: machine.id, serviceDate: today }, a.token);
    let done: any;
    await expectEventually(async () => {
      done = await api.post(`/api/schedules/${created.body.id}/complete`, { serviceRecordId: record.body.id }, a.token);
      expect(done.status).toBe(201);
    });
    expect(done.body).toMatchObject({ nextDueDate: '2027-01-31', completedBy: [record.body.id] });
    expect((await api.post(`/api/schedules/${created.body.id}/complete`, { serviceRecordId: 999_999 }, a.token)).status).toBe(404);
  });

  it('updates and deletes a schedule; the fleet list is paged and most urgent first', async () => {
    const { machine } = await machineOf(a);
    const late = await api.post(
      `/api/machines/${machine.id}/schedules`,
      { title: 'Late', serviceType: 'Maintenance', intervalDays: 10, recurring: true, anchor: 'completion', lastDoneDate: inDays(-15) },
      a.token,
    );
    const soon = await api.post(
      `/api/machines/${machine.id}/schedules`,
      { title: 'Soon', serviceType: 'Maintenance', intervalDays: 30, soonDays: 10, recurring: true, anchor: 'completion', lastDoneDate: inDays(-25) },
      a.token,
    );
    expect(late.body).toMatchObject({ status: 'overdue', reason: 'Overdue by 5 days' });
    expect(soon.body).toMatchObject({ status: 'due_soon', reason: 'Due in 5 days', forecastDate: inDays(5) });

    const updated = await api.put(`/api/schedules/${soon.body.id}`, { ...soon.body, intervalDays: 60, soonDays: null }, a.token);
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ status: 'upcoming', reason: 'Due in 35 days', soonDays: 30, nextDueDate: inDays(35) });

    const list = await api.get(`/api/machines/${machine.id}/schedules`, a.token);
    expect(list.body.map((s: any) => s.title)).toEqual(['Late', 'Soon']);
    const page = await api.get('/api/schedules?page=0&size=1', a.token);
    expect(page.body).toMatchObject({ number: 0, size: 1, content: [{ status: 'overdue' }] });

    expect((await api.delete(`/api/schedules/${late.body.id}`, a.token)).status).toBe(204);
    expect((await api.get(`/api/schedules/${late.body.id}`, a.token)).status).toBe(404);
  });

  it("answers another user's schedule and machine as 404, and never lists them", async () => {
    const { machine } = await machineOf(a);
    const mine = await api.post(`/api/machines/${machine.id}/schedules`, { ...oil }, a.token);
    expect(mine.status).toBe(201);
    expect((await api.get(`/api/schedules/${mine.body.id}`, b.token)).status).toBe(404);
    expect((await api.put(`/api/schedules/${mine.body.id}`, oil, b.token)).status).toBe(404);
    expect((await api.delete(`/api/schedules/${mine.body.id}`, b.token)).status).toBe(404);
    expect((await api.post(`/api/schedules/${mine.body.id}/complete`, { serviceRecordId: 1 }, b.token)).status).toBe(404);
    expect((await api.post(`/api/machines/${machine.id}/schedules`, oil, b.token)).status).toBe(404);
    expect((await api.get(`/api/machines/${machine.id}/schedules`, b.token)).status).toBe(404);
    expect((await api.get('/api/schedules?size=100', b.token)).body.content).toEqual([]);
  });

  it('refuses bad schedules with a field message and writes nothing', async () => {
    const { machine } = await machineOf(a);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...oil, intervalHours: undefined }, 400, 'intervalDays'],
      [{ ...oil, intervalHours: 0 }, 400, 'intervalHours'],
      [{ ...oil, intervalHours: -5 }, 400, 'intervalHours'],
      [{ ...oil, intervalHours: 'abc' }, 400, 'intervalHours'],
      [{ ...oil, intervalHours: 10.25 }, 422, 'intervalHours'],
      [{ ...oil, intervalDistance: 100.5 }, 422, 'intervalDistance'],
      [{ ...oil, soonHours: 300 }, 400, 'soonHours'],
      [{ ...oil, lastDoneDate: '2025-02-30' }, 400, 'lastDoneDate'],
      [{ ...oil, title: '' }, 400, 'title'],
      [{ ...oil, anchor: 'sometimes' }, 400, 'anchor'],
    ];
    for (const [body, status, field] of cases) {
      const res = await api.post(`/api/machines/${machine.id}/schedules`, body, a.token);
      expect([res.status, res.body.errors?.[0]?.field]).toEqual([status, field]);
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect((await api.post('/api/machines/999999/schedules', oil, a.token)).status).toBe(404);
    expect((await api.get(`/api/machines/${machine.id}/schedules`, a.token)).body).toEqual([]);
  });

  it("lists the machine's license and insurance dates as items and takes everything away with the machine", async () => {
    const { machine } = await machineOf(a, { licenseExpirationDate: inDays(10), insuranceExpirationDate: inDays(100) });
    await expectEventually(async () => {
      const items = (await api.get(`/api/machines/${machine.id}/schedules`, a.token)).body;
      expect(items.map((s: any) => [s.title, s.status, s.reason, s.origin])).toEqual([
        ['License plate expires', 'due_soon', 'Due in 10 days', 'license'],
        ['Insurance expires', 'upcoming', 'Due in 100 days', 'insurance'],
      ]);
    });
    await api.post(`/api/machines/${machine.id}/schedules`, oil, a.token);
    expect((await api.delete(`/api/machines/${machine.id}`, a.token)).status).toBeLessThan(300);
    await expectEventually(async () => expect((await api.get(`/api/machines/${machine.id}/meters`, a.token)).status).toBe(404));
    expect((await api.get('/api/schedules?size=100', a.token)).body.content.some((s: any) => s.machineId === machine.id)).toBe(false);
  });
});
