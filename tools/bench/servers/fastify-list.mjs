// L_fastify_list (a reference, not a denominator): bare Fastify answering what the dashboard answers,
// from memory: ten machines' list items, serialized per request, with the headers an /api answer
// carries (the API security set, no-store, a correlation id). No auth, routing through Nest, RPC or
// SQL. Its ratio to L_fastify is the ceiling of any list's ratio on this machine: the bytes alone
// cost that much, for the server and for autocannon. Prints `ready <port>`.
import Fastify from 'fastify';
import { randomUUID } from 'node:crypto';
import { API_POLICY, helmetHeaders, withoutHttpsUpgrade } from '../../../apps/gateway/dist/http/security-headers.js';

const headers = { ...helmetHeaders(withoutHttpsUpgrade(API_POLICY)), 'cache-control': 'no-store' };
const types = ['Truck', 'Tractor', 'Excavator', 'Mower', 'Car'];
const items = Array.from({ length: 10 }, (_, i) => ({
  id: 1000 + i,
  name: `Bench machine ${i}`,
  type: types[i % types.length],
  status: 'Active',
  lastUpdated: new Date(Date.UTC(2026, 10, 25, 8, 55, i)).toISOString(),
  lastServicedDate: `2026-0${1 + (i % 9)}-1${i}`,
}));

const app = Fastify({ logger: false });
app.get('/health', async (_request, reply) => {
  void reply.headers(headers).header('x-correlation-id', randomUUID());
  return items;
});
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`ready ${app.server.address().port}`);
