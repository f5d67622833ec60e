import { ApiClient, createApprovedUser, createMachine, e2eProducts, type ApprovedUser } from '@wrenchlog/testing';

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

// Issue 38: a save that voids a meter reading says so, and voiding or deleting a reading places
// again the readings that were void only because they conflicted with it.
describe.each(e2eProducts())('voided meter readings (%s)', (_mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  let a: ApprovedUser;

  beforeAll(async () => {
    a = await createApprovedUser(api, { name: 'Voided A' });
  });

  it('answers the readings a save voided, and brings back a reading once the one it conflicted with is voided or deleted', async () => {
    const machine = await createMachine(api, a.token, { type: 'Excavator', hours: 2450 });
    const hours = ((await api.get(`/api/machines/${machine.id}/meters`, a.token)).body as any[]).find((m) => m.kind === 'hours');
    const readings = async () =>
      ((await api.get(`/api/meters/${hours.id}/readings`, a.token)).body.content as any[]).map((r) => ({
        id: r.id,
        source: r.source,
        value: r.value,
        void: r.void,
      }));
    const [typed] = await readings();
    expect(typed).toMatchObject({ source: 'manual', value: 2450, void: false });

    // A service record dated in July with 2,480 h overrides the 2,450 typed today: the reply says so.
    const service = await api.post(
      '/api/services/fastCreate',
      { machineId: machine.id, title: 'Track tension', serviceDate: daysAgo(130), serviceType: 'Inspection', status: 'Completed', price: 0, hours: 2480 },
      a.token,
    );
    expect(service.status).toBe(201);
    expect(service.body.voidedReadings).toEqual([
      expect.objectContaining({
        id: typed.id,
        kind: 'hours',
        unit: 'h',
        value: 2450,
        void: true,
        conflictsWith: expect.objectContaining({ value: 2480, readAt: daysAgo(130) }),
      }),
    ]);

    // A fill in August with 2,470 h breaks the sequence with the July 2,480: it is stored void, and the reply says so.
    const fuel = await api.post(
      '/api/fuel-records',
      { machineId: machine.id, amount: 40, pricePerUnit: 4, totalPrice: 160, dateOfPurchase: `${daysAgo(100)}T12:00:00.000Z`, currentHours: 2470 },
      a.token,
    );
    expect(fuel.status).toBe(201);
    expect(fuel.body.voidedReadings).toEqual([
      expect.objectContaining({
        source: 'fuel_record',
        sourceId: fuel.body.id,
        value: 2470,
        void: true,
        conflictsWith: expect.objectContaining({ value: 2480 }),
      }),
    ]);
    // A save that voids nothing answers the record as before.
    const later = await api.post(
      '/api/fuel-records',
      { machineId: machine.id, amount: 10, pricePerUnit: 4, totalPrice: 40, dateOfPurchase: `${daysAgo(90)}T12:00:00.000Z` },
      a.token,
    );
    expect(later.body).not.toHaveProperty('voidedReadings');

    const byValue = async () => Object.fromEntries((await readings()).map((r) => [r.value, r.void]));
    expect(await byValue()).toEqual({ 2450: true, 2470: true, 2480: false });

    // Voiding the July 2,480 by hand: the 2,470 was void only because of it, and is live again; the
    // 2,450 typed today still breaks with the 2,470 dated before it, and stays void.
    const july = (await readings()).find((r) => r.value === 2480)!;
    expect((await api.put(`/api/readings/${july.id}`, { void: true }, a.token)).status).toBe(200);
    expect(await byValue()).toEqual({ 2450: true, 2470: false, 2480: true });

    // Deleting the fill takes its reading: nothing is left that the 2,450 breaks with, and it is live again.
    expect((await api.delete(`/api/fuel-records/${fuel.body.id}`, a.token)).status).toBe(204);
    expect(await byValue()).toEqual({ 2450: false, 2480: true });
    expect((await api.get(`/api/machines/?machineId=${machine.id}`, a.token)).body).toMatchObject({ hours: 2450 });
  });
});
