import { ApiClient, createApprovedUser, createMachine, e2eProducts, expectEventually, type ApprovedUser } from '@wrenchlog/testing';
import ece from 'http_ece';
import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import { WebhookReceiver } from './webhook-receiver.js';
import { meterOf } from './machines.helpers.js';

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const b64url = (b: Buffer) => b.toString('base64url');

/** A browser's side of a push subscription: its keys, to decrypt what arrives. */
function device() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } };
}

/** Checks the VAPID Authorization header (RFC 8292): a JWT signed ES256 by the server's public key `k`. */
function vapidOf(header: string, publicKey: string, audience: string) {
  const [, token, key] = /^vapid t=([^,]+), k=(.+)$/.exec(header) ?? [];
  expect(key).toBe(publicKey);
  const raw = Buffer.from(key, 'base64url');
  const jwk = { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) };
  const [head, claims, signature] = token.split('.');
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  expect(ok).toBe(true);
  expect(JSON.parse(Buffer.from(claims, 'base64url').toString())).toMatchObject({ aud: audience, sub: expect.stringMatching(/^(mailto:|https:)/) });
}

describe.each(e2eProducts())('browser push (%s)', (mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  let a: ApprovedUser;
  let b: ApprovedUser;
  let endpoint: WebhookReceiver;

  beforeAll(async () => {
    endpoint = await WebhookReceiver.start();
    [a, b] = await Promise.all([createApprovedUser(api, { name: 'Push A' }), createApprovedUser(api, { name: 'Push B' })]);
  });
  afterAll(() => endpoint?.stop());

  it('subscribes a device, sends a test push signed with VAPID and encrypted for that device, then unsubscribes', async () => {
    const { publicKey } = (await api.get('/api/push/public-key', a.token)).body;
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect((await api.get('/api/push/public-key', b.token)).body.publicKey).toBe(publicKey);

    const phone = device();
    const path = `/${mode}/push/phone`;
    const sub = await api.post('/api/push/subscriptions', { endpoint: endpoint.url(path), expirationTime: null, keys: phone.keys }, a.token);
    expect(sub.status).toBe(201);
    expect(sub.body).toMatchObject({ id: expect.any(Number), endpoint: endpoint.url(path) });

    const test = await api.post('/api/push/test', {}, a.token);
    expect(test.status).toBe(200);
    expect(test.body).toEqual({ sent: 1, failed: 0 });
    const [push] = endpoint.at(path);
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    vapidOf(String(push.headers.authorization), publicKey, new URL(endpoint.baseUrl).origin);
    const message = JSON.parse(ece.decrypt(push.raw, { version: 'aes128gcm', privateKey: phone.ecdh, authSecret: phone.keys.auth }).toString('utf8'));
    expect(message).toEqual({ title: 'Wrenchlog', body: 'Push notifications work on this device.', link: '/settings?tab=notifications' });

    // B has no device: 404; A removes hers: 404 after.
    expect((await api.post('/api/push/test', {}, b.token)).status).toBe(404);
    expect((await api.request('DELETE', '/api/push/subscriptions', { token: a.token, body: { endpoint: endpoint.url(path) } })).status).toBe(204);
    expect((await api.post('/api/push/test', {}, a.token)).status).toBe(404);
  });

  it('pushes a schedule that becomes due soon, opening its machine; a gone subscription (410) is dropped', async () => {
    const phone = device();
    const path = `/${mode}/push/due`;
    expect((await api.post('/api/push/subscriptions', { endpoint: endpoint.url(path), keys: phone.keys }, b.token)).status).toBe(201);
    const machine = await createMachine(api, b.token, { name: 'Push mower', type: 'Mower' });
    const hours = await meterOf(api, b.token, machine.id, 'hours');
    expect(
      (
        await api.post(
          `/api/machines/${machine.id}/schedules`,
          { title: 'Blades', serviceType: 'Blades', intervalHours: 50, recurring: true, anchor: 'completion', lastDoneHours: 0 },
          b.token,
        )
      ).status,
    ).toBe(201);
    expect((await api.post(`/api/meters/${hours.id}/readings`, { value: 40, readAt: inDays(0) }, b.token)).status).toBe(201);
    await expectEventually(() => expect(endpoint.at(path)).toHaveLength(1));
    const message = JSON.parse(
      ece.decrypt(endpoint.at(path)[0].raw, { version: 'aes128gcm', privateKey: phone.ecdh, authSecret: phone.keys.auth }).toString('utf8'),
    );
    expect(message).toEqual({ title: 'Due soon: Blades (Push mower)', body: '10 h left', link: `/machines/${machine.id}?tab=schedules` });

    endpoint.answer(path, { status: 410 });
    expect((await api.post('/api/push/test', {}, b.token)).body).toEqual({ sent: 0, failed: 1 });
    expect((await api.post('/api/push/test', {}, b.token)).status).toBe(404);
  });

  it('refuses a subscription without keys or endpoint with a field message', async () => {
    const bad = async (body: unknown, message: string) => {
      const res = await api.post('/api/push/subscriptions', body, a.token);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
    };
    await bad({ endpoint: endpoint.url('/x') }, 'Push subscription must have keys p256dh and auth');
    await bad({ endpoint: endpoint.url('/x'), keys: { p256dh: 'abc' } }, 'Push subscription must have keys p256dh and auth');
    await bad({ endpoint: endpoint.url('/x'), keys: { p256dh: 'not base64!', auth: 'x' } }, 'Push subscription must have keys p256dh and auth');
    await bad({ keys: device().keys }, 'Push subscription must have an endpoint URL');
    await bad({ endpoint: 'ftp://push.example.com/x', keys: device().keys }, 'Push subscription must have an endpoint URL');
    expect((await api.post('/api/push/subscriptions', { endpoint: endpoint.url('/x'), keys: device().keys })).status).toBe(401);
  });
});
