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

/** Resident memory of the product's processes, sampled every 100 ms: its idle value and its peak. */
function memorySampler(product) {
  const sampler = { idleMb: totalRssMb(productProcesses(product.dataDir)), peakMb: 0, stop: () => clearInterval(timer) };
  sampler.peakMb = sampler.idleMb;
  const timer = setInterval(() => {
    sampler.peakMb = Math.max(sampler.peakMb, totalRssMb(productProcesses(product.dataDir)));
  }, 100);
  return sampler;
}

export async function measureImportDryRun(product, { api, user, machineIds }, { rows = 100_000 } = {}) {
  const file = fuelFile(rows);
  const memory = memorySampler(product);
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
    if ((validated.status !== 200 && validated.status !== 201) || validated.body.valid !== rows) {
      throw new Error(`validate answered ${validated.status}: ${validated.text.slice(0, 200)}`);
    }
    return {
      rows,
      megabytes: file.length / 1e6,
      uploadMs,
      validateMs,
      rowsPerSecond: (rows / validateMs) * 1000,
      idleMb: memory.idleMb,
      peakMb: memory.peakMb,
    };
  } finally {
    memory.stop();
  }
}

/**
 * The import job: a fresh machine's fuel file uploaded and validated (not timed: the dry run's
 * scenario times those), then committed all_or_nothing and polled every 500 ms as the wizard does
 * until `done`; rows/s from the commit to `done`, and the memory peak over the job.
 */
export async function measureImportCommit(product, { api, user }, { rows = 100_000 } = {}) {
  const machine = await api.post('/api/machines/create', { name: `Import bench ${Date.now()}`, year: 2020, make: 'Bench', model: 'Import' }, user.token);
  if (machine.status !== 201 && machine.status !== 200) {
    throw new Error(`machine create answered ${machine.status}`);
  }
  const file = fuelFile(rows);
  const form = new FormData();
  form.append('source', 'lubelogger-fuel');
  form.append('machineId', String(machine.body.id));
  form.append('file', new Blob([new Uint8Array(file)], { type: 'text/csv' }), 'bench-commit.csv');
  const uploaded = await api.request('POST', '/api/imports', { token: user.token, raw: form });
  if (uploaded.status !== 201) {
    throw new Error(`upload answered ${uploaded.status}: ${uploaded.text.slice(0, 200)}`);
  }
  const id = uploaded.body.id;
  const validated = await api.post(`/api/imports/${id}/validate`, undefined, user.token);
  if ((validated.status !== 200 && validated.status !== 201) || validated.body.valid !== rows) {
    throw new Error(`validate answered ${validated.status}: ${validated.text.slice(0, 200)}`);
  }
  const memory = memorySampler(product);
  try {
    const t0 = performance.now();
    const committed = await api.post(`/api/imports/${id}/commit`, { mode: 'all_or_nothing' }, user.token);
    if (committed.status !== 202) {
      throw new Error(`commit answered ${committed.status}: ${committed.text.slice(0, 200)}`);
    }
    let state = committed.body;
    let polls = 0;
    let pollErrors = 0;
    while (state.state === 'importing') {
      await new Promise((resolve) => setTimeout(resolve, 500));
      polls++;
      // A poll the busy product does not answer (a dropped socket, a 503) is counted and tried again.
      const got = await api.get(`/api/imports/${id}`, user.token).catch(() => null);
      if (got?.status === 200) {
        state = got.body;
      } else {
        pollErrors++;
      }
    }
    const commitMs = performance.now() - t0;
    if (state.state !== 'done' || state.counts.written !== rows) {
      throw new Error(`the import ended ${state.state} with ${state.counts.written} rows written: ${state.error}`);
    }
    return { rows, commitMs, rowsPerSecond: (rows / commitMs) * 1000, polls, pollErrors, idleMb: memory.idleMb, peakMb: memory.peakMb };
  } finally {
    memory.stop();
  }
}
