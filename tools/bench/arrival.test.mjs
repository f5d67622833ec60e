import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, test } from 'node:test';
import { runArrivalRate } from './arrival.mjs';

let server;
let base;
before(async () => {
  // /fast answers at once; /slow after 200 ms; /fail with 500.
  server = http.createServer((req, res) => {
    const answer = () => res.writeHead(req.url === '/fail' ? 500 : 200, { 'content-type': 'application/json' }).end('{}');
    if (req.url === '/slow') setTimeout(answer, 200);
    else answer();
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${server.address().port}`;
});
after(() => server.close());

test('sends the asked rate during the hold and measures only it', async () => {
  const r = await runArrivalRate({ url: `${base}/fast`, rate: 200, seconds: 1, rampSeconds: 0.5 });
  assert.equal(r.requests, 200);
  assert.equal(r.errors, 0);
  assert.equal(r.dropped, 0);
});

test('counts a request due while maxInFlight are open as dropped, and waits count as latency', async () => {
  const r = await runArrivalRate({ url: `${base}/slow`, rate: 100, seconds: 1, rampSeconds: 0.2, maxInFlight: 5 });
  assert.ok(r.dropped > 50, `dropped ${r.dropped}`);
  assert.ok(r.p50 >= 200, `p50 ${r.p50}`);
});

test('counts answers outside 2xx as errors', async () => {
  const r = await runArrivalRate({ url: `${base}/fail`, rate: 50, seconds: 0.5, rampSeconds: 0.1 });
  assert.equal(r.errors, r.requests);
  assert.equal(r.statuses[500], r.requests);
});
