#!/usr/bin/env node
// Issue 37: the one process's CPU time per create, its events' handlers included, read from /proc
// (robust where a shared machine's load makes throughput meaningless): a product started embedded,
// the scenarios' account, then N creates each of a service record, a fuel record and a purchase at
// 16 writers spread over the 10 machines, and 3 s for the handlers to finish.
//   node tools/bench/create-cpu.mjs [N=300]
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { prepareAccount, startMeasured } from './scenarios.mjs';
import { productProcesses } from './product-processes.mjs';
const N = Number(process.argv[2] ?? 300);
const { product } = await startMeasured('embedded');
const cpuMs = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
};
try {
  const { user, machineIds } = await prepareAccount(product);
  const host = productProcesses(product.dataDir).find((p) => p.app === 'host').pid;
  const bodies = {
    service: (i) => [
      '/api/services/fastCreate',
      { machineId: machineIds[i % 10], title: 'Hydraulic filter', status: 'New', serviceType: 'Maintenance', serviceDate: '2026-03-02', price: 42 },
    ],
    fuel: (i) => [
      '/api/fuel-records',
      {
        machineId: machineIds[i % 10],
        amount: 18.4,
        pricePerUnit: 3.49,
        totalPrice: 64.22,
        dateOfPurchase: new Date().toISOString(),
        lastMileage: 42000,
        currentMileage: 42310 + i,
      },
    ],
    purchase: (i) => [
      '/api/purchases',
      {
        machineId: machineIds[i % 10],
        partName: 'Air filter',
        quantity: 2,
        price: 24.99,
        partStatus: 'Ordered',
        purchaseDate: new Date().toISOString(),
        storeName: 'Parts Depot',
        userId: 0,
        storeId: 0,
      },
    ],
  };
  await sleep(3000);
  for (const kind of ['service', 'fuel', 'purchase']) {
    let next = 0;
    const statuses = {};
    const c0 = cpuMs(host);
    const t0 = Date.now();
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < N) {
          const [path, body] = bodies[kind](next++);
          const res = await fetch(product.baseUrl + path, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}`, 'idempotency-key': randomUUID() },
            body: JSON.stringify(body),
          });
          await res.text();
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        }
      }),
    );
    const s = (Date.now() - t0) / 1000;
    const c1 = cpuMs(host);
    await sleep(3000); // the events' handlers finish
    const c2 = cpuMs(host) - 3000 * 0.02; // minus about 2 % idle polling
    console.log(
      `${kind}: ${(N / s).toFixed(1)}/s; host CPU per create ${((c1 - c0) / N).toFixed(2)} ms under load, ${((c2 - c0) / N).toFixed(2)} ms with the handlers' tail; load ${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]}`,
      JSON.stringify(statuses),
    );
  }
  console.log(
    product
      .output()
      .split('\n')
      .filter((l) => /ERROR/.test(l) && !/is not running/.test(l))
      .slice(0, 10)
      .join('\n'),
  );
} finally {
  await product.stop();
}
