// "Download all my data" of issue 23 (`--only=export`): an account seeded through the API with
// machines, fuel records, service records (some with a photo) and part purchases, then the export
// job timed from POST /api/exports to `ready` (polled every 100 ms), the ZIP's size, its download
// through the signed link, and the memory the product's processes hold at the job's peak (sampled
// every 100 ms; embedded: the one process; distributed: the sum).
import { performance } from 'node:perf_hooks';
import { ApiClient, createApprovedUser, createMachine, makeJpeg } from '@wrenchlog/testing';
import { productProcesses, totalRssMb } from './product-processes.mjs';

async function inParallel(count, concurrency, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        await work(next++);
      }
    }),
  );
}

async function must(res, what) {
  if (res.status !== 201) {
    throw new Error(`${what} for the export bench failed: ${res.status} ${res.text.slice(0, 200)}`);
  }
  return res.body;
}

/** The seeded account: `fuel` fuel records, a fifth as many service records (photos on `photos` of them) and a tenth as many purchases, over 10 machines. */
export async function prepareExportAccount(product, { fuel = 2000, photos = 20 } = {}) {
  const api = new ApiClient(product.baseUrl);
  const user = await createApprovedUser(api, { name: 'Export bench' });
  const machineIds = [];
  for (let i = 0; i < 10; i++) {
    machineIds.push((await createMachine(api, user.token, { name: `Export bench machine ${i}` })).id);
  }
  const day = (i) => new Date(Date.UTC(2015, 0, 1) + i * 6 * 3_600_000).toISOString();
  await inParallel(fuel, 8, async (i) =>
    must(
      await api.post(
        '/api/fuel-records',
        {
          machineId: machineIds[i % 10],
          amount: 12.5,
          pricePerUnit: 3.459,
          totalPrice: 43.24,
          currentMileage: 10_000 + i * 10,
          dateOfPurchase: day(i),
          notes: `fill ${i}`,
        },
        user.token,
      ),
      'a fuel record',
    ),
  );
  const services = [];
  await inParallel(Math.ceil(fuel / 5), 8, async (i) =>
    services.push(
      await must(
        await api.post(
          '/api/services/fastCreate',
          { title: `Service ${i}`, machineId: machineIds[i % 10], serviceDate: day(i * 5).slice(0, 10), price: '89.50' },
          user.token,
        ),
        'a service record',
      ),
    ),
  );
  await inParallel(Math.ceil(fuel / 10), 8, async (i) =>
    must(
      await api.post(
        '/api/purchases',
        {
          partName: `Part ${i}`,
          quantity: 1 + (i % 3),
          price: 24.5,
          storeName: 'NAPA',
          partStatus: 'Purchased',
          purchaseDate: day(i * 10),
          machineId: machineIds[i % 10],
          partId: null,
          userId: 0,
          storeId: 0,
        },
        user.token,
      ),
      'a purchase',
    ),
  );
  const jpeg = await makeJpeg(1600, 1200);
  await inParallel(Math.min(photos, services.length), 2, async (i) => {
    const form = new FormData();
    form.append('images[0][original]', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), `photo-${i}.jpg`);
    await must(await api.request('POST', `/api/services/${services[i].id}/images`, { token: user.token, raw: form }), 'a photo');
  });
  return { api, user, records: fuel + services.length + Math.ceil(fuel / 10), photos: Math.min(photos, services.length), photoBytes: jpeg.length };
}

export async function measureExport(product, { api, user }) {
  const idleMb = totalRssMb(productProcesses(product.dataDir));
  let peakMb = idleMb;
  const sampler = setInterval(() => {
    peakMb = Math.max(peakMb, totalRssMb(productProcesses(product.dataDir)));
  }, 100);
  try {
    const t0 = performance.now();
    const started = await api.post('/api/exports', undefined, user.token);
    if (started.status !== 202) {
      throw new Error(`POST /api/exports answered ${started.status}: ${started.text.slice(0, 200)}`);
    }
    let view;
    for (;;) {
      view = (await api.get(`/api/exports/${started.body.id}`, user.token)).body;
      if (view.state === 'ready' || view.state === 'failed') {
        break;
      }
      if (performance.now() - t0 > 600_000) {
        throw new Error('the export took more than 10 minutes');
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const exportMs = performance.now() - t0;
    if (view.state !== 'ready') {
      throw new Error(`the export failed: ${view.error}`);
    }
    const t1 = performance.now();
    const download = await fetch(`${product.baseUrl}${view.url}`);
    const bytes = (await download.arrayBuffer()).byteLength;
    const downloadMs = performance.now() - t1;
    return { counts: view.counts, exportMs, byteSize: view.byteSize, downloadMs, downloaded: bytes, idleMb, peakMb };
  } finally {
    clearInterval(sampler);
  }
}
