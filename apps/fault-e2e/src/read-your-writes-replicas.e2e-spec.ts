import { createApprovedUser, createMachine, distributedServersAvailable, expectEventually, type ApiClient } from '@wrenchlog/testing';
import { faultSuite, launchSecondGateway } from './fault-suite.js';

const available = await distributedServersAvailable();
const describeDistributed = available ? describe : describe.skip;
const TRIES = 20;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

// Issue 37: a session reads its own writes whichever gateway replica answers, when the client sends
// back the X-Consistency-Token of its last write (as the web app does); past the bound, 503.
describeDistributed('read your own writes with two gateway replicas', () => {
  const suite = faultSuite();
  let second: ApiClient;
  let token: string;

  /** A read on the second replica with the token the first one answered (a load balancer between them). */
  const readThere = (path: string) => {
    const given = suite.api.consistencyTokens.get(token);
    return second.request('GET', path, { token, headers: given ? { 'x-consistency-token': given } : {} });
  };

  beforeAll(async () => {
    second = await launchSecondGateway(suite);
    token = (await createApprovedUser(suite.api, { name: 'Two Replicas' })).token;
  });

  it("answers a machine made on one replica with its meters on the other, and a fuel record's mileage as its odometer there", async () => {
    const stale: string[] = [];
    for (let i = 0; i < TRIES; i++) {
      const machine = await createMachine(suite.api, token, { name: `Replica ${i}` });
      const meters = await readThere(`/api/machines/${machine.id}/meters`);
      if (meters.status !== 200 || meters.body.length !== 2) {
        stale.push(`meters ${i}: ${meters.status} ${meters.text}`);
      }
      const mileage = 5000 + i;
      const fuel = await suite.api.post(
        '/api/fuel-records',
        { machineId: machine.id, amount: 5, pricePerUnit: 4, totalPrice: 20, dateOfPurchase: `${day(-1)}T12:00:00.000Z`, currentMileage: mileage },
        token,
      );
      expect(fuel.status).toBe(201);
      const read = await readThere(`/api/machines/?machineId=${machine.id}`);
      if (read.body.miles !== mileage) {
        stale.push(`odometer ${i}: ${read.body.miles}, wanted ${mileage}`);
      }
    }
    console.log(`two gateways: ${TRIES * 2} first reads on the other replica after a write, ${stale.length} stale`);
    expect(stale).toEqual([]);
  });

  it('answers 503 with Retry-After within RPC_TIMEOUT_MS while the context that applies the write is down, and the write once it is back', async () => {
    const machine = await createMachine(suite.api, token, { name: 'Waits for schedules' });
    expect((await readThere(`/api/machines/${machine.id}/meters`)).status).toBe(200);
    await suite.fleet.kill('schedule-service');
    const fuel = await suite.api.post(
      '/api/fuel-records',
      { machineId: machine.id, amount: 5, pricePerUnit: 4, totalPrice: 20, dateOfPurchase: `${day(0)}T12:00:00.000Z`, currentMileage: 7777 },
      token,
    );
    expect(fuel.status).toBe(201);
    const started = Date.now();
    const read = await readThere(`/api/machines/?machineId=${machine.id}`);
    const took = Date.now() - started;
    expect(read.status).toBe(503);
    expect(read.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(took).toBeLessThan(5000);

    suite.fleet.launch('schedule-service');
    await expectEventually(async () => expect((await readThere(`/api/machines/?machineId=${machine.id}`)).body.miles).toBe(7777), 60_000, 250);
  });
});
