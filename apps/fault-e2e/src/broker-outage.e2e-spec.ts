import { createMachine, distributedServersAvailable, expectEventually, makeJpeg } from '@wrenchlog/testing';
import { execFileSync } from 'node:child_process';
import { queryService } from './database.js';
import { faultSuite } from './fault-suite.js';

const available = await distributedServersAvailable();
const describeDistributed = available ? describe : describe.skip;

/**
 * Drops every broker connection of this product, as a broker restart or a network cut would for it.
 * Only its own (named "wrenchlog <server|client> <queue prefix><service>", libs/platform
 * transport.ts): other products on the shared broker, such as the gateway e2e suite's running
 * beside this one, keep theirs.
 */
function closeBrokerConnections(queuePrefix: string): void {
  expect(queuePrefix).toMatch(/^[\w.-]+$/);
  // One call inside the broker closes them all at once, as an outage would (one rabbitmqctl per
  // connection takes a second each: the product would reconnect the first before the last goes).
  const closed = execFileSync('rabbitmqctl', [
    'eval',
    `[begin rabbit_networking:close_connection(P, "wrenchlog fault test"), P end || P <- rabbit_networking:connections(),
      case rabbit_networking:connection_info(P, [client_properties]) of
        [{client_properties, Props}] -> case lists:keyfind(<<"connection_name">>, 1, Props) of
          {_, longstr, Name} -> binary:match(Name, <<" ${queuePrefix}">>) =/= nomatch; _ -> false end;
        _ -> false end].`,
  ]).toString();
  expect(closed).toMatch(/<[\d.]+>/);
}

describeDistributed('writes while the broker drops every connection', () => {
  const suite = faultSuite({ RPC_TIMEOUT_MS: '3000' });

  it('answers 503 quickly during the outage, keeps every acknowledged write and upload once, delivers its events, and recovers without a restart', async () => {
    const run = `outage-${Date.now().toString(36)}`;
    const outcomes: { name: string; status: number; ms: number }[] = [];
    // One gallery per upload, made before the outage, so the 5-photo limit never interferes.
    const galleries: number[] = [];
    for (let g = 0; g < 40; g++) {
      galleries.push((await createMachine(suite.api, suite.token, { name: `${run}-gallery-${g}` })).id);
    }
    const photo = await makeJpeg(800, 600);
    const uploads: { machineId: number; status: number }[] = [];
    let cut = false;
    const started = Date.now();
    for (let i = 0; Date.now() - started < 12000; i++) {
      if (!cut && Date.now() - started > 2000) {
        closeBrokerConnections(suite.fleet.env.AMQP_QUEUE_PREFIX);
        cut = true;
      }
      const name = `${run}-${i}`;
      const t = Date.now();
      const res = await suite.api.post('/api/machines/create', { name, year: 2021, make: 'Bobcat', model: 'T770' }, suite.token);
      outcomes.push({ name, status: res.status, ms: Date.now() - t });
      if (i % 2 === 0 && galleries.length > 0) {
        const machineId = galleries.shift()!;
        const form = new FormData();
        form.append('originals', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'yard.jpg');
        uploads.push({ machineId, status: (await suite.api.request('POST', `/api/machines/${machineId}/gallery`, { raw: form, token: suite.token })).status });
      }
      await new Promise((r) => setTimeout(r, 100));
    }

    const acknowledged = outcomes.filter((o) => o.status === 201).map((o) => o.name);
    const refused = outcomes.filter((o) => o.status !== 201);
    const stored = await queryService<{ name: string }>(
      suite.fleet.env.DATABASE_URL,
      'machine',
      "SELECT name FROM machines WHERE name LIKE $1 AND name NOT LIKE '%-gallery-%'",
      [`${run}-%`],
    );
    const storedNames = stored.map((r) => r.name);
    const lost = acknowledged.filter((n) => !storedNames.includes(n));
    const duplicated = storedNames.length - new Set(storedNames).size;
    suite.rows.push({
      fault: 'broker drops all connections',
      attempted: outcomes.length,
      acknowledged: acknowledged.length,
      found: storedNames.length,
      lost: lost.length,
      duplicated,
    });

    // The outage happened and callers were told: 503, never a hang past the RPC timeout.
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((o) => o.status === 503 && o.ms < 3500)).toBe(true);
    // Nothing acknowledged is lost, nothing is stored twice, nothing unacknowledged sneaks in twice.
    expect(lost).toEqual([]);
    expect(duplicated).toBe(0);
    // The system recovered by itself: the last writes of the stream succeeded.
    expect(outcomes.slice(-5).every((o) => o.status === 201)).toBe(true);
    // Every acknowledged upload is in its gallery and gets processed; none is stored twice.
    const uploaded = uploads.filter((u) => u.status === 201);
    expect(uploads.some((u) => u.status === 503)).toBe(true);
    expect(uploads.every((u) => u.status === 201 || u.status === 503)).toBe(true);
    let photosFound = 0;
    await expectEventually(
      async () => {
        photosFound = 0;
        for (const u of uploaded) {
          const gallery = await suite.api.get(`/api/machines/${u.machineId}/gallery`, suite.token);
          expect(gallery.body).toHaveLength(1);
          expect(gallery.body[0].state).toBe('processed');
          photosFound += gallery.body.length;
        }
      },
      60000,
      500,
    );
    suite.rows.push({
      fault: 'broker drops all connections (uploads)',
      attempted: uploads.length,
      acknowledged: uploaded.length,
      found: photosFound,
      lost: uploaded.length - photosFound,
      duplicated: 0,
    });
    // Events raised around the outage (machine.machine.saved) reach their subscriber afterwards.
    await expectEventually(
      async () => {
        const known = await queryService<{ count: string }>(
          suite.fleet.env.DATABASE_URL,
          'service_record',
          'SELECT count(*) AS count FROM known_machines km JOIN (SELECT unnest($1::text[]) AS name) n ON n.name = km.name',
          [storedNames],
        );
        expect(Number(known[0].count)).toBe(storedNames.length);
      },
      60000,
      500,
    );
  });
});
