import { SERVICES } from '@wrenchlog/contracts';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, freePortBlock } from './ports.js';
import { distributedResources, type DistributedResources } from './servers.js';

export type ProductMode = 'embedded' | 'distributed';

export const TEST_ADMIN = { username: 'admin@wrenchlog.test', password: 'Admin-password-1' } as const;

export interface RunningProduct {
  mode: ProductMode;
  baseUrl: string;
  dataDir: string;
  env: Record<string, string>;
  /** Everything the processes printed, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

export interface StartOptions {
  mode: ProductMode;
  /** Extra environment (limits, S3 endpoint, SMTP...). */
  env?: Record<string, string>;
  /** Repository root; defaults to the current working directory's ../.. search. */
  root?: string;
  readyTimeoutMs?: number;
}

const repoRoot = (given?: string) => resolve(given ?? process.env.WRENCHLOG_ROOT ?? process.cwd());

/** A fresh environment for one product: data folder, free ports, private database base and queue prefix. */
export async function productEnvironment(options: StartOptions): Promise<{ env: Record<string, string>; dataDir: string; distributed?: DistributedResources }> {
  const dataDir = mkdtempSync(join(tmpdir(), `wrenchlog-${options.mode}-`));
  const port = await freePort();
  const distributed: DistributedResources | undefined = options.mode === 'distributed' ? distributedResources() : undefined;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NODE_ENV: 'test',
    PORT: String(port),
    DATA_DIR: dataDir,
    SERVICE_PORT_BASE: String(await freePortBlock(SERVICES.length)),
    ADMIN_EMAIL: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    JWT_SECRET: 'test-jwt-secret-0123456789abcdef0123456789',
    URL_SIGNING_SECRET: 'test-url-secret-0123456789abcdef0123456789',
    // Every suite signs in from 127.0.0.1; the per-address limit is tested with its own product.
    LOGIN_RATE_PER_IP_PER_MINUTE: '100000',
    // Suites sign users up (createApprovedUser) and post contact forms from 127.0.0.1 too.
    SIGNUP_RATE_PER_IP_PER_HOUR: '100000',
    CONTACT_RATE_PER_IP_PER_HOUR: '100000',
    PASSWORD_RESET_RATE_PER_IP_PER_HOUR: '100000',
    // Required when distributed; the embedded product takes the first request's address instead.
    ...(distributed ? { PUBLIC_URL: `http://127.0.0.1:${port}` } : {}),
    WRENCHLOG_READY_TIMEOUT_MS: String(options.readyTimeoutMs ?? 90000),
    // E2E_SERVICES=user-service,machine-service starts only those (local runs); CI starts all.
    ...(process.env.E2E_SERVICES && process.env.CI !== 'true' ? { SERVICES_ONLY: process.env.E2E_SERVICES } : {}),
    ...(process.env.WRENCHLOG_EMBEDDED_PROCESSES ? { EMBEDDED_PROCESSES: process.env.WRENCHLOG_EMBEDDED_PROCESSES } : {}),
    ...(distributed?.env ?? {}),
    ...(options.env ?? {}),
  };
  return { env, dataDir, distributed };
}

/**
 * Starts the built product with `node tools/start.mjs --no-build`: fresh data folder, free ports,
 * and, in the distributed mode, a private database base and queue prefix on the real servers.
 * The embedded product is `npm start`'s default, one process (`env: {EMBEDDED_PROCESSES: 'separate'}`
 * for one process per service; WRENCHLOG_EMBEDDED_PROCESSES=separate does that for a whole e2e run).
 */
export async function startProduct(options: StartOptions): Promise<RunningProduct> {
  const root = repoRoot(options.root);
  const { env, dataDir, distributed } = await productEnvironment(options);
  const port = Number(env.PORT);
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [join(root, 'tools', 'start.mjs'), '--no-build'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 15000)))]);
      clearTimeout(timer);
    }
    await distributed?.cleanup().catch((err: Error) => console.warn(`cleanup of distributed resources failed: ${err.message}`));
    rmSync(dataDir, { recursive: true, force: true });
  };

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 90000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the ${options.mode} product exited during start:\n${output}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/health/ready`);
      await res.arrayBuffer(); // an unread body holds its connection
      if (res.ok) {
        return { mode: options.mode, baseUrl, dataDir, env, output: () => output, stop };
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error(`the ${options.mode} product was not ready in time:\n${output}`);
}
