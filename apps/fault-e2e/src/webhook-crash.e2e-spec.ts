import { distributedServersAvailable } from '@wrenchlog/testing';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { faultSuite } from './fault-suite.js';

const available = await distributedServersAvailable();
const describeDistributed = available ? describe : describe.skip;

/** A receiver that verifies every request and holds the first one of the held path without answering. */
async function receiver() {
  const got: { id: string; verified: boolean; path: string }[] = [];
  const secrets = new Map<string, string>();
  const held: ServerResponse[] = [];
  let holdNext = true;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = req.url ?? '/';
      let verified = false;
      try {
        new Webhook(secrets.get(path) ?? 'whsec_AAAA').verify(body, req.headers as Record<string, string>);
        verified = true;
      } catch {
        // recorded as not verified
      }
      got.push({ id: String(req.headers['webhook-id']), verified, path });
      if (path === '/held' && holdNext) {
        holdNext = false;
        held.push(res);
        return;
      }
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    got,
    url: (path: string) => `${base}${path}`,
    secret: (path: string, secret: string) => secrets.set(path, secret),
    close: () => {
      held.forEach((r) => r.destroy());
      server.closeAllConnections();
      return new Promise((r) => server.close(r));
    },
  };
}

describeDistributed('webhooks while notification-service is killed with kill -9 between a delivery and its acknowledgement', () => {
  // A short claim, so the delivery the dead process held is sent again within the test.
  const suite = faultSuite({ RPC_TIMEOUT_MS: '2000', WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true', WEBHOOK_CLAIM_MS: '12000' });

  it('loses no acknowledged event and sends again only the one in flight, with the same webhook-id', async () => {
    const rx = await receiver();
    try {
      const hook = async (path: string) => {
        const res = await suite.api.post('/api/webhooks', { url: rx.url(path), events: ['ping'] }, suite.token);
        expect(res.status).toBe(201);
        rx.secret(path, res.body.secret);
        return res.body.id as number;
      };
      const held = await hook('/held');
      const stream = await hook('/stream');

      // The held ping reaches the receiver, which does not answer: the process dies with it in flight.
      const first = await suite.api.post(`/api/webhooks/${held}/test`, {}, suite.token);
      expect(first.status).toBe(201);
      const deadline = Date.now() + 10000;
      while (!rx.got.some((g) => g.path === '/held') && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
      }
      // Pings to the other endpoint before, during and after the outage.
      const acknowledged: string[] = [];
      const statuses: number[] = [];
      const ping = async () => {
        const res = await suite.api.post(`/api/webhooks/${stream}/test`, {}, suite.token);
        statuses.push(res.status);
        if (res.status === 201) {
          acknowledged.push(res.body.messageId);
        }
      };
      for (let i = 0; i < 5; i++) {
        await ping();
      }
      // Delivery is at least once: a ping answered but not yet recorded when the process dies is
      // rightly sent again. Kill only once these are recorded, so the held one is the only one in flight.
      const recorded = Date.now() + 15000;
      const delivered = async () => {
        const log = await suite.api.get(`/api/webhooks/${stream}/deliveries`, suite.token);
        const done = new Set((log.body as { messageId: string; status: string }[]).filter((d) => d.status === 'delivered').map((d) => d.messageId));
        return acknowledged.every((id) => done.has(id));
      };
      while (!(await delivered()) && Date.now() < recorded) {
        await new Promise((r) => setTimeout(r, 100));
      }
      await suite.fleet.kill('notification-service');
      for (let i = 0; i < 5; i++) {
        await ping();
      }
      suite.fleet.launch('notification-service');
      const back = Date.now() + 30000;
      while (Date.now() < back) {
        const res = await suite.api.get('/api/webhooks', suite.token);
        if (res.status === 200) {
          break;
        }
        await new Promise((r) => setTimeout(r, 250));
      }
      for (let i = 0; i < 5; i++) {
        await ping();
      }

      // The claim of the dead process expires; the new one sends the held ping again, same id.
      const settle = Date.now() + 40000;
      const heldAttempts = () => rx.got.filter((g) => g.path === '/held');
      const streamIds = () => rx.got.filter((g) => g.path === '/stream').map((g) => g.id);
      while ((heldAttempts().length < 2 || acknowledged.some((id) => !streamIds().includes(id))) && Date.now() < settle) {
        await new Promise((r) => setTimeout(r, 250));
      }
      const lost = acknowledged.filter((id) => !streamIds().includes(id));
      const duplicated = streamIds().length - new Set(streamIds()).size;
      suite.rows.push({
        fault: 'kill -9 notification-service with a webhook in flight',
        attempted: statuses.length + 1,
        acknowledged: acknowledged.length + 1,
        found: new Set(streamIds()).size + 1,
        lost: lost.length,
        duplicated,
      });

      expect(statuses.every((s) => s === 201 || s === 503)).toBe(true);
      expect(lost).toEqual([]);
      expect(duplicated).toBe(0);
      expect(heldAttempts().map((g) => g.id)).toEqual([first.body.messageId, first.body.messageId]);
      expect(rx.got.every((g) => g.verified)).toBe(true);
      const log = await suite.api.get(`/api/webhooks/${held}/deliveries`, suite.token);
      expect(log.body[0]).toMatchObject({ messageId: first.body.messageId, status: 'delivered', attempts: 1, httpStatus: 200 });
    } finally {
      await rx.close();
    }
  });
});
