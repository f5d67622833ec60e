#!/usr/bin/env node
// `node tools/bench/report-pdf.mjs` (issue 22): the history PDF of one machine with 2,000 service
// records and 500 photos (one each on the first 500 records), made by the embedded product: time to
// the last byte, the document's size and pages, and the product's peak resident memory while it was
// made (sampled every 50 ms) over its memory before the request.
//   --records=2000 --photos=500   the machine's history (scale it down for a quick look)
//   --full                        also the full-size photos as an appendix (photos=full)
// Build first: flock /tmp/wrenchlog-web.lock node tools/build.mjs
import { ApiClient, createApprovedUser, createMachine, makeJpeg, serviceRecordFor, startProduct } from '@wrenchlog/testing';
import { performance } from 'node:perf_hooks';
import { productProcesses, totalRssMb } from './product-processes.mjs';
import { BENCH_ENV } from './scenarios.mjs';
import { fmt, parseArgs, table } from './stats.mjs';

const args = parseArgs(process.argv.slice(2));
const records = Number(args.records ?? 2000);
const photos = Math.min(records, Number(args.photos ?? 500));
const full = Boolean(args.full);
const log = (line) => console.log(`[bench:report-pdf] ${line}`);

const product = await startProduct({ mode: 'embedded', env: BENCH_ENV, readyTimeoutMs: 120000 });
try {
  const api = new ApiClient(product.baseUrl);
  const user = await createApprovedUser(api);
  const machineId = (await createMachine(api, user.token, { name: 'Bench Loader' })).id;
  log(`creating ${records} service records and ${photos} photos`);
  const original = await makeJpeg(1600, 1200);
  const thumbnail = await makeJpeg(240, 180);
  const ids = [];
  for (let i = 0; i < records; i += 8) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(8, records - i) }, (_, k) =>
        serviceRecordFor(api, user.token, machineId, {
          title: `Service ${i + k + 1}`,
          serviceDate: `2025-${String(((i + k) % 12) + 1).padStart(2, '0')}-${String(((i + k) % 28) + 1).padStart(2, '0')}`,
          price: 10 + ((i + k) % 90),
          notes: 'Checked hoses and belts',
        }),
      ),
    );
    ids.push(...batch.map((r) => r.id));
  }
  for (let i = 0; i < photos; i += 4) {
    await Promise.all(
      ids.slice(i, Math.min(photos, i + 4)).map(async (id) => {
        const form = new FormData();
        form.append('images[0][original]', new Blob([new Uint8Array(original)], { type: 'image/jpeg' }), 'photo.jpg');
        form.append('images[0][thumbnail]', new Blob([new Uint8Array(thumbnail)], { type: 'image/jpeg' }), 'photo-thumb.jpg');
        const res = await api.request('POST', `/api/services/${id}/images`, { token: user.token, raw: form });
        if (res.status !== 201) {
          throw new Error(`photo upload answered ${res.status} ${res.text}`);
        }
      }),
    );
  }
  await new Promise((r) => setTimeout(r, 2000)); // the image worker's and the events' work settles
  const before = totalRssMb(productProcesses(product.dataDir));
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, totalRssMb(productProcesses(product.dataDir)))), 50);
  const t0 = performance.now();
  const res = await fetch(`${product.baseUrl}/api/machines/${machineId}/history.pdf?from=2025-01-01&to=2025-12-31${full ? '&photos=full' : ''}`, {
    headers: { authorization: `Bearer ${user.token}` },
  });
  let firstByteMs = null;
  let bytes = 0;
  let tail = '';
  for await (const chunk of res.body) {
    firstByteMs ??= performance.now() - t0;
    bytes += chunk.length;
    tail = Buffer.from(chunk).toString('latin1').slice(-64);
  }
  const totalMs = performance.now() - t0;
  clearInterval(sampler);
  if (res.status !== 200 || !tail.includes('%%EOF')) {
    throw new Error(`the PDF answered ${res.status} and ended ${JSON.stringify(tail)}`);
  }
  console.log(
    `\nHistory PDF of one machine (${records} service records, ${photos} photos${full ? ', full-size appendix' : ''}; embedded product, RSS summed over its processes)`,
  );
  console.log(
    table([
      ['records', 'photos', 'first byte ms', 'total ms', 'size MB', 'RSS before MB', 'RSS peak MB', 'peak - before MB'],
      [records, photos, fmt(firstByteMs), fmt(totalMs), fmt(bytes / 1048576, 1), fmt(before), fmt(peak), fmt(peak - before)],
    ]),
  );
} finally {
  await product.stop();
}
