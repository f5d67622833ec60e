import { SERVICES } from '@wrenchlog/contracts';
import { ApiClient, createMachine, startProduct, TEST_ADMIN, type RunningProduct } from '@wrenchlog/testing';
import { printFaultTable, type FaultRow } from './fault-report.js';
import { killApp, productProcesses } from './product-processes.js';

// Issue 25 item 4: the embedded product started as `npm start` starts it (tools/start.mjs, the
// supervisor) survives kill -9 of any of its processes. Writes stream all along; every one the API
// acknowledged (201) is stored exactly once, and the product answers again after each kill. How soon
// is a figure (the fault table, docs/performance.md: 1-3 s on a quiet machine), not an assertion: on
// CI's two cores beside the other suites a restart took 11-13 s. Not back within COMES_BACK_MS is a hang.
const root = new URL('../../..', import.meta.url).pathname;
const COMES_BACK_MS = 45000;

interface Outcome {
  kind: 'machine' | 'service';
  name: string;
  status: number;
  retryAfter: string | null;
}

// The machines read back through /api/machines/all, which answers at most 2,000 (issue 25.9): a
// fast machine writes more than that, so the stream stops creating machines below the bound.
const MACHINE_CREATES_MAX = 1500;

/** A stream of machine and service-record creates, three of each in flight, until stop() is called. */
function writeStream(api: ApiClient, token: string, machineId: number, run: string) {
  const outcomes: Outcome[] = [];
  let running = true;
  let i = 0;
  const loop = (async () => {
    while (running) {
      const n = i++;
      const machines = n * 3 < MACHINE_CREATES_MAX;
      const calls = [0, 1, 2].flatMap((k) => [
        ...(machines
          ? [
              {
                kind: 'machine' as const,
                name: `${run}-m-${n}-${k}`,
                path: '/api/machines/create',
                body: { name: `${run}-m-${n}-${k}`, year: 2017, make: 'Case', model: '580N' },
              },
            ]
          : []),
        { kind: 'service' as const, name: `${run}-s-${n}-${k}`, path: '/api/services/fastCreate', body: { title: `${run}-s-${n}-${k}`, machineId } },
      ]);
      outcomes.push(
        ...(await Promise.all(
          calls.map(async (c) => {
            try {
              const res = await api.post(c.path, c.body, token);
              return { kind: c.kind, name: c.name, status: res.status, retryAfter: res.headers.get('retry-after') };
            } catch {
              // The port is closed while the one process restarts: not acknowledged.
              await new Promise((r) => setTimeout(r, 50));
              return { kind: c.kind, name: c.name, status: 0, retryAfter: null };
            }
          }),
        )),
      );
    }
  })();
  return {
    outcomes,
    async stop() {
      running = false;
      await loop;
    },
  };
}

/**
 * Waits (a second at least, 30 s at most) until the stream's last 12 writes were all acknowledged:
 * on a busy machine the first calls after a restart can still time out while the process warms up.
 */
