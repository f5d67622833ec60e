import { startProduct, type RunningProduct } from '@wrenchlog/testing';
import { fileURLToPath } from 'node:url';

declare global {
  var __WRENCHLOG_WEB_PRODUCT__: RunningProduct | undefined;
}

/** Starts the built product (embedded mode) once; the suites read its URL from E2E_WEB_URL. */
export default async function globalSetup(): Promise<void> {
  const root = fileURLToPath(new URL('../../..', import.meta.url));
  // The notifications suite's webhook receiver listens on 127.0.0.1, which the product refuses unless allowed (issue 24).
  const product = await startProduct({ mode: 'embedded', root, env: { WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true' } });
  globalThis.__WRENCHLOG_WEB_PRODUCT__ = product;
  process.env.E2E_WEB_URL = product.baseUrl;
  // The onboarding suite reads the emailed links from the product's outbox (DATA_DIR/outbox).
  process.env.E2E_WEB_DATA_DIR = product.dataDir;
  process.env.WRENCHLOG_ROOT = root;
}
