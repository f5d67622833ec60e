import { distributedServersAvailable, startExternalApiStub, startProduct, startS3rver, type RunningProduct } from '@wrenchlog/testing';
import { fileURLToPath } from 'node:url';

declare global {
  var __WRENCHLOG_PRODUCTS__: RunningProduct[] | undefined;
}

export default async function globalSetup(): Promise<void> {
  const root = fileURLToPath(new URL('../../..', import.meta.url));
  // E2E_MODES=embedded narrows a local run; CI always runs both.
  const modes = process.env.CI === 'true' ? ['embedded', 'distributed'] : (process.env.E2E_MODES ?? 'embedded,distributed').split(',');
  const withDistributed = modes.includes('distributed') && (await distributedServersAvailable());
  // The Data Sync job's external API: a slow stub, so the jobs suite can watch a run in progress.
  // Webhook receivers in the tests listen on 127.0.0.1, which a product refuses unless allowed (issue 24).
  // API tokens (issue 33): a low per-token limit, so api-tokens.e2e-spec reaches it in a few calls.
  const jobsEnv = { EXTERNAL_API_URL: (await startExternalApiStub(2000)).url, WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true', API_TOKEN_RATE_PER_MINUTE: '25' };
  const results = await Promise.allSettled([
    ...(modes.includes('embedded') ? [startProduct({ mode: 'embedded', root, env: jobsEnv })] : []),
    ...(withDistributed ? [startDistributedWithS3(root, jobsEnv)] : []),
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
    // Tests read the product's outbox folder (emails as .eml files): see e2eDataDir() in libs/testing.
    process.env[`E2E_${product.mode.toUpperCase()}_DATA_DIR`] = product.dataDir;
    if (product.env.DATABASE_URL) {
      process.env[`E2E_${product.mode.toUpperCase()}_DATABASE_URL`] = product.env.DATABASE_URL;
    }
  }
  process.env.WRENCHLOG_ROOT = root;
}

/** The distributed product stores objects through the S3 protocol, on an in-process s3rver stopped with it. */
async function startDistributedWithS3(root: string, env: Record<string, string>): Promise<RunningProduct> {
  const s3 = await startS3rver('wrenchlog-e2e', { unref: true });
  try {
    const product = await startProduct({ mode: 'distributed', root, env: { ...env, ...s3.env } });
    const stopProduct = product.stop;
    const stop = async () => {
      await stopProduct();
      await s3.stop();
    };
    return { ...product, stop };
  } catch (err) {
    await s3.stop();
    throw err;
  }
}