async function wholeAgain(outcomes: Outcome[]): Promise<void> {
  const deadline = Date.now() + 30000;
  await new Promise((r) => setTimeout(r, 1000));
  while (Date.now() < deadline && !outcomes.slice(-12).every((o) => o.status === 201)) {
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** ms from now until /api/health/ready answers 200 (every service reachable). */
async function timeToReady(baseUrl: string, limitMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < limitMs + 5000) {
    try {
      if ((await fetch(`${baseUrl}/api/health/ready`)).ok) {
        return Date.now() - started;
      }
    } catch {
      // not listening
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return Infinity;
}

/**
 * A read as a client makes it after a crash: 503 with Retry-After while the restarted product still
 * applies the backlog this session's writes left (issue 37: the read waits for them, bounded), then
 * again after the pause it names, for at most 30 s.
 */
async function readWithRetry(api: ApiClient, path: string, token: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await api.get(path, token);
    if (res.status !== 503 || Date.now() > deadline) {
      return res;
    }
    await new Promise((r) => setTimeout(r, 1000 * Math.max(1, Number(res.headers.get('retry-after')) || 1)));
  }
}

async function storedNames(api: ApiClient, token: string, machineId: number, run: string): Promise<{ machine: string[]; service: string[] }> {
  const machines = await readWithRetry(api, '/api/machines/all', token);
  expect(machines.status).toBe(200);
  // Page through the machine's records: unpaged, the list answers only the newest 500 (issue 25.9).
  const titles: string[] = [];
  for (let page = 0; ; page++) {
    const services = await readWithRetry(api, `/api/services/machine/${machineId}?page=${page}&size=100`, token);
    expect(services.status).toBe(200);
    const { content, totalPages } = services.body as { content: { title: string }[]; totalPages: number };
    titles.push(...content.map((s) => s.title));
    if (page + 1 >= totalPages) {
      break;
    }
  }
  return {
    machine: (machines.body as { name: string }[]).map((m) => m.name).filter((n) => n.startsWith(`${run}-m-`)),
    service: titles.filter((t) => t.startsWith(`${run}-s-`)),
  };
}

function account(fault: string, outcomes: Outcome[], stored: { machine: string[]; service: string[] }): FaultRow & { lostNames: string[] } {
  const acknowledged = outcomes.filter((o) => o.status === 201);
  const all = [...stored.machine, ...stored.service];
  const present = new Set(all);
  const lostNames = acknowledged.map((o) => o.name).filter((n) => !present.has(n));
  return {
    fault,
    attempted: outcomes.length,
    acknowledged: acknowledged.length,
    found: all.length,
    lost: lostNames.length,
    duplicated: all.length - present.size,
    lostNames,
  };
}

describe('the embedded product under kill -9 (npm start supervises and restarts)', () => {
  const rows: FaultRow[] = [];
  afterAll(() => printFaultTable(rows));

  describe('separate processes (EMBEDDED_PROCESSES=separate)', () => {
    let product: RunningProduct;
    beforeAll(async () => {
      product = await startProduct({ mode: 'embedded', root, env: { EMBEDDED_PROCESSES: 'separate', RPC_TIMEOUT_MS: '2000' } });
    }, 120000);
    afterAll(async () => product?.stop());

    it('restarts each service killed in turn, answers 503 with Retry-After meanwhile, and loses no acknowledged create', async () => {
      const api = new ApiClient(product.baseUrl);
      const token = await api.login(TEST_ADMIN.username, TEST_ADMIN.password);
      const machineId = (await createMachine(api, token, { name: 'Crash test machine' })).id as number;
      const run = `sep-${Date.now().toString(36)}`;
      const stream = writeStream(api, token, machineId, run);
      const recoveries: Record<string, number> = {};
      for (const service of SERVICES) {
        await new Promise((r) => setTimeout(r, 700));
        const before = productProcesses(product.dataDir).find((p) => p.app === service)?.pid;
        killApp(product.dataDir, service);
        // The supervisor needs a moment to see the exit; ready before that would be the dead one's answer.
        await new Promise((r) => setTimeout(r, 100));
        recoveries[service] = await timeToReady(product.baseUrl, COMES_BACK_MS);
        expect(productProcesses(product.dataDir).find((p) => p.app === service)?.pid).not.toBe(before);
      }
      await wholeAgain(stream.outcomes);
      await stream.stop();

      const slowest = (Math.max(...Object.values(recoveries)) / 1000).toFixed(1);
      const row = account(
        `embedded, separate: kill -9 each service in turn (answers again within ${slowest} s)`,
        stream.outcomes,
        await storedNames(api, token, machineId, run),
      );
      rows.push(row);
      expect(Object.entries(recoveries).filter(([, ms]) => ms >= COMES_BACK_MS)).toEqual([]);
      // A context that is down answers 503 with Retry-After, never a 500 or a hang.
      const refused = stream.outcomes.filter((o) => o.status !== 201);
      expect(refused.length).toBeGreaterThan(0);
      expect(refused.every((o) => o.status === 503 && o.retryAfter !== null)).toBe(true);
      expect(row.lostNames).toEqual([]);
      expect(row.duplicated).toBe(0);
      expect(stream.outcomes.slice(-12).every((o) => o.status === 201)).toBe(true);
      expect(product.output()).toContain('starting it again');
    }, 600_000);
  });

  describe('one process (the default)', () => {
    let product: RunningProduct;
    beforeAll(async () => {
      product = await startProduct({ mode: 'embedded', root });
    }, 120000);
    afterAll(async () => product?.stop());

    it('restarts the process after kill -9, answers again, and loses no acknowledged create', async () => {
      expect(
        productProcesses(product.dataDir)
          .map((p) => p.app)
          .sort(),
      ).toEqual(['host', 'start']);
      const api = new ApiClient(product.baseUrl);
      // This test measures durability and recovery. A client that sends back its X-Consistency-Token across
      // a kill -9 of the whole process can be refused (503) for the positions the crash lost (a known gap of
      // issue 37, in its closing note): this one does not, as a script without the header does not.
      api.echoConsistency = false;
      const token = await api.login(TEST_ADMIN.username, TEST_ADMIN.password);
      const machineId = (await createMachine(api, token, { name: 'Crash test machine' })).id as number;
      const run = `one-${Date.now().toString(36)}`;
      const stream = writeStream(api, token, machineId, run);
      const recoveries: number[] = [];
      for (let round = 0; round < 2; round++) {
        await new Promise((r) => setTimeout(r, 1500));
        killApp(product.dataDir, 'host');
        await new Promise((r) => setTimeout(r, 100));
        recoveries.push(await timeToReady(product.baseUrl, COMES_BACK_MS));
      }
      await wholeAgain(stream.outcomes);
      await stream.stop();

      const slowest = (Math.max(...recoveries) / 1000).toFixed(1);
      const row = account(
        `embedded, one process: kill -9 it twice (answers again within ${slowest} s)`,
        stream.outcomes,
        await storedNames(api, token, machineId, run),
      );
      rows.push(row);
      expect(recoveries.filter((ms) => ms >= COMES_BACK_MS)).toEqual([]);
      expect(stream.outcomes.some((o) => o.status !== 201)).toBe(true);
      // Refused calls are cut connections (0) while the process is down, or 503 while it starts.
      expect(stream.outcomes.every((o) => [0, 201, 503].includes(o.status))).toBe(true);
      expect(row.lostNames).toEqual([]);
      expect(row.duplicated).toBe(0);
      expect(stream.outcomes.slice(-12).every((o) => o.status === 201)).toBe(true);
    }, 300_000);
  });

  it('gives up loudly, stopping everything, after repeated quick failures', async () => {
    // A setting every process refuses: each start fails at once, so restarting cannot help.
    const failed = await startProduct({
      mode: 'embedded',
      root,
      env: { RPC_TIMEOUT_MS: 'soon', WRENCHLOG_RESTART_MAX_QUICK: '2' },
      readyTimeoutMs: 60000,
    }).catch((err: Error) => err);
    expect(failed).toBeInstanceOf(Error);
    const message = (failed as Error).message;
    expect(message).toContain('exited during start');
    expect(message).toContain('starting it again in 250 ms (failure 1 of 2 in a row)');
    expect(message).toContain('starting it again in 500 ms (failure 2 of 2 in a row)');
    expect(message).toContain('3 times in a row, each within 30 s of its start; giving up and stopping everything');
  }, 90000);
});
