import { distributedServersAvailable, startProduct, type RunningProduct } from '@wrenchlog/testing';
import { fileURLToPath } from 'node:url';

declare global {
  var __WRENCHLOG_PRODUCTS__: RunningProduct[] | undefined;
}

export default async function globalSetup(): Promise<void> {
  const root = fileURLToPath(new URL('../../..', import.meta.url));
  // E2E_MODES=embedded narrows a local run; CI always runs both.
  const modes = process.env.CI === 'true' ? ['embedded', 'distributed'] : (process.env.E2E_MODES ?? 'embedded,distributed').split(',');
  const withDistributed = modes.includes('distributed') && (await distributedServersAvailable());
  const results = await Promise.allSettled([
    ...(modes.includes('embedded') ? [startProduct({ mode: 'embedded', root })] : []),
    ...(withDistributed ? [startProduct({ mode: 'distributed', root })] : []),
  ]);
  const started = results.filter((r) => r.status === 'fulfilled').map((r) => r.value);
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) {
    // Stop what did start so no process or database outlives the failed run.
    await Promise.all(started.map((p) => p.stop()));
    throw failed.reason;
  }
  globalThis.__WRENCHLOG_PRODUCTS__ = started;
  for (const product of started) {
    process.env[product.mode === 'embedded' ? 'E2E_EMBEDDED_URL' : 'E2E_DISTRIBUTED_URL'] = product.baseUrl;
  }
  process.env.WRENCHLOG_ROOT = root;
}
