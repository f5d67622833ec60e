// The import dry run of issue 23 (`--only=import`): a 100,000-row LubeLogger fuel file uploaded
// (read and previewed), then validated (every row through the contracts' DTOs, rows stored), timed,
// with the rows per second of the dry run and the memory the product's processes hold at its peak
// (sampled every 100 ms; embedded: the one process; distributed: the sum). The import itself (rows
// written by the owning services) is not built yet; its scenario comes with it.
import { performance } from 'node:perf_hooks';
import { productProcesses, totalRssMb } from './product-processes.mjs';

export function fuelFile(rows) {
  const lines = ['Date,Odometer,FuelConsumed,Cost,FuelEconomy,IsFillToFull,MissedFuelUp,Notes,Tags'];
  for (let i = 0; i < rows; i++) {
    const day = new Date(Date.UTC(1990, 0, 1) + i * 4 * 3_600_000);
    lines.push(`${day.getUTCMonth() + 1}/${day.getUTCDate()}/${day.getUTCFullYear()},${10_000 + i * 10},12.5,$43.74,0,True,False,fill ${i},`);
  }
  return Buffer.from(lines.join('\n'));
}

export async function measureImportDryRun(product, { api, user, machineIds }, { rows = 100_000 } = {}) {
  const file = fuelFile(rows);
  const idleMb = totalRssMb(productProcesses(product.dataDir));
  let peakMb = idleMb;
  const sampler = setInterval(() => {
    peakMb = Math.max(peakMb, totalRssMb(productProcesses(product.dataDir)));
  }, 100);
  try {
    const form = new FormData();
    form.append('source', 'lubelogger-fuel');
    form.append('machineId', String(machineIds[0]));
    form.append('file', new Blob([new Uint8Array(file)], { type: 'text/csv' }), 'bench-fuel.csv');
    let t0 = performance.now();
    const uploaded = await api.request('POST', '/api/imports', { token: user.token, raw: form });
    const uploadMs = performance.now() - t0;
    if (uploaded.status !== 201) {
      throw new Error(`upload answered ${uploaded.status}: ${uploaded.text.slice(0, 200)}`);
    }
    t0 = performance.now();
    const validated = await api.post(`/api/imports/${uploaded.body.id}/validate`, undefined, user.token);
    const validateMs = performance.now() - t0;
    if (validated.status !== 201 || validated.body.valid !== rows) {
      throw new Error(`validate answered ${validated.status}: ${validated.text.slice(0, 200)}`);
    }
    return { rows, megabytes: file.length / 1e6, uploadMs, validateMs, rowsPerSecond: (rows / validateMs) * 1000, idleMb, peakMb };
  } finally {
    clearInterval(sampler);
  }
}
